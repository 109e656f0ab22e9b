/// What keeps a comparison from reading its design off the data: which factors vary within
/// and which between participants, and which participants have complete data.
public enum DesignProblem: Equatable, Sendable, CustomStringConvertible {
    /// `factor` is neither within nor between subjects: the participants `several` have data
    /// at several of its levels, the participants `one` at only one.
    case mixedFactor(factor: String, several: [String], one: [String])
    /// No participant has data in every cell of `factors`.
    case noCompleteParticipant(factors: [String])

    /// The problem in plain words.
    public var description: String {
        switch self {
        case .mixedFactor:
            return mixedFactorText + " Keep complete data with filters, or compare another factor"
        case .noCompleteParticipant(let factors):
            return "no participant has data in every cell of \(factors.joined(separator: " x ")); "
                + "choose levels or filter the selection"
        }
    }

    /// For ``mixedFactor(factor:several:one:)``, the facts without the remedy; empty for the
    /// other case.
    package var mixedFactorText: String {
        guard case .mixedFactor(let factor, let several, let one) = self else { return "" }
        return "factor '\(factor)' is neither within nor between subjects: \(Self.list(several)) have data at "
            + "several of its levels, \(Self.list(one)) at only one."
    }

    private static func list(_ names: [String]) -> String {
        names.count <= 4
            ? names.joined(separator: ", ") : names.prefix(4).joined(separator: ", ") + " and \(names.count - 4) more"
    }
}
