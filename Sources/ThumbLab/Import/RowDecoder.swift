import Foundation

/// A problem in one field of a row: the 1-based column, what is wrong and, when a change
/// of the options fixes it, how.
struct FieldProblem: Equatable {
    var column: Int
    var message: String
    var remedy: InputProblem.Remedy? = nil
}

/// One decoded row of a touch log or a questionnaire file (trial rows are decoded in
/// place, ``RowDecoder/decodeTrial(_:line:problems:into:)``).
enum DecodedRow {
    /// A touch event; `phase` is the event's own phase (the record's is `up` for a cancel,
    /// which is not stored); `target` the trial geometry the row carries, if any;
    /// `outsideTrials` whether the row belongs to no trial (a negative trial number, or a
    /// role such as `start`, whose trial number the importer clears before storing).
    case touch(TouchRecord, phase: EventPhase, target: TouchTrialDeriver.Target, outsideTrials: Bool)
    case response(ResponseRecord)
    case participant(ParticipantRecord)
    /// The answers of one row of a questionnaire sheet in wide form, one per filled item cell.
    case answers([ResponseRecord])
}

/// Turns the fields of a row into a typed record, checking every value.
///
/// Missing values (an empty field, spaces only, or `NA`) are allowed in optional fields;
/// an empty factor field (or spaces only) is a missing level.
/// Times, error counts and coordinates must be numbers; a target's width and height, where
/// given, greater than 0. Lengths are multiplied by their field's pixels per unit.
/// Participant ids and factor levels keep their text exactly. Each distinct text, and each
/// distinct combination of levels, is numbered by its bytes the first time it appears
/// (``ByteStringNumbers``) and its Strings made then; later rows reuse them, and say which
/// they are (``names``).
struct RowDecoder {
    let layout: ColumnLayout
    /// Column index of each field, by ``ImportField/ordinal``; resolved once so that a
    /// row costs no hashing.
    private let columnByOrdinal: [Int?]
    private var participantNumbers = ByteStringNumbers()
    private var participantTexts: [String] = []
    /// Per factor slot, its texts numbered, each text as a String, and whether it is blank.
    private var levelNumbers: [ByteStringNumbers]
    private var levelTexts: [[String]]
    private var levelIsBlank: [[Bool]]
    /// The number of the current row's text in each factor slot.
    private var slotNumbers: [Int32]
    /// The combinations of slot numbers, and for each its levels (codes named) and the
    /// slots whose code has no name.
    private var combinationNumbers = ByteStringNumbers()
    private var combinations: [(levels: [String?], unnamedCodeSlots: [Int])] = []
    /// The level names of coded factors, by factor slot (``ColumnLayout/levelNames``).
    private let levelNames: [[String: String]?]
    /// The slots of the current row whose value is a code without a name.
    private var unnamedCodeSlots: [Int] {
        conditionNumber < 0 ? [] : combinations[Int(conditionNumber)].unnamedCodeSlots
    }
    /// The participant and the level combination of the row decoded last, numbered in
    /// order of first appearance in the file; nil when the row has no participant column.
    private(set) var names: RowNames?

    /// Whether a comma is the decimal point (files delimited by semicolons or tabs).
    private let decimalComma: Bool
    /// Pixels per unit of each field, by ordinal (``LengthConversion/factors``).
    private let lengthFactors: [Double]
    /// The character that marks a backspace in a phrase log's input streams.
    private let backspace: Character
    /// The keyboard that gives key centres to the taps of phrase logs' key events.
    private let keyboard: KeyboardLayout?

    init(
        layout: ColumnLayout, decimalComma: Bool = false, lengthFactors: [Double] = LengthConversion.none.factors,
        backspace: Character = "<", keyboard: KeyboardLayout? = nil
    ) {
        self.layout = layout
        self.backspace = backspace
        self.keyboard = keyboard
        self.decimalComma = decimalComma
        self.lengthFactors = lengthFactors
        var columns = [Int?](repeating: nil, count: ImportField.allCases.count)
        for (field, index) in layout.columns { columns[field.ordinal] = index }
        columnByOrdinal = columns
        let slots = layout.factorColumns.count
        levelNumbers = Array(repeating: ByteStringNumbers(), count: slots)
        levelTexts = Array(repeating: [], count: slots)
        levelIsBlank = Array(repeating: [], count: slots)
        slotNumbers = Array(repeating: -1, count: slots)
        levelNames = layout.factorNames.map { layout.levelNames[$0] }
    }

