/// The questionnaire `--instrument` names for a sheet in wide form.
public enum WideInstrument: String, CaseIterable, Sendable {
    /// The System Usability Scale: ten items.
    case sus
    /// The NASA Task Load Index: six subscales.
    case tlx
    /// UMUX-Lite: two items.
    case umuxLite = "umux-lite"
    /// The Single Ease Question: one item.
    case seq
    /// Any set of Likert items, each kept under its column's name.
    case likert
}

extension WideInstrument {
    /// The instrument text stored with each answer, which scoring recognises.
    var storedName: String {
        switch self {
        case .sus: "SUS"
        case .tlx: "NASA-TLX"
        case .umuxLite: "UMUX-Lite"
        case .seq: "SEQ"
        case .likert: "Likert"
        }
    }
}

/// The scale of a sheet's NASA-TLX ratings, which are stored on 0 to 100.
public enum TLXScale: String, CaseIterable, Sendable {
    /// 0 to 100, stored as they are.
    case hundred = "0-100"
    /// 0 to 20 (the form's 21 marks counted from 0), stored × 5.
    case twenty = "0-20"
    /// 1 to 21, stored as (v − 1) × 5.
    case twentyOne = "1-21"

    /// The rating range the scale allows.
    var range: ClosedRange<Double> {
        switch self {
        case .hundred: 0...100
        case .twenty: 0...20
        case .twentyOne: 1...21
        }
    }

    /// A rating on this scale, on 0 to 100.
    func stored(_ value: Double) -> Double {
        switch self {
        case .hundred: value
        case .twenty: value * 5
        case .twentyOne: (value - 1) * 5
        }
    }
}

/// A questionnaire sheet in wide form: one row per respondent (or per respondent and
/// condition), the key columns (participant, condition factors) and one column per item,
/// as survey tools and hand-made sheets export them. Each filled item cell is one answer.
///
/// Its instrument is told from the item columns' names, or given:
/// - NASA-TLX: the six subscales in any common spelling (`mental_demand`, `MentalDemand`,
///   `TLX Physical`), when at least four of them name columns;
/// - SUS: `SUS1`...`SUS10` (also `Q1`...`Q10` and `Item 1`... when given), or the ten
///   standard statements (any case, spacing and punctuation, also after a matrix question's
///   " - "), when at least five name columns; given and unnamed, the first ten answer
///   columns in file order;
/// - UMUX-Lite (two items), SEQ (one) and any Likert set: given, the answer columns in file
///   order (a column whose values are numbers or answer words).
struct WideSheet: Equatable {
    /// The instrument stored with every answer (`SUS`, `NASA-TLX`, `UMUX-Lite`, `SEQ`, or
    /// `Likert`).
    var instrument: String
    /// The item columns: 0-based column and the item name stored.
    var items: [Item]
    /// The words answers may be written in; nil when every answer is a number.
    var words: AnswerWords?
    /// The scale of NASA-TLX ratings; nil for other instruments.
    var scale: TLXScale?

    struct Item: Equatable {
        var column: Int
        var name: String
    }

    /// The subscales of the NASA-TLX, by the word each column name holds.
    static let tlxWords = ["mental", "physical", "temporal", "performance", "effort", "frustration"]
    /// A phrase of each SUS statement, normalised, in item order.
    static let susPhrases = [
        "usethissystemfrequently", "unnecessarilycomplex", "easytouse", "supportofatechnicalperson",
        "wellintegrated", "toomuchinconsistency", "learntousethissystemveryquickly", "verycumbersome",
        "veryconfident", "neededtolearnalotofthings",
    ]

