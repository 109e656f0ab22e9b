import Foundation
import ThumbLabStats

extension FittsReport {
    /// Level combinations in natural order, the first differing level deciding.
    static func precedes(_ a: [String], _ b: [String]) -> Bool {
        for (left, right) in zip(a, b) where left != right { return naturalOrder(left, right) }
        return a.count < b.count
    }

    /// A cell's measures: per participant the mean over their sequences, then the mean of
    /// those means across participants (never pooled over sequences).
    static func cell(_ levels: [String], _ rows: [FittsSequenceRow]) -> FittsCell {
        var byParticipant: [String: [FittsSequenceMeasures]] = [:]
        for row in rows { byParticipant[row.participant, default: []].append(row.measures) }
        let participants = byParticipant.keys.sorted(by: naturalOrder)
        func across(_ value: (FittsSequenceMeasures) -> Double) -> FittsMean {
            mean(participants.map { label in average(byParticipant[label]!.map(value)) })
        }
        let points = conditionPoints(rows)
        return FittsCell(
            levels: levels, sequences: rows.count, participants: participants.count,
            throughput: across(\.throughput), timeMS: across(\.timeMS), errorPercent: across(\.errorPercent),
            effectiveIndexOfDifficulty: across(\.effectiveIndexOfDifficulty),
            points: points,
            effectiveFit: points.allSatisfy { $0.effectiveIndexOfDifficulty.isFinite }
                ? try? Regression.linear(points.map(\.effectiveIndexOfDifficulty), points.map(\.timeMS)) : nil,
            nominalFit: try? Regression.linear(points.map(\.indexOfDifficulty), points.map(\.timeMS)))
    }

    /// Each participant's fit of MT on IDe over their sequences in the cell (on the nominal
    /// ID where the sequences have nominal measures only), where they have at least two
    /// distinct values.
    static func participantFits(_ levels: [String], _ rows: [FittsSequenceRow]) -> [FittsParticipantFit] {
        var byParticipant: [String: [FittsSequenceMeasures]] = [:]
        for row in rows { byParticipant[row.participant, default: []].append(row.measures) }
        return byParticipant.keys.sorted(by: naturalOrder).compactMap { label in
            let measures = byParticipant[label]!
            let predictor = measures.allSatisfy(\.isNominal) ? \FittsSequenceMeasures.indexOfDifficulty : \.effectiveIndexOfDifficulty
            guard let fit = try? Regression.linear(measures.map { $0[keyPath: predictor] }, measures.map(\.timeMS))
            else { return nil }
            return FittsParticipantFit(participant: label, levels: levels, fit: fit)
        }
    }

    /// One point per A × W: the means of its sequences' nominal ID, IDe and MT, and MT's
    /// 95% t interval across the participants' means.
    static func conditionPoints(_ rows: [FittsSequenceRow]) -> [FittsPoint] {
        var groups: [[Double]: [FittsSequenceRow]] = [:]
        for row in rows { groups[[row.measures.amplitude, row.measures.width], default: []].append(row) }
        return groups.keys.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }.map { key in
            let group = groups[key]!
            var byParticipant: [String: [Double]] = [:]
            for row in group { byParticipant[row.participant, default: []].append(row.measures.timeMS) }
            let time = mean(byParticipant.keys.sorted(by: naturalOrder).map { average(byParticipant[$0]!) })
            return FittsPoint(
                amplitude: key[0], width: key[1], indexOfDifficulty: group[0].measures.indexOfDifficulty,
                effectiveIndexOfDifficulty: average(group.map(\.measures.effectiveIndexOfDifficulty)),
                timeMS: average(group.map(\.measures.timeMS)), timeCILow: time.ciLow, timeCIHigh: time.ciHigh,
                sequences: group.count)
        }
    }

    static func average(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
    }

    /// The mean, SD (n − 1) and 95% t interval of participant means.
    static func mean(_ values: [Double]) -> FittsMean {
        let center = average(values)
        guard values.count > 1 else {
            return FittsMean(n: values.count, mean: center, sd: .nan, ciLow: .nan, ciHigh: .nan)
        }
        let count = Double(values.count)
        let sd = (values.reduce(0) { $0 + ($1 - center) * ($1 - center) } / (count - 1)).squareRoot()
        let half = StudentT(df: count - 1).quantile(0.975) * sd / count.squareRoot()
        return FittsMean(n: values.count, mean: center, sd: sd, ciLow: center - half, ciHigh: center + half)
    }

    /// The methods paragraph; `nominal` for trials without selection points.
    static func methods(source: String, by: [String], nominal: Bool = false) -> String {
        let cells = by.isEmpty ? "over all sequences" : "per \(by.joined(separator: " × "))"
        if nominal {
            return "Fitts' law analysis on the nominal index of difficulty ID = log2(A/W + 1), of \(source): the log "
                + "has no start, target and selection points, so the effective width and amplitude (We, Ae, IDe) "
                + "after ISO 9241-411, which need the spread of the selection points, cannot be computed. Per "
                + "participant × condition × sequence (one amplitude A and width W): MT the mean movement time, ER "
                + "the share of misses and throughput TP = ID / MT in bits/s (nominal, not the standard's effective "
                + "throughput). Throughput \(cells) is the mean of means: per sequence, then per participant, then "
                + "across participants (95% t intervals across participants). MT = a + b × ID is fitted by least "
                + "squares to one point per A × W (the mean of its sequences), and per participant to their sequences."
        }
        return
            "Fitts' law analysis after ISO 9241-411 as codified by Soukoreff & MacKenzie (2004, Int. J. "
            + "Human-Computer Studies 61:751-789), of \(source). Per participant × condition × sequence (one amplitude A and "
            + "width W): dx is the selection point's deviation from the target centre projected on the task axis, "
            + "We = 4.133 × SD(dx) (n − 1), Ae the mean effective amplitude (the distance along the task axis from the "
            + "start point, in serial tasks the previous selection point, to the selection point), "
            + "IDe = log2(Ae/We + 1), MT the mean movement time, ER the share of misses and throughput TP = IDe / MT "
            + "in bits/s; misses are kept. Throughput \(cells) is the mean of means: per sequence, then per "
            + "participant, then across participants (95% t intervals across participants), never pooled over trials. "
            + "MT = a + b × IDe (and on the nominal ID = log2(A/W + 1)) is fitted by least squares to one point per "
            + "A × W (the mean of its sequences), and per participant to their sequences."
    }
}