    /// Decodes a row of a trials file into `record`, overwriting every value, so that one
    /// record serves every row without being copied; on failure appends the problems and
    /// returns false (the record then holds a part of the row).
    mutating func decodeTrial(
        _ fields: FieldBuffer, line: Int, problems: inout [FieldProblem], into record: inout TrialRecord
    ) -> Bool {
        let before = problems.count
        decodeKeys(fields, line: line, problems: &problems, into: &record)
        record.targetX = number(.targetX, fields, problems: &problems)
        record.targetY = number(.targetY, fields, problems: &problems)
        record.targetWidth = number(.targetWidth, fields, problems: &problems, bound: .positive)
        record.targetHeight = number(.targetHeight, fields, problems: &problems, bound: .positive)
        record.startX = number(.startX, fields, problems: &problems)
        record.startY = number(.startY, fields, problems: &problems)
        record.touchX = number(.touchX, fields, problems: &problems)
        record.touchY = number(.touchY, fields, problems: &problems)
        record.timeMS = number(.timeMS, fields, problems: &problems, bound: .nonNegative)
        record.hit = hit(.hit, fields, problems: &problems) ?? hit(.miss, fields, problems: &problems)
        record.errors = integer(.errors, fields, problems: &problems, nonNegative: true)
        record.effectiveAmplitude = number(.effectiveAmplitude, fields, problems: &problems)
        record.deviation = number(.deviation, fields, problems: &problems)
        if problems.count == before, record.timeMS == nil, record.hit == nil, record.errors == nil {
            let first = [ImportField.timeMS, .hit, .miss, .errors].compactMap { column($0) }.min() ?? 0
            problems.append(
                FieldProblem(
                    column: first + 1,
                    message:
                        "expected at least one measure (time, hit/miss or errors), found all of them empty",
                    remedy: .fillOneInOrSkip
                ))
        }
        return problems.count == before
    }

    /// Starts a trial record from a row: its participant, levels, line, block and number,
    /// every other value cleared.
    @inline(__always) private mutating func decodeKeys(
        _ fields: FieldBuffer, line: Int, problems: inout [FieldProblem], into record: inout TrialRecord
    ) {
        checkUnnamedColumns(fields, problems: &problems)
        names = nil
        participantNumber = nil
        record.participant = text(.participant, fields, problems: &problems) ?? ""
        record.levels = factorLevels(fields)
        if let participant = participantNumber {
            names = RowNames(participant: participant, condition: conditionNumber)
        }
        if !unnamedCodeSlots.isEmpty { checkCodes(problems: &problems) }
        record.values = TrialValues(line: line)
        record.block = blockNumber(fields, problems: &problems)
        record.trial = integer(.trial, fields, problems: &problems)
    }

