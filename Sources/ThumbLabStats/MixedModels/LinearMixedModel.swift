import Foundation

extension MixedModel {
    /// Fits a linear mixed model with a random intercept per subject, and optionally a correlated
    /// random slope, as `lme4::lmer` does, and tests its fixed effects as `lmerTest::anova(m)`.
    ///
    /// The fit follows Bates, Mächler, Bolker & Walker (2015), *J. Stat. Softw.* 67(1): β and σ
    /// are profiled out of the (REML or ML) deviance, which is minimised over the relative
    /// covariance factor θ — by Brent's method for a random
    /// intercept, by a bounded Nelder-Mead search polished with Newton steps for random slopes.
    /// The type III table tests each term's sum-to-zero coefficients with an F statistic whose
    /// denominator df follow Satterthwaite (1946) as lmerTest computes them (Kuznetsova,
    /// Brockhoff & Christensen 2017). A variance estimated at its bound
    /// of 0 is reported as a singular fit, as lme4's `isSingular`.
    ///
    /// ```swift
    /// let fit = try MixedModel.linear(trials, model: MixedModelSpecification(factors: ["Technique", "Size"]))
    /// fit.term("Technique")?.apa  // "F(2, 28.31) = 12.40, p < .001"
    /// ```
    ///
    /// - Parameters:
    ///   - data: one observation per trial (or per cell), with the response already on the
    ///     scale to be modelled (ln time for times).
    ///   - model: the fixed terms and the random slope.
    ///   - estimation: REML (default, as lme4) or ML.
    /// - Throws: ``StatsError`` for an unknown factor, a factor with one level, non-finite values,
    ///   a fixed-effect design with an empty cell, fewer than two subjects, or too few
    ///   observations to separate the random effects from the residual.
    public static func linear(
        _ data: [MixedModelObservation], model: MixedModelSpecification,
        estimation: MixedModelEstimation = .reml
    ) throws -> LinearMixedModelResult {
        let design = try MixedModelDesign(data, specification: model)
        let deviance = LinearMixedModelDeviance(design)
        guard design.response.contains(where: { $0 != design.response[0] }) else {
            throw StatsError(
                .constantData, "Every response value is \(design.response[0]); a mixed model needs variation.")
        }
        let optimum = LinearMixedModelFit.optimize(deviance, estimation: estimation)
        guard let evaluation = deviance.evaluate(optimum.point) else {
            throw StatsError(
                .invalidDesign, "The mixed model could not be evaluated at its optimum; the design is degenerate.")
        }
        return try LinearMixedModelFit.assemble(
            design: design, deviance: deviance, optimum: optimum, evaluation: evaluation, estimation: estimation)
    }
}

/// The optimisation and the assembly of the result of ``MixedModel/linear(_:model:estimation:)``.
enum LinearMixedModelFit {
    static func optimize(_ deviance: LinearMixedModelDeviance, estimation: MixedModelEstimation)
        -> OptimizerResult
    {
        let diagonal = deviance.diagonalIndices
        let count = deviance.thetaCount
        let bounds = (0..<count).map { diagonal.contains($0) ? 0.0 : -Double.infinity }
        let f = { (theta: [Double]) in deviance.deviance(theta, estimation: estimation) }
        var result: OptimizerResult
        if count == 1 {
            let grid = [0.0] + (-6...12).map { pow(2.0, Double($0)) }
            let values = grid.map { f([$0]) }
            let best = values.indices.min { values[$0] < values[$1] }!
            let low = grid[max(best - 1, 0)]
            let high = grid[min(best + 1, grid.count - 1)]
            result = BoundedOptimizers.brent(low: low, high: high) { f([$0]) }
            result.evaluations += grid.count
            if values[best] < result.value { (result.point, result.value) = ([grid[best]], values[best]) }
        } else if count <= 6 {
            let start = (0..<count).map { diagonal.contains($0) ? 1.0 : 0.0 }
            result = BoundedOptimizers.nelderMead(start: start, lowerBounds: bounds, f)
            // Uncorrelated: the deviance is even in every θ entry, so 0 is always stationary.
            if !deviance.correlated { escapeBoundary(&result, bounds: bounds, diagonal: diagonal, f) }
        } else {
            // Many parameters (slopes of several factors): gradient steps instead of a simplex,
            // which stalls short of the optimum there.
            let start = (0..<count).map { diagonal.contains($0) ? 1.0 : 0.0 }
            result = BoundedOptimizers.projectedQuasiNewton(start: start, lowerBounds: bounds, f)
            escapeBoundary(&result, bounds: bounds, diagonal: diagonal, f)
        }
        // Newton steps on 45 parameters cost thousands of evaluations each; the quasi-Newton
        // answer is kept as it is beyond 21.
        if count <= 21 { polish(&result, bounds: bounds, diagonal: diagonal, f) }
        // A variance that ends next to its bound is put on it when that is no worse, as
        // bobyqa's answer lands on a bound.
        for index in diagonal where result.point[index] > 0 && result.point[index] < 1e-4 {
            var bounded = result.point
            bounded[index] = 0
            let value = f(bounded)
            if value <= result.value + 1e-10 * abs(result.value) { (result.point, result.value) = (bounded, value) }
        }
        return result
    }

