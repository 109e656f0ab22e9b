import Testing

@testable import ThumbLabStats

/// p.adjust on pingouin's `multicomp([.50, .003, .32, .054, .0003])` example; the expected
/// vectors are R's `p.adjust` output listed in EXPECTED.md §2.2.
@Suite struct MultipleComparisonsTests {
    static let pValues = [0.50, 0.003, 0.32, 0.054, 0.0003]

    @Test(arguments: [
        (PAdjustMethod.holm, [0.64, 0.012, 0.64, 0.162, 0.0015]),
        (.bonferroni, [1, 0.015, 1, 0.27, 0.0015]),
        (.hochberg, [0.5, 0.012, 0.5, 0.162, 0.0015]),
        (.benjaminiHochberg, [0.5, 0.0075, 0.4, 0.09, 0.0015]),
        (.benjaminiYekutieli, [1, 0.017125, 0.9133333333333333, 0.2055, 0.003425]),
    ])
    func matchesR(method: PAdjustMethod, expected: [Double]) {
        let adjusted = PValues.adjust(Self.pValues, method: method)
        #expect(adjusted.count == expected.count)
        for (value, reference) in zip(adjusted, expected) {
            #expect(isClose(value, reference, relative: 1e-6), "\(method): \(adjusted)")
        }
    }

    @Test func holmIsTheDefault() {
        #expect(PValues.adjust(Self.pValues) == PValues.adjust(Self.pValues, method: .holm))
    }

    @Test func rawValuesMatchRNames() {
        #expect(PAdjustMethod(rawValue: "BH") == .benjaminiHochberg)
        #expect(PAdjustMethod(rawValue: "BY") == .benjaminiYekutieli)
        #expect(PAdjustMethod.allCases.map(\.rawValue) == ["holm", "bonferroni", "hochberg", "BH", "BY"])
    }

    @Test(arguments: PAdjustMethod.allCases)
    func nanStaysInPlaceAndDoesNotCount(method: PAdjustMethod) {
        let withGap = PValues.adjust([0.01, .nan, 0.04], method: method)
        let without = PValues.adjust([0.01, 0.04], method: method)
        #expect(withGap[1].isNaN)
        #expect(withGap[0] == without[0])
        #expect(withGap[2] == without[1])
    }

    @Test(arguments: PAdjustMethod.allCases, [-0.01, 1.5, Double.infinity, -Double.infinity])
    func aFamilyWithAPValueOutsideTheUnitIntervalIsRefused(method: PAdjustMethod, bad: Double) {
        let refused = PValues.adjust([0.01, bad, 0.04, .nan], method: method)
        #expect(refused.count == 4 && refused.allSatisfy { $0.isNaN })
        #expect(PValues.adjust([bad], method: method)[0].isNaN)
    }

    @Test(arguments: PAdjustMethod.allCases)
    func allMissingOrCertain(method: PAdjustMethod) {
        let missing = PValues.adjust([.nan, .nan], method: method)
        #expect(missing.count == 2 && missing.allSatisfy(\.isNaN))
        #expect(PValues.adjust([1, 1, 1], method: method) == [1, 1, 1])
        #expect(PValues.adjust([0, 0.5], method: method)[0] == 0)
    }

    @Test(arguments: PAdjustMethod.allCases)
    func edgeCases(method: PAdjustMethod) {
        #expect(PValues.adjust([], method: method).isEmpty)
        #expect(PValues.adjust([0.03], method: method) == [0.03])
        // Ties keep equal adjusted values; nothing exceeds 1 or falls below the raw p.
        let tied = PValues.adjust([0.02, 0.02, 0.9, 0.02], method: method)
        #expect(tied[0] == tied[1] && tied[1] == tied[3])
        for (raw, adjusted) in zip([0.02, 0.02, 0.9, 0.02], tied) {
            #expect(adjusted >= raw && adjusted <= 1)
        }
    }
}
