/// How the columns of one file map onto fields and factors, resolved from its header.
///
/// The kind of rows is taken from the options or detected from the columns: a phase
/// column means touches; a value column with an item or instrument column means
/// responses; a time, hit, miss or error-count column means trials. A touch log may also
/// carry a time column, so phase wins over a measure; any other overlap is ambiguous.
/// A GoFitts per-trial file (sd1, recognised by its header) is read as trials: `A` becomes
/// the amplitude factor, `W` the target width, `Ae` and `dx` the trial's effective amplitude
/// and deviation, `MT(ms)` the time and `Errors` the error count; its other measures
/// (PT, ST, TRE, TAC, MDC, ODC, MV, ME, MO) are left out.
struct ColumnLayout {
    var kind: RowKind
    /// Column index of each matched field.
    var columns: [ImportField: Int]
    /// Column indices and header names of the factors, in file order.
    var factorColumns: [Int]
    var factorNames: [String]
    var headers: [String]
    /// Columns without a name (as trailing delimiters leave them): left out, and any value
    /// under them is a problem of its row.
    var unnamedColumns: [Int]
    /// Leading columns without a name that hold row numbers (R's `write.csv`, pandas'
    /// `to_csv`): left out, values and all.
    var rowNumberColumns: [Int] = []
    /// Columns left out by their position (``ImportOptions/ignore``'s `@N`).
    var columnsLeftOutByPosition: [Int] = []
    /// The values of the hit column that count as hits (lowercased), when the import was
    /// given a hit coding (``ImportOptions/hitWhen``); nil reads yes/no and outcome words.
    var hitValues: Set<String>?
    /// The level name of each code, by factor name (``ImportOptions/levelCodings``).
    var levelNames: [String: [String: String]] = [:]
    /// The unit of each length field read in another unit than px (``ImportOptions/units``
    /// and ``ImportOptions/fieldUnits``).
    var units: [ImportField: ScreenUnit] = [:]
    /// The item columns of a questionnaire sheet in wide form; nil for a file in long form.
    var wide: WideSheet?
    /// The columns of a trials file kept as numbers per trial (``NumericColumns``), in
    /// file order.
    var numberColumns: [Int] = []
    /// Their names, as the header spells them.
    var numberNames: [String] { numberColumns.map { headers[$0].trimmingSpaces } }
    /// The trial counter read as the trial number (``NumericColumns``), if one was.
    var trialCounter: Int?
    /// A survey export's metadata columns left out (``SurveyExport``).
    var surveyLeftOut: [String] = []

    /// A header problem: the 1-based column it concerns, what is wrong and, when a change
    /// of the options fixes it, how.
    struct Problem {
        var column: Int
        var message: String
        var remedy: InputProblem.Remedy? = nil
    }

    /// Every problem of a header.
    struct Problems: Error {
        var list: [Problem]
    }