    /// Decodes a row of a phrase log: its trial part (participant, levels, block, number and
    /// time) into `record`, and its texts, stream and measures into the phrase returned; on
    /// failure appends the problems and returns nil. An empty transcription is a phrase; a
    /// time must be above 0, and below 10^11 ms (larger numbers are clock times).
    mutating func decodePhrase(
        _ fields: FieldBuffer, line: Int, problems: inout [FieldProblem], into record: inout TrialRecord
    ) -> PhraseRecord? {
        let before = problems.count
        decodeKeys(fields, line: line, problems: &problems, into: &record)
        let timeField: ImportField = column(.timeMS) != nil ? .timeMS : .timeS
        let time = number(timeField, fields, problems: &problems)
        let timeIndex = column(timeField) ?? 0
        let milliseconds = time.map { timeField == .timeMS ? $0 : $0 * 1000 }
        if let milliseconds, milliseconds <= 0 || milliseconds >= 1e11 {
            problems.append(
                FieldProblem(
                    column: timeIndex + 1,
                    message: milliseconds <= 0
                        ? "expected a time above 0 in \(name(timeField)), found \(shown(fields, timeIndex))"
                        : "expected the time the phrase took in \(name(timeField)), found \(shown(fields, timeIndex)), "
                            + "a clock time",
                    remedy: .correctOrSkip))
        } else if time == nil, problems.count == before {
            problems.append(emptyField(timeField, at: timeIndex, expected: "the time the phrase took"))
        }
        record.timeMS = milliseconds
        let presented = column(.presented).map { fields.string($0) } ?? ""
        if presented.isEmpty, let index = column(.presented) {
            problems.append(emptyField(.presented, at: index, expected: "the presented phrase"))
        }
        let transcribed = column(.transcribed).map { fields.string($0) } ?? ""
        var stream: KeystrokeStream?
        var taps: [KeyTap] = []
        var logged: String?
        if let index = column(.inputStream), !FieldParsing.trim(fields.field(index)).isEmpty {
            let text = fields.string(index)
            logged = text
            do {
                if KeyEventList.holdsEvents(text) {
                    (stream, taps) = try KeyEventList.read(text, layout: keyboard)
                } else {
                    stream = try KeystrokeStream(logged: text, backspace: backspace)
                }
            } catch let problem as KeyEventList.Problem {
                problems.append(
                    FieldProblem(
                        column: index + 1, message: "\(problem.message) in \(name(.inputStream))",
                        remedy: .correctOrSkip))
            } catch let unknown as KeystrokeStream.UnknownKey {
                problems.append(
                    FieldProblem(
                        column: index + 1,
                        message:
                            "expected key names that are single characters, Backspace, Delete or Space in "
                            + "\(name(.inputStream)), found '\(unknown.name)'",
                        remedy: .correctOrSkip))
            } catch {
                problems.append(FieldProblem(column: index + 1, message: "\(error)", remedy: .correctOrSkip))
            }
        }
        guard problems.count == before, let milliseconds else { return nil }
        return PhraseRecord(
            presented: presented, transcribed: transcribed, inputStream: logged, taps: taps,
            measures: PhraseMeasures(
                presented: presented, transcribed: transcribed, seconds: milliseconds / 1000, stream: stream))
    }

    /// Decodes a row of a touch log or a questionnaire file; on failure appends the problems
    /// and returns nil. Rows of a trials file go to ``decodeTrial(_:line:problems:into:)``.
    mutating func decode(_ fields: FieldBuffer, line: Int, problems: inout [FieldProblem]) -> DecodedRow? {
        let before = problems.count
        checkUnnamedColumns(fields, problems: &problems)
        let participant = text(.participant, fields, problems: &problems) ?? ""
        let levels = factorLevels(fields)
        if !unnamedCodeSlots.isEmpty { checkCodes(problems: &problems) }
        switch layout.kind {
        case .trials, .phrases:
            preconditionFailure("rows of trials and phrases files are decoded by decodeTrial and decodePhrase")
        case .factors:
            preconditionFailure("no file is read as a factors batch")
        case .participants:
            guard problems.count == before else { return nil }
            var attributes: [(name: String, value: String)] = []
            for (name, value) in zip(layout.factorNames, levels) {
                if let value { attributes.append((name, value.trimmingSpaces)) }
            }
            return .participant(ParticipantRecord(participant: participant, attributes: attributes, line: line))
        case .touches:
            let time = required(
                number(.timestamp, fields, problems: &problems), .timestamp, fields, &problems, "a timestamp")
            let x = required(number(.x, fields, problems: &problems), .x, fields, &problems, "an x coordinate")
            let y = required(number(.y, fields, problems: &problems), .y, fields, &problems, "a y coordinate")
            let phase = required(touchPhase(fields, problems: &problems), .phase, fields, &problems, "a phase")
            var record = TouchRecord(
                participant: participant, levels: levels, timeMS: time ?? 0, x: x ?? 0, y: y ?? 0,
                phase: phase?.stored ?? .up, line: line)
            record.block = blockNumber(fields, problems: &problems)
            record.trial = integer(.trial, fields, problems: &problems)
            let target = TouchTrialDeriver.Target(
                x: number(.targetX, fields, problems: &problems), y: number(.targetY, fields, problems: &problems),
                width: number(.targetWidth, fields, problems: &problems, bound: .positive),
                height: number(.targetHeight, fields, problems: &problems, bound: .positive),
                startX: number(.startX, fields, problems: &problems),
                startY: number(.startY, fields, problems: &problems),
                onset: number(.onset, fields, problems: &problems))
            guard problems.count == before, let phase else { return nil }
            let role = column(.role).map { ImportField.normalize(String(decoding: fields.field($0), as: UTF8.self)) }
            let outsideTrials = (record.trial ?? 0) < 0 || role.map(ImportField.noTrialRoles.contains) == true
            return .touch(record, phase: phase, target: target, outsideTrials: outsideTrials)
        case .responses where layout.wide != nil:
            guard problems.count == before, let wide = layout.wide else { return nil }
            var answers: [ResponseRecord] = []
            for item in wide.items {
                var text = String(decoding: fields.field(item.column), as: UTF8.self)
                if decimalComma { text = text.replacingOccurrences(of: ",", with: ".") }
                switch wide.answer(text) {
                case .value(let value):
                    answers.append(
                        ResponseRecord(
                            participant: participant, levels: levels, instrument: wide.instrument, item: item.name,
                            value: value, line: line))
                case .empty:
                    continue
                case .problem(let message, let remedy):
                    problems.append(
                        FieldProblem(
                            column: item.column + 1,
                            message: "\(message) in \(layout.headers[item.column].trimmingSpaces)", remedy: remedy))
                }
            }
            return problems.count == before ? .answers(answers) : nil
        case .responses:
            // An instrument or item that no column holds comes from a constant (`--set`),
            // which the importer gives the record after decoding.
            let instrument = layout.columns[.instrument] == nil ? "" : text(.instrument, fields, problems: &problems)
            let item = layout.columns[.item] == nil ? "" : text(.item, fields, problems: &problems)
            let value = required(number(.value, fields, problems: &problems), .value, fields, &problems, "a number")
            guard problems.count == before, let instrument, let item, let value else { return nil }
            return .response(
                ResponseRecord(
                    participant: participant, levels: levels, instrument: instrument, item: item, value: value,
                    line: line))
        }
    }

