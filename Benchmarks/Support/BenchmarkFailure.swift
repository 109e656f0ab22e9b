/// Why a benchmark could not go on (a file it cannot write, a program it cannot start, a
/// statement SQLite refuses): the benchmarks' own error, so that they depend on nothing of
/// ThumbLab beyond the API they measure.
public struct BenchmarkFailure: Error, CustomStringConvertible {
    /// What failed, in words.
    public let description: String

    /// A failure described by `description`.
    public init(_ description: String) { self.description = description }
}
