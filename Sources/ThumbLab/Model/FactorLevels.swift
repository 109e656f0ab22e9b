/// A factor and its levels: in numeric order when every level is a number (target sizes,
/// distances), else in the order the levels first appeared in the data.
public struct FactorLevels: Equatable, Sendable {
    /// The factor's name, as in the imported files.
    public var name: String
    /// The factor's levels; a missing value is none of them.
    public var levels: [String]
    /// Whether some rows have no value for the factor (an empty field, a null or a key left
    /// out); they are at none of ``levels``.
    public var hasMissingValues: Bool

    /// How reports show a missing value of a factor.
    public static let missingLabel = "(missing)"

    /// Creates a factor with its levels.
    public init(name: String, levels: [String], hasMissingValues: Bool = false) {
        self.name = name
        self.levels = levels
        self.hasMissingValues = hasMissingValues
    }

    /// `levels` in numeric order when every level is a number, else as given.
    static func ordered(_ levels: [String]) -> [String] {
        let numbers = levels.compactMap(Double.init)
        guard numbers.count == levels.count else { return levels }
        return zip(levels, numbers).sorted { $0.1 < $1.1 }.map(\.0)
    }
}
