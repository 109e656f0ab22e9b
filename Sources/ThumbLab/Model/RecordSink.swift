/// Where the validated records of one import go: the store's ``BatchWriter`` accepts
/// them, the importer produces them, and tests and dry runs use sinks of their own.
///
/// The protocol lives with the record types so that the store does not depend on the
/// importer: both depend on the model. All calls for one file happen between the sink's
/// creation and its commit; a sink that is not committed leaves no trace.
package protocol RecordSink {
    /// Declares the factor names of the file, once, before any row.
    mutating func declareFactors(_ names: [String]) throws
    /// Declares the names of the numeric columns a trials file keeps beside its fields, once,
    /// before any row; files without them declare none.
    mutating func declareNumbers(_ names: [String]) throws
    /// Gives the trial added last the numbers of those columns, in the order declared
    /// (`nil` where the row has none). They travel beside the record, not in it, so that
    /// a file without them copies nothing more per row.
    mutating func addNumbers(_ numbers: [Double?]) throws
    /// Adds one trial row.
    mutating func add(_ trial: TrialRecord) throws
    /// Adds one trial row whose participant and levels the reader has numbered, so that the
    /// sink can tell them apart without comparing their texts.
    mutating func add(_ trial: TrialRecord, names: RowNames) throws
    /// Adds one raw touch event.
    mutating func add(_ touch: TouchRecord) throws
    /// Adds one questionnaire answer.
    mutating func add(_ response: ResponseRecord) throws
    /// Adds one participant of a demographics file.
    mutating func add(_ participant: ParticipantRecord) throws
    /// Gives the trial added last the texts and measures of the phrase it stands for.
    mutating func add(_ phrase: PhraseRecord) throws
    /// Records a row that an import left out (when it skips invalid rows), with the reason
    /// and the row's raw text.
    mutating func addRejected(line: Int, reason: String, raw: String) throws
}

/// A row's participant and combination of levels as numbers given in order of first
/// appearance in one file: two rows of the file have the same number where, and only
/// where, they have the same text.
package struct RowNames: Sendable {
    package var participant: Int32
    package var condition: Int32
}

extension RecordSink {
    /// Sinks that need no numbers for the names take the trial alone.
    package mutating func add(_ trial: TrialRecord, names: RowNames) throws { try add(trial) }
    /// Sinks that keep no participants take them and keep nothing.
    package mutating func add(_ participant: ParticipantRecord) throws {}
    /// Sinks that keep no phrases take them and keep nothing.
    package mutating func add(_ phrase: PhraseRecord) throws {}
    /// Sinks that keep no numeric columns take their names and keep nothing.
    package mutating func declareNumbers(_ names: [String]) throws {}
    /// Sinks that keep no numeric columns take the numbers and keep nothing.
    package mutating func addNumbers(_ numbers: [Double?]) throws {}
}
