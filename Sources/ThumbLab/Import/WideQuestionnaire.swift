/// A questionnaire sheet in wide form (one row per respondent, one column per item), told
/// from its column names: the NASA-TLX subscales in any common spelling, or the SUS items
/// by their numbered names or their statements. The import reads answers in long form,
/// so such a sheet is refused with the reshaping that makes it importable, rather than
/// stored as a demographics file or as factors.
struct WideQuestionnaire: Equatable {
    /// `NASA-TLX` or `SUS`.
    var instrument: String
    /// The item columns' names, in file order.
    var columns: [String]

    /// The NASA-TLX subscales by the word each name holds (`mental_demand`, `MentalDemand`,
    /// `tlx_mental`).
    private static let tlxWords = ["mental", "physical", "temporal", "performance", "effort", "frustration"]
    /// A word of each SUS statement, as it appears in the normalised statement.
    private static let susWords = [
        "frequently", "unnecessarilycomplex", "easytouse", "technicalperson", "wellintegrated",
        "inconsistency", "learntouse", "cumbersome", "confident", "neededtolearn",
    ]

    /// The wide questionnaire whose items at least four (TLX) or five (SUS) of `headers`
    /// name; nil when none does.
    static func detect(headers: [String]) -> WideQuestionnaire? {
        let normalized = headers.map(ImportField.normalize)
        func matching(_ words: [String]) -> [String] {
            headers.indices.filter { index in words.contains { normalized[index].contains($0) } }.map {
                headers[$0].trimmingSpaces
            }
        }
        let tlx = matching(tlxWords)
        if Set(tlxWords.filter { word in normalized.contains { $0.contains(word) } }).count >= 4 {
            return WideQuestionnaire(instrument: "NASA-TLX", columns: tlx)
        }
        let numbered = headers.indices.filter { index in
            let name = normalized[index]
            return name.hasPrefix("sus") && Int(name.dropFirst(3)).map { (1...10).contains($0) } == true
        }.map { headers[$0].trimmingSpaces }
        let statements = matching(susWords)
        let sus = numbered.count >= statements.count ? numbered : statements
        return sus.count >= 5 ? WideQuestionnaire(instrument: "SUS", columns: sus) : nil
    }

    /// The refusal: what the sheet looks like and how to make it long.
    var problem: ColumnLayout.Problem {
        let shown =
            columns.count > 4 ? columns.prefix(3).joined(separator: ", ") + ", ..." : columns.joined(separator: ", ")
        return ColumnLayout.Problem(
            column: 1,
            message:
                "expected answers in long form (one row per answer: participant, instrument, item and value), "
                + "found \(instrument) items in wide form, one column per item (\(shown)); reshape the sheet to "
                + "long form first (pandas melt, R pivot_longer) and add an instrument column")
    }
}