    /// The wide sheet that `candidates` (the columns that are neither the participant nor
    /// left out) hold, nil when their names match no instrument and none is given; a problem
    /// when a match is partial, the given instrument finds no items, or the TLX scale cannot
    /// be told.
    static func resolve(
        headers: [String], questions: [String]? = nil, candidates: [Int], given: WideInstrument?,
        options: ImportOptions, sample: ValueSample
    ) -> Result<WideSheet?, ColumnLayout.Problems> {
        // A survey export's question text names an item where its header is an id (`Q1_2`).
        let keys = headers.indices.map { AnswerWords.key(headers[$0] + " " + (questions?[$0] ?? "")) }
        var sheet: WideSheet
        if let tlx = tlxItems(keys: keys, candidates: candidates), given == nil || given == .tlx {
            guard tlx.count == 6 else {
                let found = Set(tlx.map(\.name))
                return .failure(
                    one(partial("NASA-TLX", missing: tlxWords.filter { !found.contains($0) }, headers, tlx)))
            }
            sheet = WideSheet(instrument: "NASA-TLX", items: tlx)
        } else if let sus = susItems(keys: keys, candidates: candidates, given: given == .sus),
            given == nil || given == .sus
        {
            guard sus.count == 10 else {
                let found = Set(sus.map(\.name))
                let missing = (1...10).map(String.init).filter { !found.contains($0) }
                return .failure(one(partial("SUS", missing: missing, headers, sus)))
            }
            sheet = WideSheet(instrument: "SUS", items: sus)
        } else if let given {
            let answers = candidates.filter { isAnswerColumn($0, sample: sample, given: options.likertWords) }
            let counts: [WideInstrument: Int] = [.sus: 10, .umuxLite: 2, .seq: 1]
            let wanted = counts[given] ?? answers.count
            guard wanted > 0, answers.count >= wanted, given != .tlx else {
                return .failure(
                    one(
                        ColumnLayout.Problem(
                            column: 1,
                            message:
                                "expected the item columns of the instrument given (\(given.rawValue)), found "
                                + (answers.isEmpty
                                    ? "no column of numbers or answer words"
                                    : "\(answers.count) (\(answers.map { headers[$0] }.joined(separator: ", ")))"),
                            remedy: .nameItemsOrGiveLongForm)))
            }
            sheet = WideSheet(
                instrument: given.storedName,
                items: answers.prefix(wanted).enumerated().map { index, column in
                    Item(column: column, name: given == .likert ? headers[column].trimmingSpaces : String(index + 1))
                })
        } else {
            return .success(nil)
        }
        var words: Set<String> = []
        var largest = -Double.infinity
        for item in sheet.items {
            for text in sample.texts(column: item.column) {
                if let number = Double(text) { largest = max(largest, number) } else { words.insert(text) }
            }
        }
        sheet.words = AnswerWords.chosen(for: words, given: options.likertWords)
        if sheet.instrument == "NASA-TLX" {
            if let scale = options.tlxScale {
                sheet.scale = scale
            } else if largest > 21 {
                sheet.scale = .hundred
            } else {
                return .failure(
                    one(
                        ColumnLayout.Problem(
                            column: sheet.items[0].column + 1,
                            message:
                                "expected NASA-TLX ratings whose scale the values show, found none above 21 "
                                + "(the largest is \(largest.isFinite ? NumberText.shortest(largest) : "none"))",
                            remedy: .giveRatingScale)))
            }
        }
        return .success(sheet)
    }

    private static func one(_ problem: ColumnLayout.Problem) -> ColumnLayout.Problems {
        ColumnLayout.Problems(list: [problem])
    }

    /// The TLX subscale columns, when at least four subscales name one.
    private static func tlxItems(keys: [String], candidates: [Int]) -> [Item]? {
        var items: [Item] = []
        for column in candidates where !keys[column].contains("weight") {
            if let word = tlxWords.first(where: { keys[column].contains($0) }) {
                items.append(Item(column: column, name: word))
            }
        }
        return Set(items.map(\.name)).count >= 4 ? items : nil
    }

    /// The SUS item columns by number or statement, when at least five are found (any, when
    /// the instrument is given).
    private static func susItems(keys: [String], candidates: [Int], given: Bool) -> [Item]? {
        let prefixes = given ? ["sus", "q", "item", "question"] : ["sus"]
        var numbered: [Item] = []
        var stated: [Item] = []
        for column in candidates {
            let key = keys[column]
            for prefix in prefixes where key.hasPrefix(prefix) {
                if let number = Int(key.dropFirst(prefix.count)), (1...10).contains(number) {
                    numbered.append(Item(column: column, name: String(number)))
                    break
                }
            }
            if let index = susPhrases.firstIndex(where: { key.contains($0) }) {
                stated.append(Item(column: column, name: String(index + 1)))
            }
        }
        let items = numbered.count >= stated.count ? numbered : stated
        return items.count >= (given ? 10 : 5) ? items : nil
    }

