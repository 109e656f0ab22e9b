import Foundation
import Testing

@testable import ThumbLab

/// The colour maps against matplotlib's colours as `Fixtures/figures/colour_maps.py`
/// sampled them, colour scales, and nice ticks.
@Suite struct ColourMapTests {
    struct Sample {
        var anchors: [[Double]]
        var lightness: [Double]
        var probes: [(t: Double, rgb: [Double])]
    }

    static func sample(_ key: String) throws -> Sample {
        let data = try Data(contentsOf: figuresFixture("colour_maps.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let map = try #require((root["maps"] as? [String: Any])?[key] as? [String: Any], "no map \(key)")
        let anchors = try #require(map["anchors"] as? [[Double]])
        let lightness = try #require(map["anchor_lightness"] as? [Double])
        let probes = try #require(map["probes"] as? [[String: Any]]).map { probe in
            (t: probe["t"] as? Double ?? .nan, rgb: probe["rgb"] as? [Double] ?? [])
        }
        return Sample(anchors: anchors, lightness: lightness, probes: probes)
    }

    static let maps: [(String, ColourMap)] = [("viridis", .viridis), ("diverging", .diverging)]

    @Test(arguments: [0, 1])
    func anchorsAreMatplotlibsSamples(_ index: Int) throws {
        let (key, map) = Self.maps[index]
        let sample = try Self.sample(key)
        #expect(map.anchors.count == sample.anchors.count)
        for (colour, expected) in zip(map.anchors, sample.anchors) {
            let (r, g, b) = colour.bytes
            #expect([Double(r), Double(g), Double(b)] == expected)
        }
    }

    @Test(arguments: [0, 1])
    func interpolatedColoursMatchMatplotlibWithinThreeOf255(_ index: Int) throws {
        let (key, map) = Self.maps[index]
        let sample = try Self.sample(key)
        #expect(sample.probes.count >= 8)
        for probe in sample.probes {
            let colour = map.colour(at: probe.t)
            let actual = [colour.red, colour.green, colour.blue].map { $0 * 255 }
            for (a, e) in zip(actual, probe.rgb) {
                #expect(abs(a - e) <= 3, "\(key) at \(probe.t): \(actual) vs matplotlib \(probe.rgb)")
            }
        }
    }

    @Test func viridisLightnessRisesAndTheDivergingMapsIsSymmetric() throws {
        let viridis = try Self.sample("viridis").lightness
        #expect(zip(viridis, viridis.dropFirst()).allSatisfy { $0 < $1 })
        let diverging = try Self.sample("diverging").lightness
        for (low, high) in zip(diverging, diverging.reversed()) { #expect(abs(low - high) < 1, "within 1 L* unit") }
        #expect(diverging.max() == diverging[diverging.count / 2])
    }

    @Test func positionsOutsideTheMapClampAndNaNIsGrey() {
        #expect(ColourMap.viridis.colour(at: -3) == ColourMap.viridis.anchors[0])
        #expect(ColourMap.viridis.colour(at: 7) == ColourMap.viridis.anchors[32])
        #expect(ColourMap.viridis.colour(at: .nan) == ColourMap.missing)
        #expect(ColourMap(name: "none", anchors: [], isDiverging: false).colour(at: 0.5) == ColourMap.missing)
    }

    @Test func sequentialScalesWidenToNiceNumbersAndDivergingOnesCentreOnZero() {
        let rates = ColourScale.sequential([0.031, 0.52, .nan, 0.87], fromZero: true)
        #expect(rates.low == 0 && rates.high == 1)
        #expect(rates.ticks().values == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(rates.colour(for: 0) == ColourMap.viridis.anchors[0])
        let times = ColourScale.sequential([812, 1490])
        #expect(times.low == 800 && times.high == 1600)
        let differences = ColourScale.diverging([-0.12, 0.31, .infinity])
        #expect(differences.low == -0.4 && differences.high == 0.4)
        #expect(differences.position(of: 0) == 0.5)
        #expect(differences.colour(for: 0) == ColourMap.diverging.colour(at: 0.5))
        #expect(ColourScale(map: .viridis, low: 5, high: 5).low == 4.5)
        #expect(ColourScale(map: .viridis, low: .nan, high: 2) == ColourScale(map: .viridis, low: 0, high: 1))
        #expect(ColourScale.sequential([]).high == 1)
        #expect(ColourScale.diverging([0, 0]).high == 1)
        #expect(rates.colour(for: .nan) == ColourMap.missing)
    }

    @Test(arguments: [
        (0.0, 1.0, 5, [0, 0.2, 0.4, 0.6, 0.8, 1.0], "0.0"),
        (0.0, 100.0, 5, [0, 20, 40, 60, 80, 100], "0"),
        (812.0, 1490.0, 5, [1000, 1200, 1400], "1000"),
        (-0.37, 0.37, 5, [-0.2, 0, 0.2], "-0.2"),
        (0.001, 0.0042, 4, [0.001, 0.002, 0.003, 0.004], "0.001"),
        (3.6, 12.0, 7, [4, 5, 6, 7, 8, 9, 10, 11, 12], "4"),
        (-5.0, -5.0, 5, [-5.4, -5.2, -5, -4.8, -4.6], "-5.4"),
        (0.1, 0.7, 7, [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], "0.1"),
    ])
    func niceTicks(_ low: Double, _ high: Double, _ count: Int, _ expected: [Double], _ firstLabel: String) {
        let ticks = NiceTicks(from: low, to: high, count: count)
        #expect(ticks.values == expected)
        #expect(ticks.label(ticks.values.first ?? .nan) == firstLabel)
    }

    @Test func niceNumbersBoundsAndLabels() {
        #expect(NiceTicks.nice(0.23, rounding: true) == 0.2)
        #expect(NiceTicks.nice(0.23, rounding: false) == 0.5)
        #expect(NiceTicks.nice(7.5, rounding: true) == 10)
        #expect(NiceTicks.nice(-1, rounding: true) == 1)
        let rates = NiceTicks.niceBounds(0.03, 0.87)
        #expect(rates.low == 0 && rates.high == 1)
        let times = NiceTicks.niceBounds(812, 1490)
        #expect(times.low == 800 && times.high == 1600)
        #expect(NiceTicks(from: .nan, to: 1).values.isEmpty)
        #expect(NiceTicks(from: 0, to: 1).label(-0.0) == "0.0")
        #expect(NiceTicks.format(-0.0001, decimals: 2) == "0.00")
        #expect(NiceTicks.format(1234.5, decimals: 1) == "1234.5")
    }
}
