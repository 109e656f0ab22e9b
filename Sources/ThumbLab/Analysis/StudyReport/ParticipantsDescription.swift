import ThumbLabStats

/// Who took part, as a paper's Participants paragraph says it: how many, their gender,
/// age M (SD) and range, handedness, and every other attribute (numbers as M (SD), words
/// as counts), from the attributes a demographics import stored. It also names the
/// participants whom only the demographics describe, and those with trials but no
/// demographics.
public struct ParticipantsDescription: Sendable, Equatable {
    /// One attribute over the participants described.
    public enum Attribute: Sendable, Equatable {
        /// Every value a number: n, mean, SD (n - 1), minimum and maximum.
        case numeric(name: String, n: Int, mean: Double, sd: Double, min: Double, max: Double)
        /// Words: each value with its count, most frequent first (ties by name).
        case counts(name: String, values: [ValueCount])

        /// The attribute's name, as the demographics file's column.
        public var name: String {
            switch self {
            case .numeric(let name, _, _, _, _, _), .counts(let name, _): name
            }
        }
    }

    /// One value of a word attribute and how many participants gave it.
    public struct ValueCount: Sendable, Equatable {
        /// The value, as the demographics file writes it (`female`, `right`).
        public var value: String
        /// The participants who gave it.
        public var count: Int
    }

    /// Participants with trials in the selection.
    public var participants: Int
    /// Their attributes: gender first, then age, then handedness, then the rest by name.
    public var attributes: [Attribute]
    /// Participants the demographics describe who have no trials in the selection.
    public var withoutTrials: [String]
    /// Participants with trials whom the demographics do not describe (empty when no
    /// demographics were imported).
    public var withoutDemographics: [String]

    /// Describes `participants` (the labels with trials) by `attributes` (label → name →
    /// value, as ``StudyDatabase/participantAttributes(study:)`` reads them).
    public init(participants: [String], attributes: [String: [String: String]]) {
        self.participants = participants.count
        let described = Set(attributes.keys)
        let taking = Set(participants)
        withoutTrials = described.subtracting(taking).sorted(by: naturalOrder)
        withoutDemographics = described.isEmpty ? [] : participants.filter { !described.contains($0) }
        var valuesByName: [String: [String]] = [:]
        for label in participants {
            for (name, value) in attributes[label] ?? [:] { valuesByName[name, default: []].append(value) }
        }
        self.attributes = valuesByName.keys.sorted { Self.rank($0, $1) }.map { name in
            Self.attribute(name: name, values: valuesByName[name]!)
        }
    }

    /// The paragraph: `Participants: 4 (gender: 2 female, 1 male, 1 non-binary; age: M = 26.00,
    /// SD = 3.92, range 22–31; dominant_hand: 3 right, 1 left).`, then the participants
    /// without trials or without demographics, when there are any.
    public var paragraph: String {
        var parts: [String] = []
        for attribute in attributes {
            switch attribute {
            case .numeric(let name, let n, let mean, let sd, let low, let high):
                var text = "\(name): M = \(APA.value(mean)), SD = \(APA.value(sd))"
                if Self.kind(of: name) == .age { text += ", range \(Self.plain(low))–\(Self.plain(high))" }
                if n < participants { text += ", n = \(n)" }
                parts.append(text)
            case .counts(let name, let values):
                let missing = participants - values.reduce(0) { $0 + $1.count }
                let counted = values.map { "\($0.count) \($0.value)" } + (missing > 0 ? ["\(missing) not given"] : [])
                parts.append("\(name): " + counted.joined(separator: ", "))
            }
        }
        var text =
            parts.isEmpty
            ? "Participants: \(participants); no demographics were imported (a file with one row per participant, "
                + "imported as kind participants, describes them)."
            : "Participants: \(participants) (\(parts.joined(separator: "; ")))."
        if !withoutTrials.isEmpty {
            text += " Described by the demographics but without trials here: \(withoutTrials.joined(separator: ", "))."
        }
        if !withoutDemographics.isEmpty {
            text += " With trials but not in the demographics: \(withoutDemographics.joined(separator: ", "))."
        }
        return text
    }

    /// The attributes a Participants paragraph names first, in its order.
    private enum Kind: Int {
        case gender, age, hand, other
    }

    private static func kind(of name: String) -> Kind {
        let key = name.lowercased().filter { $0.isLetter }
        switch key {
        case "gender", "sex": return .gender
        case "age", "ageyears", "ageinyears": return .age
        case "hand", "handed", "handedness", "dominanthand", "handdominance", "preferredhand": return .hand
        default: return .other
        }
    }

    private static func rank(_ a: String, _ b: String) -> Bool {
        let (ka, kb) = (kind(of: a).rawValue, kind(of: b).rawValue)
        return ka != kb ? ka < kb : naturalOrder(a, b)
    }

    private static func attribute(name: String, values: [String]) -> Attribute {
        let numbers = values.compactMap { Double($0) }.filter(\.isFinite)
        if numbers.count == values.count, !numbers.isEmpty {
            let summary = SampleSummary(numbers)
            return .numeric(
                name: name, n: summary.n, mean: summary.mean, sd: summary.sd, min: numbers.min()!,
                max: numbers.max()!)
        }
        var counts: [String: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : naturalOrder($0.key, $1.key) }
        return .counts(name: name, values: sorted.map { ValueCount(value: $0.key, count: $0.value) })
    }

    /// `22` for a whole number, else two decimals.
    private static func plain(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : APA.value(x)
    }
}