    private static func partial(_ instrument: String, missing: [String], _ headers: [String], _ items: [Item])
        -> ColumnLayout.Problem
    {
        let repeated = Dictionary(grouping: items, by: \.name).values.first { $0.count > 1 }
        if let repeated {
            return ColumnLayout.Problem(
                column: repeated[1].column + 1,
                message:
                    "expected one column per \(instrument) item, found '\(headers[repeated[0].column])' and "
                    + "'\(headers[repeated[1].column])' both for item \(repeated[0].name); ignore one of them")
        }
        return ColumnLayout.Problem(
            column: 1,
            message:
                "expected every \(instrument) item in a column of its own, found "
                + "\(items.count) (\(items.map { headers[$0.column].trimmingSpaces }.joined(separator: ", "))), "
                + "missing \(missing.joined(separator: ", ")); a sheet with only some items cannot be scored")
    }

    /// Whether the sampled values of `column` hold answers: numbers, or words of which at
    /// least one is an answer word (a word outside the set is then a problem of its row).
    private static func isAnswerColumn(_ column: Int, sample: ValueSample, given: [String]?) -> Bool {
        let texts = sample.texts(column: column)
        guard !texts.isEmpty else { return false }
        let words = Set(texts.filter { Double($0) == nil })
        guard let set = AnswerWords.chosen(for: words, given: given) else { return true }
        return texts.contains { Double($0) != nil } || words.contains { set.value(of: $0) != nil }
    }

    /// What an item cell holds.
    enum Answer: Equatable {
        /// The answer on the stored scale.
        case value(Double)
        /// No answer (an empty cell or `NA`).
        case empty
        /// Not an answer: the message says what was expected; the remedy, when options fix it.
        case problem(String, InputProblem.Remedy?)
    }

    /// The answer a cell holds, on the stored scale.
    func answer(_ text: String) -> Answer {
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty || trimmed == "NA" { return .empty }
        if let number = Double(trimmed), number.isFinite {
            guard let scale else { return .value(number) }
            guard scale.range.contains(number) else {
                return .problem(
                    "expected a NASA-TLX rating from \(NumberText.shortest(scale.range.lowerBound)) to "
                        + "\(NumberText.shortest(scale.range.upperBound)) (the \(scale.rawValue) scale), found '\(trimmed)'",
                    .correctOrSkip)
            }
            return .value(scale.stored(number))
        }
        if let words, let value = words.value(of: trimmed) { return .value(Double(value)) }
        if let words {
            return .problem(
                "expected a number or an answer of \(words.name) ("
                    + words.words.map(\.word).joined(separator: ", ")
                    + "), found '\(trimmed)'", .giveAnswerWords)
        }
        return .problem("expected a number, found '\(trimmed)'", nil)
    }

    /// What the import decided about a wide sheet: its items, its answer words, its scale.
    static func decisions(_ sheet: WideSheet?, headers: [String]) -> [ImportDecision] {
        guard let sheet else { return [] }
        var decisions: [ImportDecision] = [
            .wideSheet(
                instrument: sheet.instrument,
                items: sheet.items.map { .init(column: headers[$0.column].trimmingSpaces, item: $0.name) })
        ]
        if let words = sheet.words {
            decisions.append(.answerWords(set: words.name, words: words.words.map { "\($0.word) = \($0.value)" }))
        }
        if let scale = sheet.scale { decisions.append(.ratingScale(scale.rawValue)) }
        return decisions
    }

    /// The text of each item that asks something in words: the column's question text where
    /// a survey export gives one, else its header, cut to the statement after a matrix
    /// question's last " - " or inside a grid question's trailing `[...]`. A text without a
    /// space, or the item's own name, is no label.
    static func itemLabels(_ sheet: WideSheet?, headers: [String], questions: [String]?) -> [ItemLabel] {
        guard let sheet else { return [] }
        return sheet.items.compactMap { item in
            let question = questions.flatMap { $0.indices.contains(item.column) ? $0[item.column] : nil }
            let whole = (question?.trimmingSpaces).flatMap { $0.isEmpty ? nil : $0 } ?? headers[item.column].trimmingSpaces
            let label = statement(of: whole)
            guard label.contains(" "), label != item.name else { return nil }
            return ItemLabel(instrument: sheet.instrument, item: item.name, label: label)
        }
    }

    /// `Please rate - I found it easy` → `I found it easy`; `Rate [It was easy]` → `It was easy`.
    static func statement(of text: String) -> String {
        if text.hasSuffix("]"), let open = text.lastIndex(of: "[") {
            let inside = String(text[text.index(after: open)..<text.index(before: text.endIndex)]).trimmingSpaces
            if !inside.isEmpty { return inside }
        }
        if let dash = text.range(of: " - ", options: .backwards) {
            let after = String(text[dash.upperBound...]).trimmingSpaces
            if !after.isEmpty { return after }
        }
        return text
    }
}
