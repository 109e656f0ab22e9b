import Foundation

/// The questionnaires ThumbLab scores by their published rules. Anything else is read as
/// a set of Likert items and summarised item by item.
public enum InstrumentKind: String, CaseIterable, Sendable {
    /// System Usability Scale: ten items, 1 to 5, scored 0 to 100 (Brooke 1996).
    case sus
    /// NASA Task Load Index: six dimensions rated 0 to 100, raw or weighted by the 15
    /// pairwise comparisons (Hart & Staveland 1988; Hart 2006).
    case nasaTLX = "nasa-tlx"
    /// UMUX-Lite: two items, 1 to 7, scored 0 to 100 (Lewis, Utesch & Maher 2013).
    case umuxLite = "umux-lite"
    /// Single Ease Question: one item, 1 to 7 (Sauro & Dumas 2009).
    case seq
    /// Any other instrument: a set of ordinal items, summarised per item (median, IQR,
    /// distribution), with the mean of a sheet's items as its score.
    case likert

    /// The name the literature uses: `SUS`, `NASA-TLX`, `UMUX-Lite`, `SEQ`; `Likert` for
    /// item sets.
    public var displayName: String {
        switch self {
        case .sus: "SUS"
        case .nasaTLX: "NASA-TLX"
        case .umuxLite: "UMUX-Lite"
        case .seq: "SEQ"
        case .likert: "Likert"
        }
    }
}

/// A questionnaire as the data names it: its kind and the name results print.
///
/// The `instrument` text of a response is recognised case-insensitively, ignoring spaces,
/// `-` and `_` (the rule import uses for column names): `SUS`; `NASA-TLX`, `TLX` or
/// `NASATLX`; `UMUX-Lite`; `SEQ`. Any other text names a Likert item set, printed as the
/// data spells it, and texts that differ only in case, spaces, `-` or `_` name the same
/// set.
public struct Instrument: Sendable, Hashable, CustomStringConvertible {
    /// `SUS`, `NASA-TLX`, `UMUX-Lite`, `SEQ`, or a Likert set's name as the data spells it.
    public var name: String
    /// The scoring rule the name selects.
    public var kind: InstrumentKind

    /// The instrument that `text` names.
    public init(recognizing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let key = Self.key(trimmed)
        switch key {
        case "sus": kind = .sus
        case "nasatlx", "tlx": kind = .nasaTLX
        case "umuxlite": kind = .umuxLite
        case "seq": kind = .seq
        default: kind = .likert
        }
        name = kind == .likert ? trimmed : kind.displayName
    }

    public var description: String { name }

    /// The text two spellings of one instrument share: lower case, without spaces, `-`
    /// and `_`.
    var key: String { kind == .likert ? Self.key(name) : kind.rawValue }

    /// Lower case without spaces, `-` and `_`.
    static func key(_ text: String) -> String {
        String(text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    /// Whether a response's `instrument` text names this instrument.
    public func matches(_ text: String) -> Bool {
        Instrument(recognizing: text).key == key
    }
}

/// The number at the end of an item name: `3` for `3`, `sus3`, `q3`, `SUS_3` or `Item 3`;
/// `nil` when the name does not end in a digit.
func trailingItemNumber(_ item: String) -> Int? {
    let trimmed = item.trimmingCharacters(in: .whitespaces)
    let digits = trimmed.reversed().prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count < 10 else { return nil }
    return Int(String(digits.reversed()))
}

/// A value as a message shows it: whole numbers without a decimal point.
func describeValue(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}
