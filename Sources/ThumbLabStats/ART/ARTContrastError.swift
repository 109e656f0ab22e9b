import Foundation

/// The error variance of linear contrasts of the aligned ranks under the ART-C model.
///
/// Without a subject term the error is the within-cell mean square of the full factorial
/// model, `MS_E = Σ (y − ȳ_cell)² / (N − cells)`, and `Var(Σ wᵢ yᵢ) = MS_E Σ wᵢ²`.
///
/// With a subject random intercept (complete within data) the variance components are the
/// balanced-data REML estimates, equal to the ANOVA (expected mean squares) estimates:
/// `σ² = MS_E` from the model with all fixed cells and subjects, and
/// `σ²_S = (MS_S − MS_E) / m`, where `MS_S` is the subjects-within-groups mean square and `m`
/// the observations per subject (Searle, Casella & McCulloch 1992, §4.7). When
/// `MS_S < MS_E` REML puts `σ²_S` on the boundary 0 and pools both sums of squares.
/// Then `Var(Σ wᵢ yᵢ) = σ² Σ wᵢ² + σ²_S Σ_S (Σ_{i∈S} wᵢ)²`, with Satterthwaite's (1946)
/// degrees of freedom for the resulting combination of mean squares.
struct ARTContrastError {
    let usesSubjects: Bool
    private let residualMS: Double
    private let residualDF: Double
    private let subjectMS: Double
    private let subjectDF: Double
    private let perSubject: Double
    private let subjectOfRow: [Int]
    private let subjectCount: Int

    /// - Parameters:
    ///   - ranks: the response.
    ///   - cells: for each observation, a key of its cell of the full factorial model.
    ///   - subjects: for each observation, its subject.
    ///   - groups: for each observation, a key of its between-subjects cell.
    ///   - usesSubjects: whether the model has the subject intercept.
    init(ranks: [Double], cells: [Int], subjects: [String], groups: [String], usesSubjects: Bool) {
        let cellMeans = Self.groupMeans(ranks, keys: cells)
        let cellCount = Set(cells).count
        let n = Double(ranks.count)
        var subjectIndex: [String: Int] = [:]
        for subject in subjects where subjectIndex[subject] == nil { subjectIndex[subject] = subjectIndex.count }
        subjectOfRow = subjects.map { subjectIndex[$0]! }
        subjectCount = subjectIndex.count
        self.usesSubjects = usesSubjects
        guard usesSubjects else {
            let ss = ranks.indices.reduce(0) { $0 + pow(ranks[$1] - cellMeans[$1], 2) }
            residualDF = n - Double(cellCount)
            residualMS = residualDF > 0 ? ss / residualDF : 0
            (subjectMS, subjectDF, perSubject) = (0, 0, 1)
            return
        }
        let subjectMeans = Self.groupMeans(ranks, keys: subjectOfRow)
        let groupMeans = Self.groupMeans(ranks, keys: groups)
        let groupCount = Set(groups).count
        var ssSubjects = 0.0
        var ssResidual = 0.0
        for row in ranks.indices {
            let subjectDeviation = subjectMeans[row] - groupMeans[row]
            ssSubjects += subjectDeviation * subjectDeviation
            let residual = ranks[row] - cellMeans[row] - subjectDeviation
            ssResidual += residual * residual
        }
        let dfSubjects = Double(subjectCount - groupCount)
        let dfResidual = n - Double(cellCount) - dfSubjects
        let msSubjects = dfSubjects > 0 ? ssSubjects / dfSubjects : 0
        let msResidual = dfResidual > 0 ? ssResidual / dfResidual : 0
        perSubject = n / Double(subjectCount)
        if dfSubjects > 0, msSubjects >= msResidual {
            (residualMS, residualDF, subjectMS, subjectDF) = (msResidual, dfResidual, msSubjects, dfSubjects)
        } else {
            let pooledDF = dfSubjects + dfResidual
            let pooled = pooledDF > 0 ? (ssSubjects + ssResidual) / pooledDF : 0
            (residualMS, residualDF, subjectMS, subjectDF) = (pooled, pooledDF, pooled, 0)
        }
    }

    /// Variance and degrees of freedom of `Σ wᵢ yᵢ` for observation weights `weights`.
    func variance(of weights: [Double]) -> (variance: Double, df: Double) {
        let a = weights.reduce(0) { $0 + $1 * $1 }
        guard usesSubjects, subjectDF > 0 else { return (residualMS * a, residualDF) }
        var perSubjectSums = [Double](repeating: 0, count: subjectCount)
        for (row, weight) in weights.enumerated() { perSubjectSums[subjectOfRow[row]] += weight }
        let b = perSubjectSums.reduce(0) { $0 + $1 * $1 }
        // Var = σ² a + σ²_S b with σ²_S = (MS_S − MS_E)/m: coefficients on the two mean squares.
        var residualCoefficient = a - b / perSubject
        let subjectCoefficient = b / perSubject
        if abs(residualCoefficient) < 1e-12 * a { residualCoefficient = 0 }
        let residualPart = residualCoefficient * residualMS
        let subjectPart = subjectCoefficient * subjectMS
        let variance = residualPart + subjectPart
        // Satterthwaite (1946): df = V² / Σ (cᵢ MSᵢ)² / dfᵢ over the mean squares that enter V.
        var denominator = 0.0
        if residualPart != 0, residualDF > 0 { denominator += residualPart * residualPart / residualDF }
        if subjectPart != 0 { denominator += subjectPart * subjectPart / subjectDF }
        return (variance, denominator > 0 ? variance * variance / denominator : residualDF)
    }

    private static func groupMeans<Key: Hashable>(_ values: [Double], keys: [Key]) -> [Double] {
        var sums: [Key: Double] = [:]
        var counts: [Key: Double] = [:]
        for (value, key) in zip(values, keys) {
            sums[key, default: 0] += value
            counts[key, default: 0] += 1
        }
        return keys.map { sums[$0]! / counts[$0]! }
    }
}
