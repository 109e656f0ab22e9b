import Foundation
import Testing

@testable import ThumbLab

/// The interval chart as SVG: points with their intervals, the fitted curve, reference
/// lines, axes with nice ticks, grouped categories, and a comparison's chart.
@Suite struct IntervalChartTests {
    let folder = TemporaryFolder()

    @Test func aNumericChartDrawsEveryPointIntervalCurveAndReference() throws {
        let root = try parseXML(SVGWriter.document(try sampleTargetSizeChart().figure()))
        #expect(root.elements(class: "estimate").count == 10)
        #expect(root.elements(class: "interval").count == 10)
        #expect(root.elements(class: "fit").count == 1)
        #expect(root.elements(class: "fit-label").first?.text == "2 / size²")
        #expect(root.elements(class: "reference-line").count == 3)
        #expect(
            root.elements(class: "reference-label").map(\.text) == [
                "9.2 mm Parhi et al.", "44 pt Apple", "48 dp Material",
            ])
        let legend = try #require(root.elements(class: "series-legend").first)
        #expect(legend.allText == "DirectShift")
        #expect(root.elements(class: "axis-title").map(\.text) == ["Error rate", "Target size (mm)"])
    }

    @Test func eachSeriesCurveIsDrawnInItsSeriesColourWithItsFitInTheName() throws {
        var chart = sampleTargetSizeChart()
        let series: [(name: String, offset: Double)] = [("Direct", 0.1), ("Shift", 0.0)]
        chart.curves = series.map { name, offset in
            FittedCurve(
                points: [FigurePoint(x: 3, y: offset + 0.2), FigurePoint(x: 12, y: offset)], label: "fit of \(name)",
                series: name)
        }
        let root = try parseXML(SVGWriter.document(try chart.figure()))
        let strokes = root.elements(class: "fit").compactMap { $0.attributes["stroke"] }
        #expect(strokes == IntervalChartLayout.seriesColours.prefix(2).map(\.hex))
        #expect(root.elements(class: "fit-label").isEmpty)
        #expect(
            root.elements(class: "fit-curve").map { $0.attributes["aria-label"] ?? "" } == [
                "Direct: fit of Direct", "Shift: fit of Shift",
            ])
    }

    @Test func proportionsStartAtZeroAndTicksAreNice() throws {
        let root = try parseXML(SVGWriter.document(try sampleTargetSizeChart().figure()))
        let labels = root.elements(class: "tick-label").map(\.text)
        #expect(labels.prefix(7) == ["0.00", "0.05", "0.10", "0.15", "0.20", "0.25", "0.30"])
        #expect(labels.contains("12"))
        let estimates = root.elements(class: "estimate").compactMap { $0.attributes["data-value"].flatMap(Double.init) }
        #expect(estimates == sampleTargetSizeChart().points.map(\.estimate))
    }

    @Test func referenceLinesSitAtTheirXValues() throws {
        let chart = sampleTargetSizeChart()
        let root = try parseXML(SVGWriter.document(try chart.figure()))
        let xs = root.elements(class: "reference-line").compactMap { $0.attributes["x1"].flatMap(Double.init) }
        let range = chart.xRange
        #expect(range.low == 2 && range.high == 12)
        // The plot spans 440 units from x = 78.
        for (x, reference) in zip(xs, chart.references) {
            #expect(abs(x - (78 + (reference.x - range.low) / (range.high - range.low) * 440)) <= 0.01)
        }
    }

    @Test func categoriesStandInGroupsUnderTheirNames() throws {
        let points = ["standing", "walking"].flatMap { mobility in
            ["Direct", "Shift"].map { technique in
                IntervalPoint(label: mobility, group: technique, estimate: 1000, low: 900, high: 1100)
            }
        }
        let chart = IntervalChart(
            title: "Time", xTitle: "mobility", yTitle: "Time (ms)", axis: .categorical, points: points, yFromZero: true)
        let root = try parseXML(SVGWriter.document(try chart.figure()))
        #expect(root.elements(class: "category-label").count == 4)
        #expect(root.elements(class: "group-label").map(\.text) == ["Direct", "Shift", "Direct", "Shift"])
        #expect(root.elements(class: "point").first?.attributes["aria-label"] == "Direct standing: 1000 [900, 1100]")
    }

    @Test func wrongUseIsAUsageError() {
        var chart = sampleTargetSizeChart()
        chart.axis = .categorical
        #expect { try chart.figure() } throws: { "\($0)".contains("need a numeric x axis") }
        chart = sampleTargetSizeChart()
        chart.points[2].x = nil
        #expect { try chart.figure() } throws: { "\($0)".contains("point '7.2 mm' has no x value") }
        chart.points = []
        #expect { try chart.figure() } throws: { "\($0)".contains("needs at least one point") }
    }

    @Test func aPointWithoutAnIntervalIsDrawnWithoutABar() throws {
        let chart = IntervalChart(
            title: "T", xTitle: "x", yTitle: "y", axis: .categorical,
            points: [
                IntervalPoint(label: "a", estimate: 2, low: .nan, high: .nan),
                IntervalPoint(label: "b", estimate: .nan, low: 1, high: 3),
            ])
        let root = try parseXML(SVGWriter.document(try chart.figure()))
        #expect(root.elements(class: "estimate").count == 1)
        #expect(root.elements(class: "interval").count == 1)
    }

    @Test func aComparisonChartsItsLevelMeansAndIntervals() throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.compare(
            ComparisonRequest(measure: .time, factors: ["technique"]),
            selection: Selection())
        let chart = ComparisonChart.chart(report)
        let levels = report.comparisons[0].levels
        #expect(chart.points.map(\.label) == ["Direct", "Shift", "ThumbSpace"])
        #expect(chart.points.map(\.estimate) == levels.map(\.mean))
        #expect(chart.points.map(\.low) == levels.map(\.ciLow))
        #expect(chart.points.map(\.high) == levels.map(\.ciHigh))
        #expect(chart.yTitle == "Time (ms), geometric means")
        #expect(chart.title == "Time by technique: geometric means with 95% CIs (n = 16 participants)")
        #expect(chart.yFromZero)
        let root = try parseXML(SVGWriter.document(try chart.figure()))
        #expect(root.elements(class: "estimate").count == 3)
        #expect(root.children[1].text.contains("repeated-measures ANOVA"))
    }

    @Test func anErrorComparisonByALevelGroupsItsPointsAndStopsAtOne() throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.compare(
            ComparisonRequest(measure: .error, factors: ["technique", "mobility"], by: "target_size_mm"),
            selection: Selection())
        let chart = ComparisonChart.chart(report)
        #expect(chart.points.count == 18)
        #expect(chart.points.first?.group == "target size (mm) = 3.6, Direct")
        #expect(chart.points.first?.label == "standing")
        #expect(chart.yLimit == 1)
        #expect(chart.yRange.low == 0 && chart.yRange.high <= 1)
    }
}

/// SUS means drawn against the Sauro-Lewis grade bands.
@Suite struct SUSGradeBandTests {
    @Test func susComparisonsAreDrawnOverTheGradeBands() throws {
        let folder = TemporaryFolder()
        let study = try bundledStudy(["trials.csv", "responses.csv"], folder: folder)
        let report = try study.compare(ComparisonRequest(measure: .score("SUS"), factors: ["technique"]))
        let chart = ComparisonChart.chart(report)
        #expect(chart.bands.map(\.label) == SUSGrade.allCases.map(\.rawValue))
        #expect(chart.bands.first?.high == 100 && chart.bands.last?.low == 0)
        for (upper, lower) in zip(chart.bands, chart.bands.dropFirst()) { #expect(upper.low == lower.high) }
        let svg = try parseXML(SVGWriter.document(try chart.figure()))
        #expect(svg.elements(class: "band").count == 11)
        #expect(svg.elements(class: "point").count == 3)
        let time = ComparisonChart.chart(try study.compare(ComparisonRequest(measure: .time, factors: ["technique"])))
        #expect(time.bands.isEmpty)
    }
}