    /// Resolves the layout, or returns every problem of the header.
    /// - Throws: ``ThumbLabError/importSetup(_:)`` for a `map` key that names no field or a
    ///   mapped column the file does not have, or a unit given for a field that is no length.
    static func resolve(
        headers: [String], options: ImportOptions, sample: ValueSample = ValueSample(), questions: [String]? = nil
    ) throws -> Result<ColumnLayout, Problems> {
        var options = options
        // A hit coding names the hit column.
        if let coding = options.hitWhen {
            options.map = options.map.filter { ImportField.named($0.key, for: .trials) != .hit }
            options.map[ImportField.hit.rawValue] = coding.column
        }
        let leftOutByPosition = try positionsLeftOut(options.ignore, columnCount: headers.count)
        var ignored = Set(options.ignore.filter { ColumnPosition(argument: $0) == nil }.map(ImportField.normalize))
        // Columns without a name (pandas' `Unnamed: 0` and readr's `...1` included) and
        // columns left out take no part in matching: their normalised name is empty.
        let named = headers.map(ImportField.normalize)
        var normalized = headers.indices.map { ColumnName.isUnnamed(headers[$0]) ? "" : named[$0] }
        let rowNumbers = RowNumberColumns.leading(
            unnamed: normalized.map(\.isEmpty), leftOut: leftOutByPosition, sample: sample)
        var leftOut = leftOutByPosition.union(rowNumbers)
        leftOut.formUnion(normalized.indices.filter { normalized[$0].isEmpty && ignored.contains(named[$0]) })
        for index in leftOut { normalized[index] = "" }
        var problems: [Problem] = []
        var firstIndex: [String: Int] = [:]
        for (index, name) in normalized.enumerated() {
            if name.isEmpty {
                continue
            } else if let first = firstIndex[name] {
                problems.append(
                    Problem(
                        column: index + 1,
                        message:
                            "expected unique column names, found '\(headers[index])' matching '\(headers[first])' (column \(first + 1)) once case, '_', '-' and spaces are ignored; rename or ignore one of them"
                    ))
            } else {
                firstIndex[name] = index
            }
        }
        if !problems.isEmpty { return .failure(Problems(list: problems)) }
        if GoFittsLog.isPerTrialHeader(headers.map(\.trimmingSpaces)) {
            // GoFitts' per-trial file (sd1): its summary measures other than MT are left out.
            ignored.formUnion(GoFittsLog.otherMeasureColumns.map(ImportField.normalize))
        }
        // A Qualtrics export's metadata columns are left out, and its response id is the
        // participant when no column is.
        var surveyLeftOut: [Int] = []
        if questions != nil {
            surveyLeftOut = normalized.indices.filter { SurveyExport.qualtricsMetadata.contains(normalized[$0]) }
            ignored.formUnion(surveyLeftOut.map { normalized[$0] })
            if let responseID = headers.first(where: { ImportField.normalize($0) == "responseid" }),
                !options.map.keys.contains(where: { ImportField.named($0, for: .responses) == .participant }),
                !normalized.contains(where: { ImportField.participant.aliases(for: .responses).contains($0) })
            {
                options.map[ImportField.participant.rawValue] = responseID
            }
        }
        let kinds = options.kind.map { [$0] } ?? RowKind.fileKinds
        let evidence = ValueEvidence(sample: sample, normalized: normalized, ignored: ignored)
        var matches: [RowKind: [ImportField: [Int]]] = [:]
        for kind in kinds {
            matches[kind] = match(
                kind: kind, normalized: normalized, ignored: ignored, map: options.map, evidence: evidence)
        }
        // A duration column matched by its name whose values are epoch milliseconds is a
        // timestamp: no evidence of trials, and no trial's time.
        let epochTime = matches[.trials]?[.timeMS].flatMap { columns in
            columns.count == 1 && evidence.epochColumns.contains(columns[0])
                && !options.map.keys.contains { ImportField.named($0, for: .trials) == .timeMS }
                ? EpochTime(column: columns[0], example: sample.numbers(column: columns[0]).first ?? 0) : nil
        }
        let kind: RowKind
        // A questionnaire sheet in wide form: item columns named as an instrument's items,
        // or the instrument given; a sheet in long form (item and value columns) is not one.
        var wide: WideSheet?
        if options.kind == nil || options.kind == .responses,
            matches[.responses]?[.value] == nil || options.instrument != nil
        {
            let participantColumns = matches[.responses]?[.participant] ?? []
            let candidates = normalized.indices.filter {
                !normalized[$0].isEmpty && !ignored.contains(normalized[$0]) && !participantColumns.contains($0)
            }
            switch WideSheet.resolve(
                headers: headers, questions: questions, candidates: candidates, given: options.instrument,
                options: options, sample: sample)
            {
            case .success(let sheet): wide = sheet
            case .failure(let problems): return .failure(problems)
            }
        }
        // A demographics file: a participant column that is a key, and no column of any
        // other kind of rows (no trial number, position or item).
        let onlyParticipants = !matches.contains { kind, found in
            kind != .participants && found.keys.contains { $0 != .participant }
        }
        let participantKey = matches[.participants]?[.participant].map {
            onlyParticipants && $0.count == 1 && sample.isKey(column: $0[0])
        }
        switch chooseKind(
            matches, given: options.kind, phaseColumn: evidence.phaseColumn, epochTime: epochTime,
            participantKey: participantKey ?? false, wide: wide != nil, instrumentGiven: options.instrument != nil)
        {
        case .success(let chosen): kind = chosen
        case .failure(let problems): return .failure(problems)
        }
        if kind != .responses { wide = nil }
        // Google Forms' timestamp is no key of a questionnaire sheet.
        if wide != nil, let stamp = normalized.indices.first(where: { normalized[$0] == "timestamp" }),
            !(wide?.items.contains { $0.column == stamp } ?? false)
        {
            ignored.insert("timestamp")
            surveyLeftOut.append(stamp)
        }
        // A wide sheet's items and answers are its item columns; its participant and factor
        // columns are the keys.
        let found = wide == nil ? matches[kind]! : matches[kind]!.filter { $0.key == .participant }
        if kind == .trials, let epochTime {
            problems.append(epochTime.problem(headers: headers, kindGiven: options.kind != nil))
        }
        try checkMap(options.map, kind: kind, normalized: normalized, headers: headers)
        try checkConstants(
            options.constants, kind: kind, normalized: normalized, headers: headers, found: found, ignored: ignored)
        let units = try lengthUnits(options, kind: kind, found: found)
        for (field, columns) in found.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where columns.count > 1 {
            let names = columns.map { "'\(headers[$0])'" }.joined(separator: " and ")
            problems.append(
                Problem(
                    column: columns[1] + 1,
                    message: "expected one column for \(field.rawValue), found \(names)",
                    remedy: .chooseColumn(field: field.rawValue)))
        }
        if kind == .phrases, found[.timeMS] == nil, found[.timeS] == nil,
            let unitless = normalized.indices.first(where: {
                ImportField.isUnitlessPhraseTime(normalized[$0]) && !ignored.contains(normalized[$0])
            })
        {
            let column = headers[unitless].trimmingSpaces
            problems.append(
                Problem(
                    column: unitless + 1,
                    message: "expected the unit of the phrases' time, found a column '\(column)' that does not say it",
                    remedy: .giveTimeUnit(column: column)))
            return .failure(Problems(list: problems))
        }
        problems += missingFields(
            kind: kind, found: found, detected: options.kind == nil,
            constants: ConstantValues.fields(options.constants, kind: kind)
                .union(wide == nil ? [] : [.instrument, .item, .value]))
        if !problems.isEmpty { return .failure(Problems(list: problems)) }
        var columns = found.mapValues { $0[0] }
        let used = Set(columns.values).union(wide?.items.map(\.column) ?? [])
        let unnamed = normalized.indices.filter { normalized[$0].isEmpty && !leftOut.contains($0) }
        var factorColumns = normalized.indices.filter {
            !used.contains($0) && !ignored.contains(normalized[$0]) && !normalized[$0].isEmpty
        }
        var numberColumns: [Int] = []
        var trialCounter: Int?
        if kind == .phrases {
            // A phrase log's numeric columns are the logger's own measures and counts (WPM,
            // KSPC, backspaces...): numbers, unless named as factors.
            let split = try NumericColumns.split(
                candidates: factorColumns, headers: headers, options: options, sample: sample,
                hasTrialColumn: true, numbersByDefault: true)
            factorColumns = split.factors
            numberColumns = split.numbers
        } else if kind == .trials {
            let split = try NumericColumns.split(
                candidates: factorColumns, headers: headers, options: options, sample: sample,
                hasTrialColumn: columns[.trial] != nil)
            factorColumns = split.factors
            numberColumns = split.numbers
            trialCounter = split.trialCounter
            if let counter = split.trialCounter { columns[.trial] = counter }
        }
        let factorNames = factorColumns.map { headers[$0].trimmingSpaces }
        var layout =
            ColumnLayout(
                kind: kind, columns: columns, factorColumns: factorColumns,
                factorNames: factorNames, headers: headers,
                unnamedColumns: unnamed, rowNumberColumns: rowNumbers.sorted(),
                columnsLeftOutByPosition: leftOutByPosition.sorted(),
                hitValues: options.hitWhen.map { Set($0.hitValues.map { $0.trimmingSpaces.lowercased() }) },
                units: units)
        layout.wide = wide
        layout.numberColumns = numberColumns
        layout.trialCounter = trialCounter
        layout.surveyLeftOut = surveyLeftOut.map { headers[$0].trimmingSpaces }
        for coding in options.levelCodings {
            guard
                let factor = factorNames.first(where: {
                    ImportField.normalize($0) == ImportField.normalize(coding.factor)
                })
            else {
                throw ThumbLabError.importSetup(.codedFactorMissing(factor: coding.factor, factors: factorNames))
            }
            layout.levelNames[factor] = Dictionary(coding.codes.map { ($0.code, $0.name) }) { first, _ in first }
        }
        return .success(layout)
    }

