/// The one error type of ``ThumbLabStats``: every statistic that cannot be computed
/// from its input throws this instead of returning NaN or a wrong number.
public struct StatsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem the input has.
    public enum Kind: String, Sendable {
        /// Fewer observations than the procedure needs.
        case tooFewObservations
        /// A NaN or an infinity in the input.
        case nonFinite
        /// All values equal where variation is required.
        case constantData
        /// Paired inputs of different lengths, or columns of unequal size.
        case lengthMismatch
        /// A parameter outside its domain (a probability outside 0...1, df <= 0, ...).
        case invalidArgument
        /// A design that cannot be analysed (empty cell, one-level factor, subject in two groups, ...).
        case invalidDesign
        /// A parameter outside the range its procedure accepts; ``StatsError/range`` says
        /// which parameter, its value and the range.
        case outOfRange
    }

    /// What kind of problem the input has.
    public let kind: Kind
    /// A sentence that says what is wrong and, where possible, how to fix it.
    public let message: String
    /// For ``Kind/outOfRange``: the parameter, its value and the range accepted; nil otherwise.
    public let range: AcceptedRange?

    /// Creates an error of the given kind with a message that says what is wrong.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
        self.range = nil
    }

    /// An ``Kind/outOfRange`` error for `range`, whose message names the parameter, the value
    /// given and the interval accepted.
    public init(outOfRange range: AcceptedRange) {
        self.kind = .outOfRange
        self.range = range
        self.message = range.message
    }

    /// The message.
    public var description: String { message }

    /// The message, as Foundation shows the error.
    public var localizedDescription: String { message }
}
