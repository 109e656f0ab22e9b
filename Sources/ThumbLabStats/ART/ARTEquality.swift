/// Equality of the ART values that hold labelled tuples, which Swift cannot compare itself.
extension ARTDiagnostics.OtherEffects: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.alignedFor == rhs.alignedFor && lhs.f.count == rhs.f.count
            && zip(lhs.f, rhs.f).allSatisfy { $0.term == $1.term && $0.f == $1.f }
    }
}

extension ARTInteractionContrast {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.pairs.count == rhs.pairs.count
            && zip(lhs.pairs, rhs.pairs).allSatisfy { $0.factor == $1.factor && $0.a == $1.a && $0.b == $1.b }
            && lhs.estimate == rhs.estimate && lhs.se == rhs.se && lhs.df == rhs.df && lhs.t == rhs.t
            && lhs.p == rhs.p && lhs.pAdjusted == rhs.pAdjusted
    }
}