    /// The 0-based columns that `@N` entries of `ignore` name.
    /// - Throws: ``ThumbLabError/importSetup(_:)`` for a position past the last column.
    private static func positionsLeftOut(_ ignore: [String], columnCount: Int) throws -> Set<Int> {
        var positions = Set<Int>()
        for entry in ignore {
            guard let position = ColumnPosition(argument: entry) else { continue }
            guard position.number <= columnCount else {
                throw ThumbLabError.importSetup(
                    .columnPositionBeyondHeader(position: position.number, columns: columnCount))
            }
            positions.insert(position.number - 1)
        }
        return positions
    }

    /// The fields of each kind by the normalised names that alias them
    /// (``ImportField/aliases(for:)``), in the order of ``ImportField/fields(for:)``.
    private static let fieldsByAlias = Dictionary(
        uniqueKeysWithValues: RowKind.fileKinds.map { kind in
            (kind, fieldsByName(kind) { $0.aliases(for: kind) })
        })
    /// The same for each kind's ``ImportField/fallbackAliases``.
    private static let fieldsByFallbackAlias = Dictionary(
        uniqueKeysWithValues: RowKind.fileKinds.map { kind in (kind, fieldsByName(kind) { $0.fallbackAliases }) })

    private static func fieldsByName(_ kind: RowKind, _ names: (ImportField) -> [String]) -> [String: [ImportField]] {
        var result: [String: [ImportField]] = [:]
        for field in ImportField.fields(for: kind) {
            for name in Set(names(field)) { result[name, default: []].append(field) }
        }
        return result
    }

