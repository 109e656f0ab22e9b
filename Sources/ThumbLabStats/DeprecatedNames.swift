// The free functions that earlier releases documented, kept as forwards to their namespaces.

/// Adjusts a family of p-values; use ``PValues/adjust(_:method:)``.
@available(*, deprecated, renamed: "PValues.adjust(_:method:)")
public func adjustPValues(_ p: [Double], method: PAdjustMethod = .holm) -> [Double] {
    PValues.adjust(p, method: method)
}

/// Fits a logistic regression; use ``Regression/logistic(_:_:)``.
@available(*, deprecated, renamed: "Regression.logistic(_:_:)")
public func logisticRegression(_ x: [Double], _ y: [Bool]) throws -> LogisticRegressionResult {
    try Regression.logistic(x, y)
}

/// Runs the Wilcoxon signed-rank test; use ``WilcoxonSignedRank/test(_:_:alternative:policy:confidenceLevel:)``.
@available(*, deprecated, renamed: "WilcoxonSignedRank.test(_:_:alternative:policy:confidenceLevel:)")
public func wilcoxonSignedRank(
    _ x: [Double], _ y: [Double], alternative: Alternative = .twoSided,
    policy: WilcoxonPolicy = .rDefault, confidenceLevel: Double = 0.95
) throws -> WilcoxonSignedRankResult {
    try WilcoxonSignedRank.test(x, y, alternative: alternative, policy: policy, confidenceLevel: confidenceLevel)
}

/// Runs the Mann–Whitney U test; use ``MannWhitney/test(_:_:alternative:method:confidenceLevel:)``.
@available(*, deprecated, renamed: "MannWhitney.test(_:_:alternative:method:confidenceLevel:)")
public func mannWhitneyU(
    _ x: [Double], _ y: [Double], alternative: Alternative = .twoSided,
    method: RankSumMethod = .automatic, confidenceLevel: Double = 0.95
) throws -> MannWhitneyResult {
    try MannWhitney.test(x, y, alternative: alternative, method: method, confidenceLevel: confidenceLevel)
}

/// Runs the Shapiro–Wilk test; use ``ShapiroWilk/test(_:)``.
@available(*, deprecated, renamed: "ShapiroWilk.test(_:)")
public func shapiroWilk(_ x: [Double]) throws -> ShapiroWilkResult {
    try ShapiroWilk.test(x)
}

/// Runs the Kruskal–Wallis test on values and their group labels; use ``KruskalWallis/test(values:groups:)``.
@available(*, deprecated, renamed: "KruskalWallis.test(values:groups:)")
public func kruskalWallisTest(values: [Double], groups: [String]) throws -> KruskalWallisResult {
    try KruskalWallis.test(values: values, groups: groups)
}

/// Runs the Kruskal–Wallis test on one sample per group; use ``KruskalWallis/test(_:labels:)``.
@available(*, deprecated, renamed: "KruskalWallis.test(_:labels:)")
public func kruskalWallisTest(_ samples: [[Double]], labels: [String]? = nil) throws -> KruskalWallisResult {
    try KruskalWallis.test(samples, labels: labels)
}

/// Runs an analysis of variance; use ``ANOVA/repeatedMeasures(_:design:correction:)``.
@available(*, deprecated, renamed: "ANOVA.repeatedMeasures(_:design:correction:)")
public func repeatedMeasuresANOVA(
    _ data: [ANOVAObservation], design: ANOVADesign, correction: SphericityCorrection = .none
) throws -> ANOVAResult {
    try ANOVA.repeatedMeasures(data, design: design, correction: correction)
}

/// Runs Tukey's HSD; use ``ANOVA/tukeyHSD(values:groups:confidenceLevel:)``.
@available(*, deprecated, renamed: "ANOVA.tukeyHSD(values:groups:confidenceLevel:)")
public func tukeyHSD(values: [Double], groups: [String], confidenceLevel: Double = 0.95) throws -> TukeyHSDResult {
    try ANOVA.tukeyHSD(values: values, groups: groups, confidenceLevel: confidenceLevel)
}

/// Runs Friedman's test; use ``Friedman/test(_:)``.
@available(*, deprecated, renamed: "Friedman.test(_:)")
public func friedmanTest(_ data: FriedmanData) throws -> FriedmanResult {
    try Friedman.test(data)
}

/// Runs the aligned rank transform ANOVA; use ``ART/anova(_:design:)``.
@available(*, deprecated, renamed: "ART.anova(_:design:)")
public func alignedRankTransformANOVA(_ data: [ANOVAObservation], design: ANOVADesign) throws -> ARTResult {
    try ART.anova(data, design: design)
}

/// Runs ART-C contrasts; use ``ART/contrasts(_:design:term:adjustment:model:)``.
@available(*, deprecated, renamed: "ART.contrasts(_:design:term:adjustment:model:)")
public func artContrasts(
    _ data: [ANOVAObservation], design: ANOVADesign, term: String,
    adjustment: ARTContrastAdjustment = .method(.holm), model: ARTContrastModel = .subjectIntercept
) throws -> ARTContrastResult {
    try ART.contrasts(data, design: design, term: term, adjustment: adjustment, model: model)
}

/// Fits a linear mixed model; use ``MixedModel/linear(_:model:estimation:)``.
@available(*, deprecated, renamed: "MixedModel.linear(_:model:estimation:)")
public func linearMixedModel(
    _ data: [MixedModelObservation], model: MixedModelSpecification, estimation: MixedModelEstimation = .reml
) throws -> LinearMixedModelResult {
    try MixedModel.linear(data, model: model, estimation: estimation)
}

/// Fits a logistic mixed model; use ``MixedModel/logistic(_:model:confidenceLevel:)``.
@available(*, deprecated, renamed: "MixedModel.logistic(_:model:confidenceLevel:)")
public func logisticMixedModel(
    _ data: [MixedModelObservation], model: MixedModelSpecification, confidenceLevel: Double = 0.95
) throws -> LogisticMixedModelResult {
    try MixedModel.logistic(data, model: model, confidenceLevel: confidenceLevel)
}
