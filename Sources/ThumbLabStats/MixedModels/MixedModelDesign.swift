import Foundation

/// The model matrices of a mixed model built from long-format observations: the fixed-effect
/// matrix `X` in sum-to-zero coding with R's column names and order, the random-effect
/// columns of one subject block `Z`, and the subject of every row.
struct MixedModelDesign: Sendable {
    let specification: MixedModelSpecification
    let response: [Double]
    /// Subjects in order of first appearance, and the subject index of each row.
    let subjects: [String]
    let subjectIndex: [Int]
    /// Fixed-effect matrix (n × p) and its column names: `(Intercept)`, `A1`, `A1:B1`, `x`.
    let x: Matrix
    let columnNames: [String]
    /// The fixed terms (R order) and the columns of `x` that belong to each.
    let terms: [(name: String, columns: [Int])]
    /// The sorted levels of each factor and the mean of each covariate.
    let levels: [String: [String]]
    /// The level of each factor in every row.
    let cellLevels: [String: [String]]
    let covariateMeans: [String: Double]
    /// Random-effect columns of every row (n × q): the intercept, then the slope columns.
    let z: Matrix
    let randomNames: [String]
    /// The random slope terms (R order) and the columns of `z` that belong to each.
    let randomTerms: [(term: [String], columns: [Int])]

    var rowCount: Int { response.count }
    var subjectCount: Int { subjects.count }

    init(_ data: [MixedModelObservation], specification: MixedModelSpecification) throws {
        self.specification = specification
        try Self.validate(data, specification)
        var levels: [String: [String]] = [:]
        for factor in specification.factors {
            let found = Set(data.map { $0.levels[factor]! }).sorted()
            guard found.count >= 2 else {
                throw StatsError(
                    .invalidDesign,
                    "Factor \(factor) has only one level (\(found.first ?? "")); a factor needs at least two levels, or leave it out of the model."
                )
            }
            levels[factor] = found
        }
        self.levels = levels
        cellLevels = Dictionary(
            uniqueKeysWithValues: specification.factors.map { factor in (factor, data.map { $0.levels[factor]! }) })
        var means: [String: Double] = [:]
        for covariate in specification.covariates {
            means[covariate] = data.reduce(0) { $0 + $1.covariates[covariate]! } / Double(data.count)
        }
        covariateMeans = means
        response = data.map(\.value)

        var order: [String] = []
        var lookup: [String: Int] = [:]
        subjectIndex = data.map { observation in
            if let index = lookup[observation.subject] { return index }
            lookup[observation.subject] = order.count
            order.append(observation.subject)
            return order.count - 1
        }
        subjects = order

        var names = ["(Intercept)"]
        var termColumns: [(String, [Int])] = []
        var columns: [[Double]] = [Array(repeating: 1, count: data.count)]
        for term in specification.orderedTerms {
            let built = Self.columns(of: term, data, levels)
            termColumns.append((term.joined(separator: ":"), Array(columns.count..<(columns.count + built.count))))
            names += built.map(\.name)
            columns += built.map(\.values)
        }
        columnNames = names
        terms = termColumns
        x = Self.matrix(columns, rows: data.count)

        var randomColumns: [[Double]] = [Array(repeating: 1, count: data.count)]
        var randomNames = ["(Intercept)"]
        var randomTerms: [(term: [String], columns: [Int])] = []
        for term in specification.orderedRandomSlopes {
            let built = Self.columns(of: term, data, levels)
            randomTerms.append((term, Array(randomColumns.count..<(randomColumns.count + built.count))))
            randomColumns += built.map(\.values)
            randomNames += built.map(\.name)
        }
        self.randomNames = randomNames
        self.randomTerms = randomTerms
        z = Self.matrix(randomColumns, rows: data.count)
        try checkRank()
    }

    /// The contrast or covariate columns of one term; the first variable varies fastest.
    static func columns(of term: [String], _ data: [MixedModelObservation], _ levels: [String: [String]])
        -> [(name: String, values: [Double])]
    {
        var result: [(name: String, values: [Double])] = [("", Array(repeating: 1, count: data.count))]
        for variable in term {
            var next: [(name: String, values: [Double])] = []
            let parts: [(String, [Double])]
            if let factorLevels = levels[variable] {
                let index = Dictionary(uniqueKeysWithValues: factorLevels.enumerated().map { ($1, $0) })
                let codes = data.map { index[$0.levels[variable]!]! }
                let last = factorLevels.count - 1
                parts = (0..<last).map { j in
                    ("\(variable)\(j + 1)", codes.map { $0 == j ? 1.0 : ($0 == last ? -1.0 : 0.0) })
                }
            } else {
                parts = [(variable, data.map { $0.covariates[variable]! })]
            }
            for part in parts {
                for previous in result {
                    let name = previous.name.isEmpty ? part.0 : previous.name + ":" + part.0
                    next.append((name, zip(previous.values, part.1).map { $0 * $1 }))
                }
            }
            result = next
        }
        return result
    }

