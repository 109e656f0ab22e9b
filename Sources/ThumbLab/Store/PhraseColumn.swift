/// A measure the `phrase` table holds per text-entry phrase, as an analysis reads it
/// (``TrialQuery/phraseColumn``) in place of a logged number.
public enum PhraseColumn: String, CaseIterable, Sendable {
    /// Words per minute.
    case wpm
    /// WPM × (1 − the uncorrected error rate).
    case adjustedWPM = "adj_wpm"
    /// MSD(P, T) / max(|P|, |T|).
    case msdErrorRate = "msd_error_rate"
    /// Keystrokes per character.
    case kspc
    /// (INF + IF) / (C + INF + IF).
    case totalErrorRate = "total_error_rate"
    /// IF / (C + INF + IF).
    case correctedErrorRate = "corrected_error_rate"
    /// INF / (C + INF + IF).
    case uncorrectedErrorRate = "uncorrected_error_rate"

    /// The measure's name in analyses: `wpm`, `adj-wpm`, `msd-error`, `kspc`,
    /// `total-error`, `corrected-error`, `uncorrected-error`.
    public var measureName: String {
        switch self {
        case .wpm: "wpm"
        case .adjustedWPM: "adj-wpm"
        case .msdErrorRate: "msd-error"
        case .kspc: "kspc"
        case .totalErrorRate: "total-error"
        case .correctedErrorRate: "corrected-error"
        case .uncorrectedErrorRate: "uncorrected-error"
        }
    }

    /// The measure as sentences name it.
    public var words: String {
        switch self {
        case .wpm: "WPM"
        case .adjustedWPM: "AdjWPM"
        case .msdErrorRate: "MSD error rate"
        case .kspc: "KSPC"
        case .totalErrorRate: "total error rate"
        case .correctedErrorRate: "corrected error rate"
        case .uncorrectedErrorRate: "uncorrected error rate"
        }
    }

    /// Whether the measure is a rate (a fraction, shown as a percentage).
    public var isRate: Bool {
        switch self {
        case .wpm, .adjustedWPM, .kspc: false
        case .msdErrorRate, .totalErrorRate, .correctedErrorRate, .uncorrectedErrorRate: true
        }
    }

    /// Whether the measure needs an input stream (KSPC and the keystroke rates).
    public var needsInputStream: Bool {
        switch self {
        case .wpm, .msdErrorRate: false
        case .adjustedWPM, .kspc, .totalErrorRate, .correctedErrorRate, .uncorrectedErrorRate: true
        }
    }
}

extension StudyDatabase {
    /// How many of the study's trials are phrases, and how many of those have a value of
    /// `column`.
    /// - Throws: ``ThumbLabError/study(_:)`` for an unknown study.
    package func phraseCounts(_ column: PhraseColumn, study: String) throws -> (phrases: Int, withValue: Int) {
        try readTransaction {
            let statement = try connection.prepare(
                """
                SELECT count(*), count(p.\(column.rawValue)) FROM phrase p
                JOIN trial t ON t.id = p.trial_id JOIN participant pa ON pa.id = t.participant_id
                WHERE pa.study_id = ?1
                """)
            try statement.bind(1, try existingStudyID(study))
            _ = try statement.step()
            return (Int(statement.int64(0)), Int(statement.int64(1)))
        }
    }
}
