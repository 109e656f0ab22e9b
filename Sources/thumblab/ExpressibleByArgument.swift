import ThumbLab

/// A type whose values a command line gives as one word: the type of an ``Option`` or an
/// ``Argument``, as in swift-argument-parser.
///
/// Enums with `String` raw values that are `CaseIterable` get everything for free: the
/// raw values are the words, and they are the choices help lists and a wrong word's
/// error names. Other types say what a valid word is with ``expectation``.
protocol ExpressibleByArgument: Sendable {
    /// Reads a value from a command-line word; `nil` when the word is not a valid value.
    init?(argument: String)
    /// The word that gives this value, as help states a default: `text`.
    var argumentText: String { get }
    /// Every word the type accepts when it accepts only a few, in the order help lists
    /// them; empty when it accepts any word that ``init(argument:)`` reads.
    static var allValueStrings: [String] { get }
    /// What a valid word is, for the usage error: `a number`.
    static var expectation: String { get }
    /// The usage error for `word`, given to `label` (`--width` or `<batch>`), when
    /// ``init(argument:)`` cannot read it. (A word outside ``allValueStrings`` gets the
    /// list of choices instead.)
    static func invalidMessage(_ word: String, for label: String) -> String
}

extension ExpressibleByArgument {
    var argumentText: String { "\(self)" }
    static var allValueStrings: [String] { [] }
    static var expectation: String { "a valid value" }

    /// `--width expects a number, found 'wide'.`
    static func invalidMessage(_ word: String, for label: String) -> String {
        "\(label) expects \(expectation), found '\(word)'."
    }
}

extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
    init?(argument: String) { self.init(rawValue: argument) }
    var argumentText: String { rawValue }
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension String: ExpressibleByArgument {
    init?(argument: String) { self = argument }
    static var expectation: String { "some text" }
}

extension Int: ExpressibleByArgument {
    init?(argument: String) { self.init(argument) }
    static var expectation: String { "a whole number" }
}

extension Double: ExpressibleByArgument {
    /// Reads a finite number: `nan` and `inf` are not measurements.
    init?(argument: String) {
        guard let number = Double(argument), number.isFinite else { return nil }
        self = number
    }
    static var expectation: String { "a number" }
}

extension OutputFormat: ExpressibleByArgument {}
extension FigureSize: ExpressibleByArgument {}
extension RowKind: ExpressibleByArgument {
    /// A file's kinds only: `factors` batches come from `thumblab factor add`.
    init?(argument: String) {
        guard let kind = RowKind(rawValue: argument), RowKind.fileKinds.contains(kind) else { return nil }
        self = kind
    }
    static var allValueStrings: [String] { fileKinds.map(\.rawValue) }
}
extension WideInstrument: ExpressibleByArgument {}
extension TLXScale: ExpressibleByArgument {}
extension InputFormat: ExpressibleByArgument {}
extension TouchDerivation.Sequence: ExpressibleByArgument {}
extension TouchDerivation.HitArea: ExpressibleByArgument {}
extension ScreenUnit: ExpressibleByArgument {}
extension TrialTiming: ExpressibleByArgument {}