    /// Columns matching each field of `kind`: the mapped column, else every alias match,
    /// else every fallback alias match whose values are whole numbers; a touch log's phase
    /// may be a column found by its values. Each column's name is looked up once.
    private static func match(
        kind: RowKind, normalized: [String], ignored: Set<String>, map: [String: String], evidence: ValueEvidence
    ) -> [ImportField: [Int]] {
        var result: [ImportField: [Int]] = [:]
        var mappedColumns = Set<Int>()
        for (key, column) in map.sorted(by: { $0.key < $1.key }) {
            guard let field = ImportField.named(key, for: kind),
                let index = normalized.firstIndex(of: ImportField.normalize(column))
            else { continue }
            result[field] = [index]
            mappedColumns.insert(index)
        }
        var byAlias: [ImportField: [Int]] = [:]
        var byFallback: [ImportField: [Int]] = [:]
        for (index, name) in normalized.enumerated() where !mappedColumns.contains(index) && !ignored.contains(name) {
            for field in fieldsByAlias[kind]![name] ?? [] where result[field] == nil {
                byAlias[field, default: []].append(index)
            }
            guard evidence.wholeNumberColumns.contains(index) else { continue }
            for field in fieldsByFallbackAlias[kind]![name] ?? [] where result[field] == nil {
                byFallback[field, default: []].append(index)
            }
        }
        result.merge(byAlias) { mapped, _ in mapped }
        result.merge(byFallback) { earlier, _ in earlier }
        if kind == .touches, result[.phase] == nil, let phaseColumn = evidence.phaseColumn,
            !mappedColumns.contains(phaseColumn)
        {
            result[.phase] = [phaseColumn]
            // `type` names a tap's role by default; holding touch phases, it is the phase.
            result[.role]?.removeAll { $0 == phaseColumn }
            if result[.role]?.isEmpty == true { result[.role] = nil }
        }
        return result
    }

    /// Every `map` key must name a field of the kind and every mapped column must exist.
    private static func checkMap(_ map: [String: String], kind: RowKind, normalized: [String], headers: [String]) throws
    {
        for (key, column) in map.sorted(by: { $0.key < $1.key }) {
            guard ImportField.named(key, for: kind) != nil else {
                throw ThumbLabError.importSetup(
                    .unknownField(
                        key: key, column: column, kind: kind.rawValue,
                        fields: ImportField.fields(for: kind).map(\.rawValue)))
            }
            guard normalized.contains(ImportField.normalize(column)) else {
                // `W:cm`: a column followed by a word that is not a unit.
                if let colon = column.lastIndex(of: ":"),
                    normalized.contains(ImportField.normalize(String(column[..<colon])))
                {
                    throw ThumbLabError.importSetup(
                        .unknownUnit(
                            key: key, column: column, unit: String(column[column.index(after: colon)...]),
                            units: ScreenUnit.allCases.map(\.rawValue)))
                }
                throw ThumbLabError.importSetup(.missingColumn(key: key, column: column, columns: headers))
            }
        }
    }

