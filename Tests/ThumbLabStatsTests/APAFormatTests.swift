import Testing

@testable import ThumbLabStats

/// The papaja/afex number style of DESIGN.md.
@Suite struct APAFormatTests {
    @Test(arguments: [
        (0.01618, "p = .016"), (0.01670, "p = .017"), (0.00656, "p = .007"),
        (0.000999, "p < .001"), (1e-300, "p < .001"), (0.001, "p = .001"),
        (0.0015, "p = .002"), (0.5, "p = .500"), (0.9994, "p > .999"), (1, "p > .999"),
        (0.9990, "p = .999"),
    ])
    func pValues(p: Double, text: String) {
        #expect(APA.p(p) == text)
    }

    @Test(arguments: [
        (3.0354, 2, "3.04"), (-0.4871, 2, "-0.49"), (5.20065, 2, "5.20"), (-0.001, 2, "0.00"),
        (1.0118, 2, "1.01"), (122.4017, 1, "122.4"), (7.5, 0, "8"),
    ])
    func values(x: Double, digits: Int, text: String) {
        #expect(APA.value(x, digits: digits) == text)
    }

    @Test(arguments: [
        (0.34639, 3, ".346"), (-0.12, 2, "-.12"), (0.0, 3, ".000"), (-0.0001, 3, ".000"),
        (1.0, 3, "1.000"), (0.0842, 3, ".084"),
    ])
    func unitValues(x: Double, digits: Int, text: String) {
        #expect(APA.unit(x, digits: digits) == text)
    }

    @Test(arguments: [
        (8.0, "8"), (24.0, "24"), (2.08299, "2.08"), (16.6639, "16.66"), (12.971, "12.97"),
        (2.9999, "3.00"),
    ])
    func degreesOfFreedom(df: Double, text: String) {
        #expect(APA.df(df) == text)
    }

    @Test func valuesThatAreNotNumbersSaySo() {
        #expect(APA.p(.nan) == "p = NA")
        #expect(APA.value(.nan) == "NA")
        #expect(APA.value(.infinity) == "Inf" && APA.value(-.infinity) == "-Inf")
        #expect(APA.df(.infinity) == "Inf")
        #expect(APA.unit(-0.5, digits: 1) == "-.5")
    }

    @Test func composesTheHouseStrings() {
        let t = "t(\(APA.df(8))) = \(APA.value(3.0354)), \(APA.p(0.01618)), d_z = \(APA.value(1.0118))"
        #expect(t == "t(8) = 3.04, p = .016, d_z = 1.01")
        let f =
            "F(\(APA.df(2.0830)), \(APA.df(16.664))) = \(APA.value(5.20065)), "
            + "\(APA.p(0.01670)), η²G = \(APA.unit(0.34639))"
        #expect(f == "F(2.08, 16.66) = 5.20, p = .017, η²G = .346")
    }
}
