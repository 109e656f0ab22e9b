/// What is wrong with an import batch a call names or writes.
public enum BatchProblem: Equatable, Sendable, CustomStringConvertible {
    /// There is no batch `id`.
    case unknown(id: Int64)
    /// An import is still open on the database.
    case importStillOpen
    /// The import of `source` has ended; nothing more can be written to it.
    case importEnded(source: String)
    /// The factors of the import of `source` were declared already.
    case factorsAlreadyDeclared(source: String)
    /// The factor names `names` declared for `source` repeat.
    case repeatedFactorNames(source: String, names: [String])
    /// The row at `line` of `source` has `levels` factor levels, not one for each of `factors`.
    case levelCountMismatch(source: String, line: Int, levels: Int, factors: [String])
    /// Batch `dependent` (a later `factor add`) derived factors from `factor`, which batch
    /// `batch` derived: undoing `batch` first would leave them without their key.
    case derivedFrom(batch: Int64, factor: String, dependent: Int64)

    /// The problem in plain words.
    public var description: String {
        switch self {
        case .unknown(let id):
            return "there is no batch \(id)"
        case .importStillOpen:
            return "an import is still open on this database; commit or roll it back first"
        case .importEnded(let source):
            return "the import of \(source) has already ended"
        case .factorsAlreadyDeclared(let source):
            return "factors of \(source) were already declared"
        case .repeatedFactorNames(let source, let names):
            return "factor names of \(source) repeat: \(names.joined(separator: ", "))"
        case .levelCountMismatch(let source, let line, let levels, let factors):
            return "\(source):\(line): the row has \(levels) factor levels but \(factors.count) factors were declared "
                + "(\(factors.joined(separator: ", ")))"
        case .derivedFrom(let batch, let factor, let dependent):
            return "batch \(dependent) derived factors from \(factor), which batch \(batch) derived; "
                + "undo batch \(dependent) first"
        }
    }
}
