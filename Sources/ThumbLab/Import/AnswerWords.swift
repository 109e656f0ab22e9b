/// Likert answers written as words, and the ordered set that gives each its number.
///
/// The agreement sets: five points (Strongly disagree, Disagree, Neither agree nor disagree,
/// Agree, Strongly agree) and seven (with Somewhat or Slightly disagree and agree between).
/// A word's number depends on the set: "Somewhat disagree" is 2 of 5 but 3 of 7, so the set
/// is chosen from every word of the sheet: seven points when a Somewhat/Slightly word
/// appears beside a bare Disagree or Agree, five otherwise. The SEQ's end labels (Very
/// difficult = 1, Very easy = 7) may stand among numbers. Any other ordered set is given
/// (`--likert 'w1,w2,...'`), numbered 1 to n. Words match ignoring case, spaces and
/// punctuation.
public struct AnswerWords: Equatable, Sendable {
    /// The set's name as the summary states it (`the 5-point agreement set`).
    public var name: String
    /// Each word, as the set spells it, with its number, in order.
    public var words: [(word: String, value: Int)]

    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.words.map(\.word) == b.words.map(\.word) && a.words.map(\.value) == b.words.map(\.value)
    }

    /// The number of `text`, nil when the set has no such word.
    func value(of text: String) -> Int? {
        let key = Self.key(text)
        return words.first { Self.key($0.word) == key }?.value ?? synonyms[key]
    }

    /// Other spellings of a set's words (`Neutral` for the middle of an agreement set).
    private var synonyms: [String: Int] = [:]

    /// A set of the words given, numbered from 1 in order.
    public init(given: [String]) {
        name = "the set given (" + given.joined(separator: ", ") + ")"
        words = given.enumerated().map { ($1, $0 + 1) }
    }

    private init(name: String, words: [(String, Int)], synonyms: [String: Int] = [:]) {
        self.name = name
        self.words = words
        self.synonyms = synonyms
    }

    static let fivePoint = AnswerWords(
        name: "the 5-point agreement set",
        words: [
            ("Strongly disagree", 1), ("Disagree", 2), ("Neither agree nor disagree", 3), ("Agree", 4),
            ("Strongly agree", 5),
        ],
        synonyms: [
            "somewhatdisagree": 2, "slightlydisagree": 2, "neutral": 3, "somewhatagree": 4, "slightlyagree": 4,
            "neitherdisagreenoragree": 3,
        ])

    static let sevenPoint = AnswerWords(
        name: "the 7-point agreement set",
        words: [
            ("Strongly disagree", 1), ("Disagree", 2), ("Somewhat disagree", 3), ("Neither agree nor disagree", 4),
            ("Somewhat agree", 5), ("Agree", 6), ("Strongly agree", 7),
        ],
        synonyms: [
            "slightlydisagree": 3, "neutral": 4, "slightlyagree": 5, "neitherdisagreenoragree": 4,
        ])

    static let seqEnds = AnswerWords(
        name: "the SEQ's end labels", words: [("Very difficult", 1), ("Very easy", 7)])

    /// The set for the words of a sheet (numbers left out): the given one, else the SEQ's
    /// ends when an end label and no agreement word is among them, else the agreement set
    /// they fit; nil when the sheet has no words.
    static func chosen(for texts: Set<String>, given: [String]?) -> AnswerWords? {
        if let given { return AnswerWords(given: given) }
        guard !texts.isEmpty else { return nil }
        let keys = Set(texts.map(key))
        if !keys.isDisjoint(with: ["verydifficult", "veryeasy"]), !keys.contains(where: { $0.contains("agree") }) {
            return seqEnds
        }
        let qualified = keys.contains { $0.hasPrefix("somewhat") || $0.hasPrefix("slightly") }
        let bare = keys.contains("agree") || keys.contains("disagree")
        return qualified && bare ? sevenPoint : fivePoint
    }

    /// Lower case letters and digits only.
    static func key(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
