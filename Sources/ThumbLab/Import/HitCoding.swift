/// Which values of a column count as hits: a trial is a hit when its value is one of
/// ``hitValues`` (compared without case and surrounding spaces), a miss when it holds any
/// other value, and not recorded when it is empty.
public struct HitCoding: Equatable, Sendable {
    /// The column, by its name in the file.
    public var column: String
    /// The values that count as hits.
    public var hitValues: [String]

    /// A coding of `column` whose `hitValues` are hits.
    public init(column: String, hitValues: [String]) {
        self.column = column
        self.hitValues = hitValues
    }
}