    /// The kind given, or the one the columns show. A phase column found by its values
    /// counts as touches when the file has x and y and no hit, miss or error column; a time
    /// column holding epoch milliseconds is no evidence of trials. A file with no column of
    /// another kind whose participant column is a key (a value in every row, none twice)
    /// describes participants.
    private static func chooseKind(
        _ matches: [RowKind: [ImportField: [Int]]], given: RowKind?, phaseColumn: Int?, epochTime: EpochTime?,
        participantKey: Bool, wide: Bool, instrumentGiven: Bool
    ) -> Result<RowKind, Problems> {
        if let given { return .success(given) }
        if wide && instrumentGiven { return .success(.responses) }
        func has(_ kind: RowKind, _ fields: [ImportField]) -> Bool {
            fields.contains { matches[kind]?[$0] != nil }
        }
        // Presented and transcribed text make a phrase log, unless a phase column makes it a
        // touch log (whose `t` is a timestamp).
        if has(.phrases, [.presented]), has(.phrases, [.transcribed]), !has(.touches, [.phase]) {
            return .success(.phrases)
        }
        let outcomes = has(.trials, [.hit, .miss, .errors])
        let phaseByValues = phaseColumn.map { matches[.touches]?[.phase] == [$0] } ?? false
        let touches =
            has(.touches, [.phase]) && (!phaseByValues || (has(.touches, [.x]) && has(.touches, [.y]) && !outcomes))
        let responses = has(.responses, [.value]) && has(.responses, [.item, .instrument])
        let trials = outcomes || (has(.trials, [.timeMS]) && epochTime == nil)
        switch (trials, touches, responses) {
        case (_, true, false): return .success(.touches)
        case (false, false, true): return .success(.responses)
        case (true, false, false): return .success(.trials)
        case (false, false, _) where wide:
            return .success(.responses)
        case (false, false, false) where participantKey && epochTime == nil:
            return .success(.participants)
        case (false, false, false):
            if let epochTime { return .failure(Problems(list: [epochTime.problem(headers: nil, kindGiven: false)])) }
            return .failure(
                Problems(list: [
                    Problem(
                        column: 1,
                        message:
                            "expected trial columns (a time, hit, miss or errors column), "
                            + "touch columns (a phase column), "
                            + "response columns (item and value) "
                            + "or a participant column with one row per participant, found none of them",
                        remedy: .giveKindAndColumns)
                ]))
        default:
            let found = [trials ? "trials" : nil, touches ? "touches" : nil, responses ? "responses" : nil].compactMap {
                $0
            }
            return .failure(
                Problems(list: [
                    Problem(
                        column: 1,
                        message:
                            "expected the columns of one kind of rows, found columns of "
                            + found.joined(separator: " and "),
                        remedy: .giveKind)
                ]))
        }
    }

    /// The required fields of `kind` that neither a column nor a constant gives.
    private static func missingFields(
        kind: RowKind, found: [ImportField: [Int]], detected: Bool, constants: Set<ImportField>
    ) -> [Problem] {
        var problems: [Problem] = []
        func require(_ field: ImportField, _ hint: String) {
            if found[field] == nil, !constants.contains(field) {
                problems.append(
                    Problem(
                        column: 1,
                        message:
                            "expected \(field == .instrument ? "an" : "a") \(field.rawValue) column (\(hint)), found none",
                        remedy: .mapMissingField(
                            field: field.rawValue, byConstant: field == .participant,
                            detectedKind: detected && field != .participant ? kind.rawValue : nil)))
            }
        }
        require(.participant, "participant, pid, subject, user or pnum")
        switch kind {
        case .trials:
            if found[.timeMS] == nil, found[.hit] == nil, found[.miss] == nil, found[.errors] == nil {
                problems.append(
                    Problem(
                        column: 1,
                        message: "expected at least one measure column (time_ms, hit, miss or errors), found none",
                        remedy: .mapMissingField(
                            field: ImportField.timeMS.rawValue, byConstant: false, detectedKind: nil)
                    ))
            }
            if let hit = found[.hit], let miss = found[.miss] {
                problems.append(
                    Problem(
                        column: miss[0] + 1,
                        message:
                            "expected either a hit or a miss column, found both (column \(hit[0] + 1) and \(miss[0] + 1)); ignore one of them"
                    ))
            }
        case .touches:
            require(.timestamp, "t, timestamp or time")
            require(.x, "x, touch_x or tap_x")
            require(.y, "y, touch_y or tap_y")
            require(.phase, "phase, action or event")
        case .responses:
            require(.instrument, "instrument or questionnaire")
            require(.item, "item or question; a sheet with one column per item names its instrument")
            require(.value, "value, score, rating or response")
        case .phrases:
            require(.presented, "presented, P or stimulus")
            require(.transcribed, "transcribed, T or typed")
            if found[.timeMS] == nil, found[.timeS] == nil {
                problems.append(
                    Problem(
                        column: 1,
                        message: "expected the time of each phrase in a time_ms or time_s column, found none",
                        remedy: .mapMissingField(field: "time_s", byConstant: false, detectedKind: nil)))
            }
        case .participants, .factors:
            break
        }
        return problems
    }
}
