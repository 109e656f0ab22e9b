/// One participant's answers in one condition to one instrument: the unit a
/// questionnaire is scored on.
struct QuestionnaireSheet: Sendable {
    var participantID: Int64
    var conditionID: Int64
    /// The answers in the order they were read.
    var answers: [ResponseRow]

    /// The lines the sheet's answers came from, as a phrase: `line 12`, `lines 12 to 21`.
    var lineSpan: String {
        let lines = answers.map(\.line)
        guard let low = lines.min(), let high = lines.max() else { return "no lines" }
        return low == high ? "line \(low)" : "lines \(low) to \(high)"
    }
}

/// The score of one valid sheet: its score and its sub-scores, named as in the output.
struct SheetScore: Sendable, Equatable {
    var score: Double
    var subscores: [Subscore]
}

/// Why a sheet cannot be scored: one sentence per problem, each naming the item, the value
/// and the line.
struct SheetProblems: Error, Sendable, Equatable {
    var reasons: [String]

    init(_ reasons: [String]) { self.reasons = reasons }
}

/// The checks every scoring rule shares, each adding a sentence to `problems` when the
/// sheet breaks it.
enum SheetChecks {
    /// The answers of a sheet whose items are numbered 1...`count` (`1`, `sus1`, `q1`,
    /// `SUS_1`: the trailing integer), by number. Names without a number, numbers outside
    /// the range, items answered more than once and items not answered are problems;
    /// an item answered more than once is left out of the result.
    static func numberedAnswers(
        _ sheet: QuestionnaireSheet, count: Int, instrument: String, problems: inout [String]
    ) -> [Int: ResponseRow] {
        let numbers = count == 2 ? "1 and 2" : "1 to \(count)"
        var byNumber: [Int: [ResponseRow]] = [:]
        for answer in sheet.answers {
            guard let number = trailingItemNumber(answer.item) else {
                problems.append(
                    "\(instrument) item '\(answer.item)' at line \(answer.line) has no item number; "
                        + "\(instrument) items are numbered \(numbers)")
                continue
            }
            guard (1...count).contains(number) else {
                problems.append(
                    "\(instrument) item '\(answer.item)' at line \(answer.line) is not a \(instrument) item; "
                        + "\(instrument) items are numbered \(numbers)")
                continue
            }
            byNumber[number, default: []].append(answer)
        }
        var result: [Int: ResponseRow] = [:]
        for number in 1...count {
            guard let answers = byNumber[number] else {
                problems.append(
                    "\(instrument) item \(number) is missing (the sheet's answers are at \(sheet.lineSpan)); "
                        + "a \(instrument) sheet answers items \(numbers) once each")
                continue
            }
            if answers.count > 1 {
                problems.append(repeated("\(instrument) item \(number)", answers))
            } else {
                result[number] = answers[0]
            }
        }
        return result
    }

    /// `LABEL is answered twice, at lines 4 and 9; each item is answered once`.
    static func repeated(_ label: String, _ answers: [ResponseRow]) -> String {
        let times = answers.count == 2 ? "twice" : "\(answers.count) times"
        return "\(label) is answered \(times), at lines \(WordList.listed(answers.map { String($0.line) })); "
            + "each item is answered once"
    }

    /// A whole-number answer within `range`, or `nil` with a problem: `SUS item 4 is 6 at
    /// line 37; SUS items are 1 to 5`.
    static func wholeAnswer(
        _ answer: ResponseRow, label: String, range: ClosedRange<Int>, rule: String,
        problems: inout [String]
    ) -> Int? {
        let value = answer.value
        let bounds = "\(range.lowerBound) to \(range.upperBound)"
        guard value.isFinite, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            problems.append("\(label) is \(describeValue(value)) at line \(answer.line); \(rule) are \(bounds)")
            return nil
        }
        guard value == value.rounded() else {
            problems.append(
                "\(label) is \(describeValue(value)) at line \(answer.line); \(rule) are whole numbers \(bounds)")
            return nil
        }
        return Int(value)
    }

    /// An answer within a continuous `range`, or `nil` with a problem.
    static func rangedAnswer(
        _ answer: ResponseRow, label: String, range: ClosedRange<Double>, rule: String,
        problems: inout [String]
    ) -> Double? {
        let value = answer.value
        guard value.isFinite, range.contains(value) else {
            problems.append(
                "\(label) is \(describeValue(value)) at line \(answer.line); "
                    + "\(rule) are \(describeValue(range.lowerBound)) to \(describeValue(range.upperBound))")
            return nil
        }
        return value
    }
}
