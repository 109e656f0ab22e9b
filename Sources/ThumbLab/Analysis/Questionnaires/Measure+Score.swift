extension Measure {
    /// Single questionnaire items (Likert, SEQ) are ordinal; scales built of several
    /// items (SUS, TLX, UMUX-Lite) and trial measures are treated as interval.
    var isOrdinal: Bool {
        if case .item = self { return true }
        guard case .score(let instrument) = self else { return false }
        let name = instrument.lowercased().filter { $0.isLetter }
        return !["sus", "nasatlx", "tlx", "umuxlite"].contains(name)
    }

    /// Whether the measure is a questionnaire score or item.
    var isScore: Bool {
        switch self {
        case .score, .item: true
        default: false
        }
    }
}
