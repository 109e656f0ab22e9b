/// Equality of fitted mixed models: the same data and specification and the same figures.
///
/// The internal Satterthwaite state of a linear fit is derived from its design and variance
/// parameters, so it is not compared separately.
extension MixedModelDesign: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.specification == rhs.specification && lhs.response == rhs.response && lhs.subjects == rhs.subjects
            && lhs.subjectIndex == rhs.subjectIndex && lhs.x == rhs.x && lhs.columnNames == rhs.columnNames
            && lhs.terms.count == rhs.terms.count
            && zip(lhs.terms, rhs.terms).allSatisfy { $0.name == $1.name && $0.columns == $1.columns }
            && lhs.levels == rhs.levels && lhs.cellLevels == rhs.cellLevels
            && lhs.covariateMeans == rhs.covariateMeans && lhs.z == rhs.z && lhs.randomNames == rhs.randomNames
    }
}

extension LinearMixedModelResult {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.design == rhs.design && lhs.formula == rhs.formula && lhs.estimation == rhs.estimation
            && lhs.coefficients == rhs.coefficients && lhs.randomEffects == rhs.randomEffects
            && lhs.randomCorrelations == rhs.randomCorrelations && lhs.residual == rhs.residual
            && lhs.theta == rhs.theta && lhs.logLikelihood == rhs.logLikelihood && lhs.criterion == rhs.criterion
            && lhs.aic == rhs.aic && lhs.bic == rhs.bic && lhs.terms == rhs.terms
            && lhs.observations == rhs.observations && lhs.subjects == rhs.subjects
            && lhs.isSingular == rhs.isSingular && lhs.converged == rhs.converged && lhs.messages == rhs.messages
            && lhs.policy == rhs.policy && lhs.covariance == rhs.covariance
    }
}

extension LogisticMixedModelResult {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.design == rhs.design && lhs.formula == rhs.formula && lhs.coefficients == rhs.coefficients
            && lhs.randomIntercept == rhs.randomIntercept && lhs.theta == rhs.theta
            && lhs.logLikelihood == rhs.logLikelihood && lhs.deviance == rhs.deviance && lhs.aic == rhs.aic
            && lhs.bic == rhs.bic && lhs.terms == rhs.terms && lhs.observations == rhs.observations
            && lhs.subjects == rhs.subjects && lhs.confidenceLevel == rhs.confidenceLevel
            && lhs.isSingular == rhs.isSingular && lhs.converged == rhs.converged && lhs.messages == rhs.messages
            && lhs.policy == rhs.policy && lhs.covariance == rhs.covariance
    }
}
