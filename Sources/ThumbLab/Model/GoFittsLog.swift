/// One sequence of a GoFitts/FittsTaskTwo sd1 file: the trials of one participant,
/// condition and block at one amplitude and width.
public struct GoFittsSequence: Sendable, Equatable {
    /// The participant's label, as in the file.
    public var participant: String
    /// The levels of ``GoFittsLog/factors``, in order.
    public var levels: [String]
    /// The block number (`B01` is 1).
    public var block: Int?
    /// The sequence's trials, in file order.
    public var trials: [FittsTrial]
}

/// A GoFitts or FittsTaskTwo per-trial file (sd1; MacKenzie, yorku.ca/mack/FittsTaskTwo.html):
/// a header line `App,Participant,Condition,...,Trial,A,W,Ae,dx,PT(ms),ST(ms),MT(ms),Errors,...`
/// and one row per trial. The code columns (App, Condition, Session, Group, TaskType,
/// SelectionMethod, InteractionMethod) become factors; a sequence ends where the trial
/// number starts again or the participant, codes, block, A or W change.
public struct GoFittsLog: Sendable, Equatable {
    /// The names of the code columns the file has, in file order.
    public var factors: [String]
    /// The sequences, in file order.
    public var sequences: [GoFittsSequence]
}
