import Foundation
import ThumbLabStats

extension DiagonalContrast {
    /// The contrast from each participant's trials on the NW-SE and NE-SW diagonals.
    /// A test that cannot be computed (fewer than 2 participants, no variation, every
    /// difference zero) is left out with a note saying why.
    init(_ participants: [(label: String, diagonals: (TrialCounts, TrialCounts))]) {
        var notes: [String] = []
        let timed = participants.compactMap { entry -> (String, Double, Double)? in
            guard let a = entry.diagonals.0.meanLogTime, let b = entry.diagonals.1.meanLogTime else { return nil }
            return (entry.label, a, b)
        }
        let scored = participants.compactMap { entry -> (String, Double, Double)? in
            guard let a = entry.diagonals.0.errorRate, let b = entry.diagonals.1.errorRate else { return nil }
            return (entry.label, a, b)
        }
        timeParticipants = timed.map(\.0)
        logTimeNWSE = timed.map(\.1)
        logTimeNESW = timed.map(\.2)
        errorParticipants = scored.map(\.0)
        errorNWSE = scored.map(\.1)
        errorNESW = scored.map(\.2)
        do {
            let test = try TTest.paired(logTimeNWSE, logTimeNESW)
            timeTest = test
            timeRatio = exp(test.estimate)
            timeRatioCILow = exp(test.ciLow)
            timeRatioCIHigh = exp(test.ciHigh)
        } catch {
            notes.append("No time contrast: \(timed.count) participants have timed trials on both diagonals; \(error)")
        }
        do {
            errorTest = try WilcoxonSignedRank.test(errorNWSE, errorNESW)
        } catch {
            notes.append(
                "No error contrast: \(scored.count) participants have scored trials on both diagonals; \(error)")
        }
        self.notes = notes
    }

    /// The tests as APA sentences, then the notes.
    var sentences: [String] {
        var lines: [String] = []
        if let test = timeTest, let ratio = timeRatio, let low = timeRatioCILow, let high = timeRatioCIHigh {
            let nwse = exp(logTimeNWSE.reduce(0, +) / Double(logTimeNWSE.count))
            let nesw = exp(logTimeNESW.reduce(0, +) / Double(logTimeNESW.count))
            let comparison = ratio >= 1 ? "longer" : "shorter"
            lines.append(
                "Movements along the NW-SE diagonal took \(comparison) than along NE-SW (NW-SE: M_geo = "
                    + "\(Study.decimal(nwse, 0)) ms, NE-SW: M_geo = \(Study.decimal(nesw, 0)) ms; "
                    + "ratio = \(APA.value(ratio)), 95% CI [\(APA.value(low)), \(APA.value(high))]), paired t-test on "
                    + "the participants' mean ln times: \(test.apa).")
        }
        if let test = errorTest {
            let nwse = errorNWSE.reduce(0, +) / Double(errorNWSE.count)
            let nesw = errorNESW.reduce(0, +) / Double(errorNESW.count)
            lines.append(
                "Error rates per participant along NW-SE (M = \(String(format: "%.1f", nwse * 100))%) and NE-SW (M = "
                    + "\(String(format: "%.1f", nesw * 100))%), Wilcoxon signed-rank test (\(test.policyDescription)): "
                    + "\(test.apa).")
        }
        return lines + notes
    }
}
