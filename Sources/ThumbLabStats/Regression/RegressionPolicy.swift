/// The policy and APA text of the regression results.
extension LinearRegressionResult {
    /// The fit in words.
    public var policy: String {
        "Ordinary least squares of y on x; t test of slope = 0 on n - 2 df, two-sided"
    }

    /// APA-style text: `"b = 0.52, SE = 0.10, R² = .81, p = .003"`.
    public var apa: String { apaStatistic.description }
    /// ``apa`` as typed parts.
    public var apaStatistic: APAStatistic {
        APAStatistic([
            .init("b", APA.value(slope)), .init("SE", APA.value(slopeStandardError)),
            .init("R²", APA.unit(rSquared, digits: 2)), .p(p),
        ])
    }
}

extension LogisticRegressionResult {
    /// The fit in words.
    public var policy: String {
        "Logistic regression by maximum likelihood (Newton-Raphson); Wald z tests, two-sided"
    }

    /// APA-style text of the slope: `"b = 1.30, SE = 0.41, z = 3.17, p = .002"`.
    public var apa: String { apaStatistic.description }
    /// ``apa`` as typed parts.
    public var apaStatistic: APAStatistic {
        APAStatistic([
            .init("b", APA.value(slope)), .init("SE", APA.value(slopeSE)), .init("z", APA.value(slopeZ)), .p(slopeP),
        ])
    }
}
