extension Measure {
    /// Single questionnaire items (Likert, SEQ) are ordinal; scales built of several
    /// items (SUS, TLX, UMUX-Lite) and trial measures are treated as interval.
    var isOrdinal: Bool {
        guard case .score(let instrument) = self else { return false }
        let name = instrument.lowercased().filter { $0.isLetter }
        return !["sus", "nasatlx", "tlx", "umuxlite"].contains(name)
    }

    /// Whether the measure is a questionnaire score.
    var isScore: Bool {
        if case .score = self { return true }
        return false
    }
}
