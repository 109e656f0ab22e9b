import Foundation
import Testing

@testable import ThumbLabStats

/// The studentized range quantile solver: its starting value and its inversion of the tails.
@Suite struct StudentizedRangeQuantileTests {
    /// Copenhaver & Holland's start is within 3% of scipy's quantile for p 0.9–0.99 and
    /// ν ≥ 10, 15% at ν = 5 (scipy.stats.studentized_range.ppf, from the distributions fixture).
    @Test(arguments: [
        (3.0, 10.0, 0.95, 3.876776750013158, 0.03), (4.0, 20.0, 0.95, 3.9582935609453846, 0.03),
        (6.0, 60.0, 0.9, 3.7546272729995014, 0.03), (10.0, 120.0, 0.99, 5.299213944943266, 0.03),
        (20.0, 30.0, 0.99, 6.4073935281735075, 0.03), (2.0, 5.0, 0.99, 5.7023112927712685, 0.15),
    ])
    func startIsClose(groups: Double, df: Double, p: Double, expected: Double, tolerance: Double) {
        let start = StudentizedRange(groups: groups, df: df).startingQuantile(p)
        #expect(isClose(start, expected, relative: tolerance))
    }

    /// Far from the start (tiny lower tails, tiny upper tails, very few df) the secant still
    /// lands on the root: the tail at the returned quantile is the target.
    @Test(arguments: [
        (3.0, 2.0, 1e-6, false), (3.0, 2.0, 1e-6, true), (5.0, 10.0, 1e-10, true),
        (20.0, 30.0, 1e-8, false), (2.0, 1e5, 0.3, true), (8.0, .infinity, 1e-12, true),
    ])
    func solverReachesTheTarget(groups: Double, df: Double, p: Double, upper: Bool) {
        let range = StudentizedRange(groups: groups, df: df)
        if upper {
            #expect(isClose(range.sf(range.isf(p)), p, relative: 1e-9))
        } else {
            #expect(isClose(range.cdf(range.quantile(p)), p, relative: 1e-9))
        }
    }
}
