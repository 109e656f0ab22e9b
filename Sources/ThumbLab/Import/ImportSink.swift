/// Where validated rows of one import go. The store's batch writer conforms to it;
/// tests use an in-memory sink. All calls for one file happen between the sink's
/// creation and its `commit`; a sink that is not committed leaves no trace.
public protocol ImportSink {
    /// Declares the factor names of the file, once, before any row.
    mutating func declareFactors(_ names: [String]) throws
    mutating func add(_ trial: TrialRecord) throws
    mutating func add(_ touch: TouchRecord) throws
    mutating func add(_ response: ResponseRecord) throws
    /// Records a row that `--skip-invalid` left out, with its raw text.
    mutating func addRejected(line: Int, reason: String, raw: String) throws
}
