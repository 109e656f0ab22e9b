import Foundation

/// Separation check, optimisation and assembly of
/// ``MixedModel/logistic(_:model:confidenceLevel:covariance:)``.
enum LogisticMixedModelFit {
    /// Complete (or quasi-complete) separation: a cell of a term's factors in which every
    /// trial has the same outcome drives that cell's log odds to ±∞ (Albert & Anderson 1984).
    static func checkSeparation(_ design: MixedModelDesign) throws {
        let factors = design.specification.factors
        let data = design.response
        guard !factors.isEmpty else { return }
        for term in design.specification.orderedTerms {
            let termFactors = term.filter { factors.contains($0) }
            guard !termFactors.isEmpty else { continue }
            var counts: [[String]: (events: Int, trials: Int)] = [:]
            for row in data.indices {
                let key = termFactors.map { design.cellLevels[$0]![row] }
                let old = counts[key] ?? (0, 0)
                counts[key] = (old.events + Int(data[row]), old.trials + 1)
            }
            for key in counts.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                let count = counts[key]!
                if count.events == 0 || count.events == count.trials {
                    let cell = zip(termFactors, key).map { "\($0)=\($1)" }.joined(separator: ", ")
                    let outcome = count.events == 0 ? "0" : "1"
                    throw StatsError(
                        .invalidDesign,
                        "Complete separation: all \(count.trials) trials in the cell \(cell) have the response \(outcome), so its log odds are infinite and the logistic model has no finite estimate (glmer would report huge estimates and SEs). Merge or drop that level, or leave the interaction out of the model."
                    )
                }
            }
        }
    }

    static func optimize(_ laplace: LogisticLaplaceDeviance, start: [Double]) -> OptimizerResult {
        let f = laplace.deviance
        let thetaGrid = [0.0, 0.25, 0.5, 1, 1.5, 2, 3]
        let values = thetaGrid.map { f([$0] + start) }
        let bestTheta = thetaGrid[values.indices.min { values[$0] < values[$1] }!]
        var result = OptimizerResult(
            point: [bestTheta] + start, value: values.min()!, evaluations: thetaGrid.count, converged: false,
            method: "damped Newton on finite-difference derivatives")
        var fellBack = false
        for _ in 0..<100 {
            let (gradient, hessian) = NumericalDerivatives.centralDerivatives(result.point, f)
            result.evaluations += 2 * gradient.count * gradient.count + 1
            guard let delta = hessian.solveSymmetricPositiveDefinite(gradient) else {
                if fellBack { break }
                fellBack = true
                let bounds = [0.0] + Array(repeating: -Double.infinity, count: start.count)
                let simplex = BoundedOptimizers.nelderMead(start: result.point, lowerBounds: bounds, f)
                result.evaluations += simplex.evaluations
                if simplex.value < result.value { (result.point, result.value) = (simplex.point, simplex.value) }
                result.method += ", Nelder-Mead where the Hessian was not positive definite"
                continue
            }
            let scale = 1 + (result.point.map(abs).max() ?? 0)
            let size = delta.map(abs).max() ?? 0
            // Newton converges quadratically: once the step is this small the next one is
            // below the resolution of the finite differences.
            if size < 1e-7 * scale {
                result.converged = true
                break
            }
            var step = 1.0
            var accepted = false
            for _ in 0..<40 {
                var candidate = zip(result.point, delta).map { $0 - step * $1 }
                candidate[0] = abs(candidate[0])
                let value = f(candidate)
                result.evaluations += 1
                if value <= result.value {
                    (result.point, result.value) = (candidate, value)
                    accepted = true
                    break
                }
                step /= 2
            }
            if !accepted {
                result.converged = size < 1e-5 * scale
                break
            }
        }
        return result
    }

    static func assemble(
        _ design: MixedModelDesign, _ laplace: LogisticLaplaceDeviance, _ optimum: OptimizerResult,
        confidenceLevel: Double, method: LogisticMixedModelCovariance, estimates: GlmerEstimates
    ) throws -> LogisticMixedModelResult {
        let p = design.x.columns
        let glmer = method == .lme4 ? GlmerDevianceFunction(laplace) : nil
        let point =
            glmer.map {
                switch estimates {
                case .defaultStop: glmerOptimum($0).point
                case .optimum: lme4Optimum($0, from: optimum.point)
                }
            } ?? optimum.point
        let (covariance, positive) = covariance(laplace, glmer, at: point)
        let beta = Array(point.dropFirst())
        let zCritical = Normal().quantile(0.5 + confidenceLevel / 2)
        let coefficients = (0..<p).map { j -> LogisticMixedModelCoefficient in
            let se = covariance[j, j].squareRoot()
            let z = beta[j] / se
            return LogisticMixedModelCoefficient(
                name: design.columnNames[j], estimate: beta[j], standardError: se, z: z,
                p: min(1, 2 * Normal().sf(abs(z))), oddsRatio: exp(beta[j]),
                oddsRatioLow: exp(beta[j] - zCritical * se),
                oddsRatioHigh: exp(beta[j] + zCritical * se))
        }
        let groups = [("(Intercept)", [0])] + design.terms.map { ($0.name, $0.columns) }
        let terms = groups.map { name, columns -> LogisticMixedModelTerm in
            let estimate = columns.map { beta[$0] }
            let block = Matrix(
                rowArrays: columns.map { i in columns.map { covariance[i, $0] } }, columns: columns.count)
            let solved = block.solveSymmetricPositiveDefinite(estimate)
            let chiSquare = solved.map { zip($0, estimate).reduce(0) { $0 + $1.0 * $1.1 } } ?? .nan
            let df = Double(columns.count)
            let pValue = chiSquare.isFinite ? ChiSquared(df: df).sf(chiSquare) : .nan
            return LogisticMixedModelTerm(
                name: name, chiSquare: chiSquare, df: df, p: pValue,
                apaStatistic: APAStatistic([.init("χ²", df: [APA.df(df)], APA.value(chiSquare)), .p(pValue)]))
        }
        let theta = point[0]
        let n = Double(design.rowCount)
        let singular = theta < 1e-4
        var messages: [String] = []
        if singular {
            messages.append(
                "boundary (singular) fit: the random-intercept variance is estimated at 0 (lme4: see help('isSingular')); the model reduces to a logistic regression."
            )
        }
        if !optimum.converged {
            messages.append(
                "Model failed to converge after \(optimum.evaluations) evaluations of the Laplace deviance; treat the estimates with caution."
            )
        }
        if !positive {
            messages.append(
                "The Hessian of the Laplace deviance is not positive definite; standard errors use its generalised inverse and may be unreliable."
            )
        }
        if beta.contains(where: { abs($0) > 10 }) {
            messages.append(
                "A log odds ratio exceeds 10 in magnitude: the data are close to separation and its Wald test is unreliable."
            )
        }
        let policy =
            "Logistic mixed model (binomial, logit link) fitted by the Laplace approximation as lme4's glmer with nAGQ = 1 "
            + "(Bates et al. 2015): deviance minimised over θ and β by \(optimum.method) (\(optimum.evaluations) evaluations, "
            + "\(optimum.converged ? "converged" : "not converged")); standard errors from "
            + (method == .lme4
                ? "lme4's finite-difference Hessian of its deviance function as vcov(m), with θ and β where glmer's "
                    + "default optimisers (bobyqa, then lme4's Nelder-Mead) stop; "
                : "the Hessian of the deviance with converged conditional modes; ")
            + "Wald z tests, Wald odds-ratio intervals (\(APA.df(confidenceLevel * 100))%), sum-to-zero contrasts and "
            + "type III Wald chi-square tests as car::Anova(m, type = 3) (Fox & Weisberg 2019)."
            + (singular ? " Singular fit." : "")
        return LogisticMixedModelResult(
            formula: design.specification.formula() + ", family = binomial", coefficients: coefficients,
            randomIntercept: VarianceComponent(name: "(Intercept)", variance: theta * theta), theta: theta,
            logLikelihood: -optimum.value / 2, deviance: optimum.value,
            aic: optimum.value + 2 * Double(p + 1), bic: optimum.value + Double(p + 1) * log(n), terms: terms,
            observations: design.rowCount, subjects: design.subjectCount, confidenceLevel: confidenceLevel,
            isSingular: singular, converged: optimum.converged, messages: messages, policy: policy,
            covariance: (0..<p).map { i in (0..<p).map { covariance[i, $0] } }, design: design)
    }
}
