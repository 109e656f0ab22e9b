/// The UMUX-Lite scoring rules (Lewis, Utesch & Maher 2013, "UMUX-LITE: when there's no
/// time for the SUS", CHI).
///
/// - Two items answered 1 to 7, named `1` and `2` or any names ending in the item number
///   (`umux1`, `q2`).
/// - Score: ((item 1 − 1) + (item 2 − 1)) / 12 × 100, from 0 to 100.
/// - SUS equivalent: the authors' regression onto the SUS scale, 0.65 × score + 22.9,
///   reported as the sub-score `sus_equivalent`.
public enum UMUXLiteScoring {
    /// The UMUX-Lite score of two answers, 1 to 7.
    public static func score(_ item1: Int, _ item2: Int) -> Double {
        Double((item1 - 1) + (item2 - 1)) / 12 * 100
    }

    /// The regression of a UMUX-Lite score onto the SUS scale: 0.65 × score + 22.9.
    public static func susEquivalent(_ score: Double) -> Double {
        0.65 * score + 22.9
    }

    /// Scores one sheet, or says why it cannot be scored.
    static func score(_ sheet: QuestionnaireSheet) -> Result<SheetScore, SheetProblems> {
        var problems: [String] = []
        let answers = SheetChecks.numberedAnswers(sheet, count: 2, instrument: "UMUX-Lite", problems: &problems)
        var values: [Int] = []
        for number in 1...2 {
            guard let answer = answers[number] else { continue }
            if let value = SheetChecks.wholeAnswer(
                answer, label: "UMUX-Lite item \(number)", range: 1...7, rule: "UMUX-Lite items",
                problems: &problems)
            {
                values.append(value)
            }
        }
        guard problems.isEmpty, values.count == 2 else { return .failure(SheetProblems(problems)) }
        let score = score(values[0], values[1])
        return .success(
            SheetScore(score: score, subscores: [Subscore(name: "sus_equivalent", value: susEquivalent(score))]))
    }
}

/// The Single Ease Question's scoring rule (Sauro & Dumas 2009, "Comparison of three
/// one-question, post-task usability questionnaires", CHI): one item answered 1 (very
/// difficult) to 7 (very easy); the score is the answer. The item may have any name; a
/// sheet (one participant in one condition) holds one answer, so several tasks need a
/// factor that tells them apart.
public enum SEQScoring {
    /// Scores one sheet, or says why it cannot be scored.
    static func score(_ sheet: QuestionnaireSheet) -> Result<SheetScore, SheetProblems> {
        guard sheet.answers.count == 1 else {
            let lines = sheet.answers.map { String($0.line) }
            let times = sheet.answers.count == 2 ? "twice" : "\(sheet.answers.count) times"
            return .failure(
                SheetProblems([
                    "SEQ is answered \(times) in one condition, at lines "
                        + "\(WordList.listed(lines)); SEQ has one item, so record several tasks "
                        + "as a factor of their own"
                ]))
        }
        var problems: [String] = []
        let answer = sheet.answers[0]
        guard
            let value = SheetChecks.wholeAnswer(
                answer, label: "SEQ item '\(answer.item)'", range: 1...7, rule: "SEQ answers", problems: &problems)
        else { return .failure(SheetProblems(problems)) }
        return .success(SheetScore(score: Double(value), subscores: []))
    }
}
