/// One thing a Methods section states: the selection, a cleaning step, how a measure was
/// aggregated, a test and why it was chosen, a scoring rule, a correction, the software.
/// A fact's identity is its topic and subject, so a report that gathers the facts of
/// several analyses states each once: two questionnaires scored over the same cells share
/// one descriptives fact.
public struct MethodsFact: Sendable, Equatable {
    /// What kind of thing a fact states.
    public enum Topic: String, Sendable, Equatable {
        /// The trials analysed and their cleaning.
        case selection
        /// What a measure is and how it was computed.
        case measure
        /// How a measure's values were reduced per participant and cell.
        case aggregation
        /// A test and why it was chosen.
        case test
        /// A correction of degrees of freedom or p-values.
        case correction
        /// A questionnaire's scoring rule.
        case scoring
        /// What the descriptive figures are.
        case descriptives
        /// The tests that followed the omnibus tests.
        case followUp
        /// The software and its checks.
        case software
    }

    /// What kind of thing the fact states.
    public var topic: Topic
    /// What the fact is about, telling facts of one topic apart: a measure, an
    /// instrument, the cells of a table.
    public var subject: String
    /// The fact in words, statistics as typed runs.
    public var spans: [ProseSpan]

    /// A fact in runs.
    public init(_ topic: Topic, _ subject: String, _ spans: [ProseSpan]) {
        self.topic = topic
        self.subject = subject
        self.spans = spans
    }

    /// A fact in plain words.
    public init(_ topic: Topic, _ subject: String, text: String) {
        self.init(topic, subject, [.text(text)])
    }

    /// Whether two facts state the same thing.
    public func isSame(as other: MethodsFact) -> Bool { topic == other.topic && subject == other.subject }

    /// `facts` in order, each stated once: a fact whose topic and subject came before is
    /// left out, as are facts without words.
    public static func once(_ facts: [MethodsFact]) -> [MethodsFact] {
        var kept: [MethodsFact] = []
        for fact in facts
        where !fact.spans.map(\.text).joined().isEmpty && !kept.contains(where: { $0.isSame(as: fact) }) {
            kept.append(fact)
        }
        return kept
    }

    /// `facts` as one paragraph, a space between facts.
    public static func paragraph(_ facts: [MethodsFact]) -> ProseParagraph {
        var spans: [ProseSpan] = []
        for (index, fact) in facts.enumerated() {
            if index > 0 { spans.append(.text(" ")) }
            spans += fact.spans
        }
        return ProseParagraph(spans)
    }

    /// `facts` as plain text, a space between facts.
    public static func text(_ facts: [MethodsFact]) -> String { paragraph(facts).plainText }
}