    /// A diagonal entry of Λ at 0 whose column still has other entries can be a stationary
    /// point that is not a minimum (the deviance falls on moving the entry either way, with
    /// the rest of its column). From such an answer the search restarts with those entries
    /// at a tenth of the largest diagonal entry, and keeps the lower of the two answers.
    static func escapeBoundary(
        _ result: inout OptimizerResult, bounds: [Double], diagonal: [Int], _ f: ([Double]) -> Double
    ) {
        for _ in 0..<3 {
            let atBound = diagonal.filter { result.point[$0] < 1e-6 }
            guard !atBound.isEmpty else { return }
            let largest = diagonal.map { result.point[$0] }.max() ?? 1
            var start = result.point
            for index in atBound { start[index] = 0.1 * max(largest, 0.1) }
            let again = BoundedOptimizers.projectedQuasiNewton(start: start, lowerBounds: bounds, f)
            result.evaluations += again.evaluations
            guard again.value < result.value - 1e-10 * abs(result.value) else { return }
            (result.point, result.value, result.converged) = (again.point, again.value, again.converged)
        }
    }

    /// Newton steps on central-difference derivatives from the optimiser's answer: the
    /// deviance is flat at its minimum, so function values alone fix θ only to about 1e-6;
    /// the root of the gradient fixes it to about 1e-9.
    static func polish(
        _ result: inout OptimizerResult, bounds: [Double], diagonal: [Int], _ f: ([Double]) -> Double
    ) {
        var steps = 0
        for _ in 0..<10 {
            let free = result.point.indices.filter { !(diagonal.contains($0) && result.point[$0] < 1e-6) }
            guard let next = NumericalDerivatives.newtonStep(result.point, free: free, f),
                zip(next, bounds).allSatisfy({ $0 >= $1 })
            else { break }
            let step = zip(next, result.point).map { abs($0 - $1) }.max() ?? 0
            let scale = (result.point.map(abs).max() ?? 0) + 0.1
            let value = f(next)
            result.evaluations += 1 + 2 * free.count * (free.count + 1)
            guard step < 0.1 * scale, value <= result.value + 1e-9 * abs(result.value) else { break }
            (result.point, result.value) = (next, min(value, result.value))
            steps += 1
            if step < 1e-11 * scale { break }
        }
        if steps > 0 { result.method += " with Newton polishing" }
    }