    private static func matrix(_ columns: [[Double]], rows: Int) -> Matrix {
        var matrix = Matrix(rows: rows, columns: columns.count)
        for (j, column) in columns.enumerated() {
            for i in 0..<rows { matrix[i, j] = column[i] }
        }
        return matrix
    }

    private static func validate(_ data: [MixedModelObservation], _ specification: MixedModelSpecification) throws {
        let variables = specification.factors + specification.covariates
        var seen = Set<String>()
        for name in variables where !seen.insert(name).inserted {
            throw StatsError(.invalidDesign, "\(name) is named twice among the factors and covariates.")
        }
        for term in specification.terms ?? [] {
            for name in term where !seen.contains(name) {
                throw StatsError(
                    .invalidDesign,
                    "The term \(term.joined(separator: ":")) names \(name), which is neither a factor nor a covariate of the model."
                )
            }
        }
        var slopeTerms = Set<[String]>()
        for term in specification.randomSlopes {
            let name = term.joined(separator: ":")
            guard !term.isEmpty, Set(term).count == term.count else {
                throw StatsError(
                    .invalidDesign, "The random slope term \"\(name)\" must name each factor or covariate once.")
            }
            for variable in term where !seen.contains(variable) {
                throw StatsError(
                    .invalidDesign, "The random slope \(variable) is neither a factor nor a covariate of the model.")
            }
            guard slopeTerms.insert(term.sorted()).inserted else {
                throw StatsError(.invalidDesign, "The random slope \(name) is named twice.")
            }
        }
        guard !data.isEmpty else {
            throw StatsError(.tooFewObservations, "The mixed model received no observations.")
        }
        for (row, observation) in data.enumerated() {
            guard observation.value.isFinite else {
                throw StatsError(
                    .nonFinite,
                    "Observation \(row + 1) (subject \(observation.subject)) has the response \(observation.value); remove it or give a finite value."
                )
            }
            for factor in specification.factors where observation.levels[factor] == nil {
                throw StatsError(
                    .invalidDesign,
                    "Observation \(row + 1) (subject \(observation.subject)) has no level for factor \(factor).")
            }
            for covariate in specification.covariates {
                guard let value = observation.covariates[covariate], value.isFinite else {
                    throw StatsError(
                        .nonFinite,
                        "Observation \(row + 1) (subject \(observation.subject)) has no finite value for covariate \(covariate)."
                    )
                }
            }
        }
    }

    /// lme4's checks on the grouping factor, and a full-rank fixed-effect matrix.
    private func checkRank() throws {
        guard subjectCount >= 2 else {
            throw StatsError(
                .invalidDesign,
                "All observations come from one subject; a random effect per subject needs at least two subjects (lme4: grouping factors must have > 1 sampled level)."
            )
        }
        guard rowCount > subjectCount * z.columns || (z.columns == 1 && rowCount > subjectCount) else {
            let what =
                z.columns == 1
                ? "subjects (\(subjectCount))" : "random effects (\(subjectCount) subjects × \(z.columns))"
            throw StatsError(
                .tooFewObservations,
                "\(rowCount) observations are not more than the number of \(what); the random-effect variances cannot be separated from the residual variance (lme4 stops here too). Add observations or drop the random slope."
            )
        }
        guard rowCount > x.columns else {
            throw StatsError(
                .tooFewObservations,
                "\(rowCount) observations for \(x.columns) fixed-effect coefficients leave no residual degrees of freedom."
            )
        }
        if QRDecomposition(x).isRankDeficient {
            throw StatsError(
                .invalidDesign,
                "The fixed effects cannot all be estimated: some combination of factor levels has no observation at all (an empty cell of \(terms.last?.name ?? "the design")), or a covariate is constant or collinear with the factors. Drop the interaction with the empty cell (give the terms explicitly) or merge levels."
            )
        }
    }
}
