import Foundation

extension SelectionSummary {
    /// The cleaning steps as parts of ``sentence``.
    var cleaningParts: [String] {
        guard let cleaning, cleaning.isActive else { return [] }
        var parts: [String] = []
        if cleaning.trials == .hits {
            let unknown =
                cleaning.removedUnknownHits > 0
                ? " and "
                    + Self.counted(
                        cleaning.removedUnknownHits, "trial without a recorded hit", "trials without a recorded hit")
                : ""
            parts.append(
                "\(cleaning.subject) on hits only (\(Self.counted(cleaning.removedMisses, "miss", "misses"))\(unknown) left out)")
        }
        if let rule = cleaning.outliers {
            let scale =
                !rule.usesScale ? "" : cleaning.measure.map { " on \($0)" }
                    ?? (cleaning.scale == .log ? " on ln time" : " on time in ms")
            parts.append("outliers \(rule)\(scale) (\(Self.grouped(cleaning.removedOutliers)) removed)")
        }
        return parts
    }

    /// The trials the time measures use: the selection's less what hits only and the
    /// outlier rule removed (the selection's trials without a cleaning step).
    public var trialsUsed: Int { cleaning?.trialsUsed ?? trials }

    /// The sentences a Methods section gives for the cleaning steps: which trials the
    /// time measures used and which outliers were removed, with the counts; empty without
    /// cleaning.
    ///
    /// For example: "Trials more than 3 SDs of ln time from the mean of their participant's
    /// trials in their condition (each combination of technique and size) were removed from
    /// the time analyses (412 of 5,184, 7.9%); …"
    public var cleaningMethods: String {
        guard let cleaning, cleaning.isActive else { return "" }
        var sentences: [String] = []
        if cleaning.trials == .hits {
            let unknown =
                cleaning.removedUnknownHits > 0
                ? " Trials recording neither a hit nor an error count are not known to be hits and left too "
                    + "(\(Self.counted(cleaning.removedUnknownHits, of: cleaning.timed, "timed trials")))." : ""
            sentences.append(
                "\(cleaning.measure.map { "The \($0) analyses" } ?? "Time measures") used hit trials only: the misses "
                    + "left the \(cleaning.subject) analyses "
                    + "(\(Self.counted(cleaning.removedMisses, of: cleaning.timed, "timed trials"))); error rates count every trial."
                    + unknown)
        }
        if let rule = cleaning.outliers {
            let condition =
                conditionFactors.isEmpty
                ? "their participant's trials"
                : "their participant's trials in their condition (each combination of \(WordList.listed(conditionFactors.map(names.factor))))"
            let groups = cleaning.groups + cleaning.smallGroups
            let small =
                cleaning.smallGroups > 0
                ? " (\(Self.grouped(cleaning.smallGroups)) of \(Self.grouped(groups)) groups)" : ""
            sentences.append(
                "\(Self.ruleWords(rule, scale: cleaning.effectiveScale, of: cleaning.measure, within: condition)) were "
                    + "removed from the \(cleaning.subject) "
                    + "analyses (\(Self.counted(cleaning.removedOutliers, of: cleaning.judged))); groups of fewer than "
                    + "\(TimeCleaning.smallestGroup) trials were left as they were\(small), and error rates count every trial."
            )
            if cleaning.groupsBeyondReach > 0 {
                sentences.append(
                    "In \(Self.grouped(cleaning.groupsBeyondReach)) of the \(Self.grouped(cleaning.groups)) groups the rule "
                        + "could not remove any trial: among n values none lies more than (n − 1)/√n SDs from their mean "
                        + "(Shiffler 1988), so a group needs more trials for the rule to apply.")
            }
        }
        return sentences.joined(separator: " ")
    }

    /// The rule in words, as the subject of a sentence: on time, or on `measure`'s values.
    static func ruleWords(_ rule: OutlierRule, scale: OutlierScale, of measure: String? = nil, within group: String)
        -> String
    {
        let of = measure.map { "of \($0)" } ?? (scale == .log ? "of ln time" : "of time")
        switch rule {
        case .sd(let k):
            return "Trials more than \(NumberText.shortest(k)) SDs \(of) from the mean of \(group)"
        case .mad(let k):
            return "Trials more than \(NumberText.shortest(k)) × 1.4826 MADs \(of) from the median of \(group) "
                + "(Leys et al. 2013; none where the MAD was 0)"
        case .iqr(let k):
            return "Trials more than \(NumberText.shortest(k)) IQRs \(of) below the first or above the third quartile "
                + "of \(group) (type-7 quartiles)"
        case .range(let low, let high):
            let bounds =
                measure == nil
                ? [
                    low.map { "faster than \(NumberText.shortest($0)) ms" },
                    high.map { "slower than \(NumberText.shortest($0)) ms" },
                ].compactMap { $0 }
                : [
                    low.map { "with \(measure ?? "") below \(NumberText.shortest($0))" },
                    high.map { "with \(measure ?? "") above \(NumberText.shortest($0))" },
                ].compactMap { $0 }
            return
                "Trials \(bounds.joined(separator: " or ")) (within \(group) of at least \(TimeCleaning.smallestGroup) trials)"
        }
    }

    /// `methods` followed by ``cleaningMethods``, where there are any.
    public func withCleaningMethods(_ methods: String) -> String {
        let cleaning = cleaningMethods
        return cleaning.isEmpty ? methods : methods + " " + cleaning
    }

    /// `1 miss`, `1,014 misses`.
    static func counted(_ count: Int, _ one: String, _ several: String) -> String {
        "\(grouped(count)) \(count == 1 ? one : several)"
    }

    /// `412 of 5,184, 7.9%`, or with a noun `412 of 5,184 timed trials, 7.9%`.
    static func counted(_ part: Int, of whole: Int, _ noun: String? = nil) -> String {
        let percent = whole > 0 ? 100 * Double(part) / Double(whole) : 0
        // A handful of trials among thousands keeps a visible share.
        let share = String(format: percent > 0 && percent < 0.1 ? "%.2f%%" : "%.1f%%", percent)
        return "\(grouped(part)) of \(grouped(whole))\(noun.map { " \($0)" } ?? ""), \(share)"
    }
}
