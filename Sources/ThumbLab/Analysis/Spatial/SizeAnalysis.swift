import Foundation
import ThumbLabStats

/// The inferential part of a target size analysis: the logistic fit of misses on size,
/// its curve, and the tests of each size against the largest.
struct SizeAnalysis {
    let rows: [TargetSizeRow]
    let targetErrorRate: Double
    private(set) var fit: LogisticRegressionResult?
    private(set) var sizeAtTarget: Double?
    private(set) var curve: [ErrorCurvePoint] = []
    private(set) var tests: [SizeThresholdTest] = []
    private(set) var smallestNotAbove: Double?
    private(set) var notes: [String] = []

    /// Points of the fitted curve, evenly spaced over the tested and reference sizes.
    static let curvePoints = 101

    /// Fits misses on size over the scored trials, given as the misses of the scored trials
    /// at each size.
    init(misses: [BinomialCount], rows: [TargetSizeRow], targetErrorRate: Double) {
        self.rows = rows
        self.targetErrorRate = targetErrorRate
        guard rows.count >= 2 else {
            let only = rows.first.map { Study.decimal($0.sizeMM, 2) + " mm" } ?? "none"
            notes.append(
                "The selection has a single target size (\(only)): the fit of errors on size and the threshold tests need at least two sizes."
            )
            return
        }
        do {
            let fit = try Regression.logistic(counts: misses)
            self.fit = fit
            if fit.slope < 0 {
                sizeAtTarget = fit.predictor(atProbability: targetErrorRate)
            } else {
                notes.append("The fitted error rate does not fall with size, so no size reaches a given error rate.")
            }
            let all = rows.map(\.sizeMM) + ReferenceTargetSize.published.map(\.sizeMM)
            let low = all.min()!
            let high = all.max()!
            curve = (0..<Self.curvePoints).map { step in
                let size = low + (high - low) * Double(step) / Double(Self.curvePoints - 1)
                let interval = fit.probability(at: size)
                return ErrorCurvePoint(
                    sizeMM: size, errorRate: interval.estimate, ciLow: interval.lower, ciHigh: interval.upper)
            }
        } catch {
            notes.append("No logistic fit of errors on size: \(error)")
        }
    }

    /// One-sided Wilcoxon tests of each size's per-participant error proportions against
    /// the largest size's, Holm-adjusted; `proportions[size][participant]`.
    mutating func testThresholds(_ proportions: [Double: [Int64: Double]], labels: [Int64: String]) {
        guard rows.count >= 2, let largest = rows.last?.sizeMM, let reference = proportions[largest] else { return }
        var raw: [SizeThresholdTest] = []
        for row in rows.dropLast() {
            let atSize = proportions[row.sizeMM] ?? [:]
            let paired = atSize.keys.filter { reference[$0] != nil }.sorted {
                naturalOrder(labels[$0] ?? "", labels[$1] ?? "")
            }
            let x = paired.map { atSize[$0]! }
            let y = paired.map { reference[$0]! }
            do {
                let test = try WilcoxonSignedRank.test(x, y, alternative: .greater)
                raw.append(
                    SizeThresholdTest(
                        sizeMM: row.sizeMM, participants: paired.count, test: test, p: test.p, pAdjusted: test.p))
            } catch {
                let note =
                    paired.isEmpty
                    ? "no participant has trials at both sizes"
                    : "every participant's error proportions are equal at both sizes"
                raw.append(
                    SizeThresholdTest(
                        sizeMM: row.sizeMM, participants: paired.count, test: nil, p: 1, pAdjusted: 1, note: note))
            }
        }
        let adjusted = PValues.adjust(raw.map(\.p), method: .holm)
        for index in raw.indices { raw[index].pAdjusted = adjusted[index] }
        tests = raw
        var smallest = largest
        for test in raw.reversed() {
            guard !test.isSignificant else { break }
            smallest = test.sizeMM
        }
        smallestNotAbove = smallest
    }

    /// The fit and the threshold as APA sentences, then the notes.
    func sentences(trials: Int) -> [String] {
        var lines: [String] = []
        if let fit {
            let reaches =
                sizeAtTarget.map {
                    "; the fitted error rate falls to \(Study.decimal(targetErrorRate * 100, 1))% at \(Study.decimal($0, 1)) mm"
                } ?? ""
            lines.append(
                "A logistic regression of misses on target size over \(SelectionSummary.grouped(trials)) trials gave b = "
                    + "\(APA.value(fit.slope)) per mm (SE = \(APA.value(fit.slopeSE, digits: 3)), z = \(APA.value(fit.slopeZ)), "
                    + "\(APA.p(fit.slopeP)); odds ratio per mm = \(APA.value(exp(fit.slope))))\(reaches).")
        }
        if let largest = rows.last?.sizeMM, let smallest = smallestNotAbove, !tests.isEmpty {
            let parts = tests.map { test in
                "\(Study.decimal(test.sizeMM, 2)) mm: "
                    + (test.test.map { "\($0.apa), Holm \(APA.p(test.pAdjusted))" } ?? (test.note ?? ""))
            }
            lines.append(
                "Error rates per participant against the largest size (\(Study.decimal(largest, 2)) mm), one-sided "
                    + "Wilcoxon signed-rank tests: \(parts.joined(separator: "; ")). The smallest size not significantly "
                    + "above the largest is \(Study.decimal(smallest, 2)) mm.")
        }
        return lines + notes
    }
}
