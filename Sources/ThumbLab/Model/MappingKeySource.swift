/// Where a key column of a ``FactorMapping`` finds its value for a trial.
public enum MappingKeySource: Sendable, Equatable {
    /// A factor of the study: the level of the trial's condition.
    case factor(String)
    /// A participant attribute (from a demographics import): the trial's participant's value.
    case attribute(String)
    /// The participant's label.
    case participant

    /// The name the key has in the study: the factor's or attribute's, or `participant`.
    public var name: String {
        switch self {
        case .factor(let name), .attribute(let name): name
        case .participant: "participant"
        }
    }
}
