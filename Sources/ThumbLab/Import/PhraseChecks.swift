import Foundation

/// What an import of a phrase log counts to warn about: empty transcriptions, input
/// streams that do not give their transcription, and the logger's own measures where they
/// differ from the ones ThumbLab computes.
struct PhraseChecks {
    /// A logged column named like a measure ThumbLab computes, and the measure.
    private struct LoggedMeasure {
        var column: String
        var slot: Int
        var measure: String
        var value: (PhraseMeasures) -> Double?
        var compared = 0
        var differing = 0
        var ratios: [Double] = []
    }

    private(set) var emptyTranscriptions = 0
    private(set) var streamsNotGivingTranscription = 0
    private(set) var firstStreamLine: Int?
    private(set) var tapsWithoutCentres = 0
    private var keysWithoutCentres: [String] = []
    private var logged: [LoggedMeasure]

    /// Checks for a file whose kept numeric columns are `numberNames`, in that order.
    init(numberNames: [String]) {
        logged = numberNames.enumerated().compactMap { slot, name in
            Self.measure(named: ImportField.normalize(name)).map {
                LoggedMeasure(column: name, slot: slot, measure: $0.0, value: $0.1)
            }
        }
    }

    /// The measure a logged column's normalised name stands for: its words, and its value.
    private static func measure(named name: String) -> (String, (PhraseMeasures) -> Double?)? {
        switch name {
        case "wpm", "wordsperminute": ("WPM", { $0.wpm })
        case "adjwpm", "adjustedwpm": ("AdjWPM", { $0.adjustedWPM })
        case "kspc", "keystrokespercharacter": ("KSPC", { $0.kspc })
        case "msd", "msderror", "msderrorrate", "msder", "msdrate": ("the MSD error rate", { $0.msdErrorRate })
        case "ter", "totalerror", "totalerrorrate": ("the total error rate", { $0.keystrokes?.totalErrorRate })
        case "cer", "correctederror", "correctederrorrate": ("the corrected error rate", { $0.keystrokes?.correctedErrorRate })
        case "uer", "uncorrectederror", "uncorrectederrorrate":
            ("the uncorrected error rate", { $0.keystrokes?.uncorrectedErrorRate })
        default: nil
        }
    }

    /// Counts one stored phrase, with the numbers its row kept (in the order of the names).
    mutating func observe(_ phrase: PhraseRecord, line: Int, numbers: [Double?]) {
        if phrase.transcribed.isEmpty { emptyTranscriptions += 1 }
        for tap in phrase.taps where tap.centreX == nil || tap.centreY == nil {
            tapsWithoutCentres += 1
            if !keysWithoutCentres.contains(tap.key) { keysWithoutCentres.append(tap.key) }
        }
        if phrase.inputStream != nil, phrase.measures.keystrokes == nil, !phrase.transcribed.isEmpty {
            streamsNotGivingTranscription += 1
            if firstStreamLine == nil { firstStreamLine = line }
        }
        for index in logged.indices {
            guard logged[index].slot < numbers.count, let theirs = numbers[logged[index].slot],
                let ours = logged[index].value(phrase.measures), ours.isFinite, theirs.isFinite
            else { continue }
            logged[index].compared += 1
            // A rate may be logged as a percentage.
            let scaled = ours != 0 && abs(theirs / ours - 100) < abs(theirs / ours - 1) ? ours * 100 : ours
            if abs(theirs - scaled) > 0.01 * max(abs(scaled), 1e-9) { logged[index].differing += 1 }
            if scaled != 0 { logged[index].ratios.append(theirs / scaled) }
        }
    }

    /// The warnings the counts call for.
    var warnings: [ImportWarning] {
        var warnings: [ImportWarning] = []
        if emptyTranscriptions > 0 { warnings.append(.emptyTranscriptions(count: emptyTranscriptions)) }
        if streamsNotGivingTranscription > 0, let line = firstStreamLine {
            warnings.append(.inputStreamsDiffer(count: streamsNotGivingTranscription, firstLine: line))
        }
        if tapsWithoutCentres > 0 {
            warnings.append(.keyTapsWithoutCentres(count: tapsWithoutCentres, keys: keysWithoutCentres))
        }
        for measure in logged where measure.compared > 0 && 2 * measure.differing > measure.compared {
            let sorted = measure.ratios.sorted()
            let median = sorted.isEmpty ? .nan : sorted[sorted.count / 2]
            warnings.append(
                .loggedPhraseMeasureDiffers(
                    column: measure.column, measure: measure.measure, differing: measure.differing,
                    compared: measure.compared, medianRatio: median))
        }
        return warnings
    }
}
