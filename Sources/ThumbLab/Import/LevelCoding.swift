/// Names for the codes of a factor a file holds as numbers (`type` 0, 1, 2 for FOLD,
/// TOUCHFOLD, FOLDTOUCH): the import stores the names as the levels, keeps the codes with
/// the batch (``ImportDecision/levelNames(factor:codes:)``), and refuses a code without a
/// name.
public struct LevelCoding: Equatable, Sendable {
    /// One code and the level name it stands for.
    public struct Code: Equatable, Sendable {
        /// The code as the file writes it.
        public var code: String
        /// The level name stored for it.
        public var name: String

        /// `code` stands for `name`.
        public init(code: String, name: String) {
            self.code = code
            self.name = name
        }
    }

    /// The factor, by its column's name.
    public var factor: String
    /// The codes and their names, in the order given.
    public var codes: [Code]

    /// Names `codes` of `factor`.
    public init(factor: String, codes: [Code]) {
        self.factor = factor
        self.codes = codes
    }
}