    // MARK: - Fields

    /// A problem for each column without a name that holds a value in this row.
    private func checkUnnamedColumns(_ fields: FieldBuffer, problems: inout [FieldProblem]) {
        for index in layout.unnamedColumns where !FieldParsing.trim(fields.field(index)).isEmpty {
            problems.append(
                FieldProblem(
                    column: index + 1,
                    message:
                        "expected nothing under column \(index + 1), which has no name, found \(shown(fields, index))",
                    remedy: .nameOrLeaveOut(column: index + 1)))
        }
    }

    @inline(__always) private func column(_ field: ImportField) -> Int? { columnByOrdinal[field.ordinal] }

    private func name(_ field: ImportField) -> String {
        let header = column(field).map { layout.headers[$0] } ?? field.rawValue
        return header == field.rawValue ? field.rawValue : "\(field.rawValue) ('\(header)')"
    }

    private mutating func text(_ field: ImportField, _ fields: FieldBuffer, problems: inout [FieldProblem]) -> String? {
        guard let index = column(field) else { return nil }
        let bytes = fields.field(index)
        if FieldParsing.trim(bytes).isEmpty {
            problems.append(emptyField(field, at: index, expected: "a value"))
            return nil
        }
        if field.ordinal == ImportField.participant.ordinal {
            let found = participantNumbers.number(of: bytes)
            if found.isNew { participantTexts.append(String(decoding: bytes, as: UTF8.self)) }
            participantNumber = Int32(truncatingIfNeeded: found.number)
            return participantTexts[found.number]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The number of the participant text read last by ``text(_:_:problems:)``.
    private var participantNumber: Int32?
    /// The number of the level combination read last by ``factorLevels(_:)``.
    private var conditionNumber: Int32 = -1

    /// The factor levels of the row; a field that is empty or holds only spaces is a
    /// missing value (`nil`), never an empty level.
    private mutating func factorLevels(_ fields: FieldBuffer) -> [String?] {
        var changed = conditionNumber < 0
        for (slot, index) in layout.factorColumns.enumerated() {
            let text = fields.field(index)
            let found = levelNumbers[slot].number(of: text)
            if found.isNew {
                levelTexts[slot].append(String(decoding: text, as: UTF8.self))
                levelIsBlank[slot].append(FieldParsing.trim(text).isEmpty)
            }
            let number = Int32(truncatingIfNeeded: found.number)
            if slotNumbers[slot] != number {
                slotNumbers[slot] = number
                changed = true
            }
        }
        if changed {
            let found = slotNumbers.withUnsafeBytes { combinationNumbers.number(of: $0) }
            if found.isNew {
                var levels = slotNumbers.indices.map { slot in
                    let number = Int(slotNumbers[slot])
                    return levelIsBlank[slot][number] ? nil : levelTexts[slot][number]
                }
                let unnamed = nameCodes(in: &levels)
                combinations.append((levels, unnamed))
            }
            conditionNumber = Int32(truncatingIfNeeded: found.number)
        }
        return combinations[Int(conditionNumber)].levels
    }

    /// Replaces the codes of coded factors in `levels` by their names; the slots whose code
    /// has none.
    private func nameCodes(in levels: inout [String?]) -> [Int] {
        var unnamed: [Int] = []
        for (slot, names) in levelNames.enumerated() {
            guard let names, let code = levels[slot] else { continue }
            if let name = names[code.trimmingSpaces] {
                levels[slot] = name
            } else {
                unnamed.append(slot)
            }
        }
        return unnamed
    }

    /// A problem for each coded factor of the row whose code has no name.
    private func checkCodes(problems: inout [FieldProblem]) {
        for slot in unnamedCodeSlots {
            let names = levelNames[slot]!.keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            let factor = layout.factorNames[slot]
            let code = levelTexts[slot][Int(slotNumbers[slot])].trimmingSpaces
            problems.append(
                FieldProblem(
                    column: layout.factorColumns[slot] + 1,
                    message:
                        "expected one of the codes named for \(factor) (\(names.joined(separator: ", "))), found '\(code)'",
                    remedy: .nameCode(factor: factor, code: code)))
        }
    }

    /// The range a number must lie in.
    private enum Bound {
        case any, nonNegative, positive
    }

    // The readers of single fields are `mutating`, though most change nothing, so that the
    // decoder (which holds the whole layout) is passed by reference instead of copied on
    // every field of every row.

    private mutating func number(
        _ field: ImportField, _ fields: FieldBuffer, problems: inout [FieldProblem], bound: Bound = .any
    ) -> Double? {
        guard let index = column(field) else { return nil }
        switch FieldParsing.double(fields.field(index), decimalComma: decimalComma) {
        case .missing: return nil
        case .value(let read):
            let value = read * lengthFactors[field.ordinal]
            switch bound {
            case .nonNegative where value < 0:
                problems.append(
                    FieldProblem(
                        column: index + 1,
                        message:
                            "expected a value of 0 or more in \(name(field)), found \(shown(fields, index))",
                        remedy: .correctOrSkip
                    ))
                return nil
            case .positive where value <= 0:
                problems.append(
                    FieldProblem(
                        column: index + 1,
                        message:
                            "expected a \(field == .targetHeight ? "height" : "width") greater than 0 "
                            + "in \(name(field)), "
                            + "found \(shown(fields, index))",
                        remedy: .correctSizeOrSkip
                    ))
                return nil
            default:
                return value
            }
        case .invalid:
            let fix =
                field == .timestamp
                ? "write the time of the event in milliseconds as a plain number (convert clock times and dates to milliseconds since the session started)"
                : "write numbers with a '\(decimalComma ? "," : ".")' decimal point and no units"
            problems.append(
                FieldProblem(
                    column: index + 1,
                    message: "expected a finite number in \(name(field)), found \(shown(fields, index)); \(fix)"
                ))
            return nil
        }
    }

    /// The numbers of the columns kept as numbers (``ColumnLayout/numberColumns``), in
    /// place of the last row's; false when one of them is no number (a problem appended).
    func readNumbers(_ fields: FieldBuffer, problems: inout [FieldProblem], into numbers: inout [Double?]) -> Bool {
        let before = problems.count
        numbers.removeAll(keepingCapacity: true)
        for index in layout.numberColumns {
            switch FieldParsing.double(fields.field(index), decimalComma: decimalComma) {
            case .missing: numbers.append(nil)
            case .value(let value): numbers.append(value)
            case .invalid:
                numbers.append(nil)
                let name = layout.headers[index].trimmingSpaces
                problems.append(
                    FieldProblem(
                        column: index + 1,
                        message:
                            "expected a number in \(name), which is kept as numbers, found \(shown(fields, index))",
                        remedy: .keepAsFactor(column: name)))
            }
        }
        return problems.count == before
    }

    private mutating func integer(
        _ field: ImportField, _ fields: FieldBuffer, problems: inout [FieldProblem], nonNegative: Bool = false
    ) -> Int? {
        guard let index = column(field) else { return nil }
        switch FieldParsing.integer(fields.field(index), decimalComma: decimalComma) {
        case .missing: return nil
        case .value(let value) where !nonNegative || value >= 0: return value
        default:
            let expected = nonNegative ? "a whole number of 0 or more" : "a whole number"
            problems.append(
                FieldProblem(
                    column: index + 1,
                    message:
                        "expected \(expected) in \(name(field)), found \(shown(fields, index)); correct it or ignore the column"
                ))
            return nil
        }
    }

    /// The block number: a whole number, or a block code as GoFitts writes it (`B01` is 1; any other
    /// text is a problem of the row).
    private mutating func blockNumber(_ fields: FieldBuffer, problems: inout [FieldProblem]) -> Int? {
        if let index = column(.block), let first = fields.field(index).first, first == UInt8(ascii: "B") {
            let text = fields.string(index).dropFirst()
            if !text.isEmpty, text.count < 10, text.allSatisfy({ $0.isASCII && $0.isNumber }) { return Int(text) }
        }
        return integer(.block, fields, problems: &problems)
    }

    /// Whether the trial was a hit, as the hit column (or the miss column) says; with a hit
    /// coding (``ColumnLayout/hitValues``), the hit column's named values are hits and any
    /// other value a miss.
    private mutating func hit(_ field: ImportField, _ fields: FieldBuffer, problems: inout [FieldProblem]) -> Bool? {
        guard let index = column(field) else { return nil }
        if field == .hit, let hitValues = layout.hitValues {
            let text = FieldParsing.trim(fields.field(index))
            if text.isEmpty { return nil }
            return hitValues.contains(String(decoding: text, as: UTF8.self).lowercased())
        }
        switch FieldParsing.hit(fields.field(index), inMissColumn: field == .miss) {
        case .missing: return nil
        case .value(let value): return value
        case .invalid:
            problems.append(
                FieldProblem(
                    column: index + 1,
                    message:
                        "expected 1/0, true/false, yes/no or an outcome word (hit/miss, success/failure, success/error, correct/incorrect, correct/wrong, pass/fail, ok/error) in \(name(field)), found \(shown(fields, index))",
                    remedy: field == .miss && isWholeNumber(fields.field(index))
                        ? .mapAsErrors(column: layout.headers[index])
                        : .sayWhichAreHits(column: layout.headers[index].trimmingSpaces)))
            return nil
        }
    }

    private func isWholeNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if case .value = FieldParsing.integer(bytes, decimalComma: decimalComma) { return true }
        return false
    }

    private func touchPhase(_ fields: FieldBuffer, problems: inout [FieldProblem]) -> EventPhase? {
        guard let index = column(.phase) else { return nil }
        switch FieldParsing.phase(fields.field(index)) {
        case .missing: return nil
        case .value(let phase): return phase
        case .invalid:
            problems.append(
                FieldProblem(
                    column: index + 1,
                    message:
                        "expected a touch phase (down/move/up/cancel, touchstart/touchmove/touchend, began/moved/ended or Android codes 0/2/1/3) in \(name(.phase)), found \(shown(fields, index)); rename the phase values"
                ))
            return nil
        }
    }

    /// Reports an empty required field (a value that failed to parse is reported already).
    private func required<T>(
        _ value: T?, _ field: ImportField, _ fields: FieldBuffer, _ problems: inout [FieldProblem], _ what: String
    ) -> T? {
        guard value == nil, let index = column(field) else { return value }
        if !problems.contains(where: { $0.column == index + 1 }) {
            problems.append(emptyField(field, at: index, expected: what))
        }
        return nil
    }

    /// The problem of an empty field in column `index` (from 0) where `what` was expected.
    private func emptyField(_ field: ImportField, at index: Int, expected what: String) -> FieldProblem {
        FieldProblem(
            column: index + 1, message: "expected \(what) in \(name(field)), found an empty field",
            remedy: .fillInOrSkip)
    }

    /// The field's text in quotes, shortened to 40 characters.
    private func shown(_ fields: FieldBuffer, _ index: Int) -> String {
        let text = fields.string(index)
        return text.count > 40 ? "'\(text.prefix(40))...'" : "'\(text)'"
    }
}