    static func assemble(
        design: MixedModelDesign, deviance: LinearMixedModelDeviance, optimum: OptimizerResult,
        evaluation e: LinearMixedModelDeviance.Evaluation, estimation: MixedModelEstimation
    ) throws -> LinearMixedModelResult {
        let n = design.rowCount
        let p = design.x.columns
        let q = design.z.columns
        let theta = optimum.point
        let sigma2 = e.penalizedRSS / Double(estimation == .reml ? n - p : n)
        let sigma = sigma2.squareRoot()
        var covariance = e.unscaledCovariance
        covariance.elements = covariance.elements.map { $0 * sigma2 }
        let satterthwaite = Satterthwaite(
            deviance: deviance, theta: theta, sigma: sigma, beta: e.beta, covariance: covariance, estimation: estimation
        )

        let coefficients = (0..<p).map { j -> MixedModelCoefficient in
            var l = [Double](repeating: 0, count: p)
            l[j] = 1
            let (df, variance) = satterthwaite.contrastDF(l)
            let se = variance.squareRoot()
            let t = e.beta[j] / se
            return MixedModelCoefficient(
                name: design.columnNames[j], estimate: e.beta[j], standardError: se, statistic: t, df: df,
                p: df.isFinite && df > 0 ? min(1, 2 * StudentT(df: df).sf(abs(t))) : .nan)
        }
        let terms = MixedModelContrasts.typeIII(design).map { name, rows -> LinearMixedModelTerm in
            let test = satterthwaite.test(rows)
            let pValue =
                test.denominatorDF > 0 && test.f.isFinite
                ? FDistribution(df1: test.numeratorDF, df2: test.denominatorDF).sf(test.f) : .nan
            let apa = APAStatistic([
                .init("F", df: [APA.df(test.numeratorDF), APA.df(test.denominatorDF)], APA.value(test.f)), .p(pValue),
            ])
            return LinearMixedModelTerm(
                name: name, f: test.f, numeratorDF: test.numeratorDF, denominatorDF: test.denominatorDF, p: pValue,
                apaStatistic: apa)
        }

        let lambda = LinearMixedModelDeviance.lambda(theta, q: q)
        let sigmaB = (lambda * lambda.transposed).elements.map { $0 * sigma2 }
        let random = (0..<q).map { VarianceComponent(name: design.randomNames[$0], variance: sigmaB[$0 * q + $0]) }
        let correlations = (0..<q).map { a in
            (0..<q).map { b in
                a == b
                    ? 1
                    : !deviance.correlated
                        ? 0 : sigmaB[a * q + b] / (sigmaB[a * q + a] * sigmaB[b * q + b]).squareRoot()
            }
        }
        let criterion = LinearMixedModelDeviance.profiled(e, n: n, p: p, estimation: estimation)
        let parameters = Double(p + theta.count + 1)
        let diagonal = deviance.diagonalIndices
        let singular = diagonal.contains { theta[$0] < 1e-4 }
        let gradient = LinearMixedModelFit.maxGradient(deviance, theta, estimation, diagonal)
        let converged = optimum.converged && gradient < 0.002
        var messages: [String] = []
        if singular {
            messages.append(
                "boundary (singular) fit: a random-effect variance (or a correlation of ±1) is estimated at its bound; the random-effects structure is too complex for the data (lme4: see help('isSingular'))."
            )
        }
        if !converged {
            messages.append(
                "Model failed to converge with max|grad| = \(APA.value(gradient, digits: 6)) (tol = 0.002) after \(optimum.evaluations) evaluations; treat the estimates with caution."
            )
        }
        if satterthwaite.hessianNotPositive && !singular {
            messages.append(
                "The Hessian of the deviance with respect to the variance parameters is not positive definite; Satterthwaite df use its generalised inverse, as lmerTest."
            )
        }
        let criterionName = estimation == .reml ? "REML criterion" : "ML deviance"
        let policy =
            "\(estimation == .reml ? "REML (restricted maximum likelihood)" : "Maximum likelihood") fit as lme4's lmer (Bates et al. 2015): "
            + "\(criterionName) profiled over the fixed effects and the residual variance, minimised over θ by \(optimum.method) "
            + "(\(optimum.evaluations) evaluations, \(converged ? "converged" : "not converged")); sum-to-zero contrasts; "
            + "type III F tests with Satterthwaite (1946) denominator df as lmerTest (Kuznetsova et al. 2017)."
            + (singular ? " Singular fit." : "")
        return LinearMixedModelResult(
            formula: design.specification.formula(levelCounts: design.levels.mapValues(\.count)),
            estimation: estimation, coefficients: coefficients,
            randomEffects: random, randomCorrelations: correlations,
            residual: VarianceComponent(name: "Residual", variance: sigma2), theta: theta,
            logLikelihood: -criterion / 2, criterion: criterion,
            aic: criterion + 2 * parameters, bic: criterion + parameters * log(Double(n)), terms: terms,
            observations: n, subjects: design.subjectCount, isSingular: singular, converged: converged,
            messages: messages, policy: policy,
            covariance: (0..<p).map { i in (0..<p).map { covariance[i, $0] } }, design: design,
            satterthwaite: satterthwaite)
    }

    /// The largest absolute central-difference gradient over θ entries not at their bound.
    static func maxGradient(
        _ deviance: LinearMixedModelDeviance, _ theta: [Double], _ estimation: MixedModelEstimation, _ diagonal: [Int]
    ) -> Double {
        var largest = 0.0
        for k in theta.indices where !(diagonal.contains(k) && theta[k] < 1e-4) {
            let h = 1e-5 * max(abs(theta[k]), 1e-2)
            var plus = theta
            var minus = theta
            plus[k] += h
            minus[k] -= h
            let g =
                (deviance.deviance(plus, estimation: estimation) - deviance.deviance(minus, estimation: estimation))
                / (2 * h)
            if g.isFinite { largest = max(largest, abs(g)) }
        }
        return largest
    }
}
