import Foundation
import Testing

@testable import ThumbLab

/// `targetSize` on thumbspace-vs-shift (every attempt) against pandas, statsmodels'
/// `Logit` and scipy's signed-rank test (Fixtures/spatial/gen_spatial.py).
@Suite struct TargetSizeReferenceTests {
    let folder = TemporaryFolder()

    private func checkSizes(_ report: TargetSizeReport) throws {
        let expected = try #require(spatialValue("target_size", "sizes") as? [[String: Any]])
        #expect(report.sizes.map(\.sizeMM) == expected.map { $0["size_mm"] as? Double })
        for (row, reference) in zip(report.sizes, expected) {
            #expect(row.trials == reference["trials"] as? Int)
            #expect(row.participants == reference["participants"] as? Int)
            let pairs: [(String, Double?)] = [
                ("error_rate", row.errorRate), ("error_ci_low", row.errorCILow), ("error_ci_high", row.errorCIHigh),
                ("time_geomean", row.timeGeomean), ("time_ci_low", row.timeCILow), ("time_ci_high", row.timeCIHigh),
            ]
            for (name, value) in pairs {
                let number = try #require(reference[name] as? Double, "\(name)")
                #expect(close(value, number, 1e-9), "\(row.sizeMM) \(name)")
            }
        }
    }

    @Test func sizesFitAndThresholdsMatchTheReference() throws {
        let report = try bundledStudy(folder: folder).targetSize()
        #expect(report.source == .factor(name: "target_size_mm", detected: true))
        #expect(report.selection.attempts == .all)
        #expect(report.selection.trials == 6902)
        try checkSizes(report)
        let fit = try #require(report.fit)
        let names: [(String, Double)] = [
            ("intercept", fit.intercept), ("slope", fit.slope), ("intercept_se", fit.interceptSE),
            ("slope_se", fit.slopeSE), ("intercept_z", fit.interceptZ), ("slope_z", fit.slopeZ),
            ("log_likelihood", fit.logLikelihood), ("intercept_p", fit.interceptP), ("slope_p", fit.slopeP),
        ]
        for (name, value) in names {
            #expect(close(value, try spatialNumber("target_size", "logistic", name), 1e-6), "\(name)")
        }
        #expect(
            close(report.sizeAtTargetErrorRate, try spatialNumber("target_size", "logistic", "size_at_5_percent"), 1e-6)
        )
        #expect(
            close(
                fit.predictor(atProbability: 0.01), try spatialNumber("target_size", "logistic", "size_at_1_percent"),
                1e-6))
        let curve = try #require(spatialValue("target_size", "logistic", "curve") as? [[String: Double]])
        for point in curve {
            let interval = fit.probability(at: point["size_mm"]!)
            #expect(close(interval.estimate, point["error"]!, 1e-6))
            #expect(close(interval.lower, point["ci_low"]!, 1e-6))
            #expect(close(interval.upper, point["ci_high"]!, 1e-6))
        }
        #expect(report.curve.count == SizeAnalysis.curvePoints)
        #expect(report.curve.first?.sizeMM == 3.6)
        #expect(report.curve.last?.sizeMM == 9.6)
        let tests = try #require(spatialValue("target_size", "threshold_tests") as? [[String: Any]])
        #expect(report.thresholdTests.map(\.sizeMM) == tests.map { $0["size_mm"] as? Double })
        for (test, reference) in zip(report.thresholdTests, tests) {
            #expect(test.participants == reference["participants"] as? Int)
            #expect(test.test?.wPlus == reference["w_plus"] as? Double)
            #expect(close(test.p, reference["p"] as! Double, 1e-9))
            #expect(close(test.pAdjusted, reference["p_holm"] as! Double, 1e-9))
            #expect(test.test?.method.rawValue == reference["method"] as? String)
        }
        #expect(report.smallestSizeNotAboveLargest == (try spatialNumber("target_size", "smallest_not_above_largest")))
        #expect(report.sentences.first?.contains("falls to 5% at 8.1 mm") == true)
    }

    @Test func referenceSizesAreThePublishedOnes() throws {
        let sizes = ReferenceTargetSize.published.map(\.sizeMM)
        #expect(close(sizes[0], try spatialNumber("target_size", "reference_sizes", "parhi_2006_mm"), 1e-12))
        #expect(close(sizes[1], try spatialNumber("target_size", "reference_sizes", "apple_44pt_mm"), 1e-12))
        #expect(close(sizes[2], try spatialNumber("target_size", "reference_sizes", "material_48dp_mm"), 1e-12))
        #expect(ReferenceTargetSize.published[1].source.contains("1/163 in"))
    }

    @Test func sizesFromTheTargetsThroughTheDeviceGiveTheSameRows() throws {
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("px.sqlite").path)
        try database.addDevice(Device(name: "phone-3.5in", widthPx: 320, heightPx: 480, ppi: 163))
        let path = repositoryRoot.appendingPathComponent("Datasets/thumbspace-vs-shift/trials.csv").path
        _ = try Importer(database: database).importFile(
            at: path, options: ImportOptions(ignore: ["target_size_mm"], device: "phone-3.5in"))
        let report = try Study(database: database).targetSize()
        guard case .targetSide(let device) = report.source else {
            Issue.record("sizes should come from the targets, got \(report.source)")
            return
        }
        #expect(device.name == "phone-3.5in")
        try checkSizes(report)
        #expect(report.methods.contains("rounded to 0.1 mm"))
    }

    @Test func oneSizeReportsItsRowsAndWhyThereIsNoFit() throws {
        let report = try thumbReachStudy(folder: folder).targetSize(TargetSizeRequest(device: "small"))
        #expect(report.sizes.map(\.sizeMM) == [7.0])
        #expect(report.fit == nil)
        #expect(report.thresholdTests.isEmpty)
        #expect(report.notes.first?.contains("single target size (7 mm)") == true)
    }

    @Test func unhappyPathsSayWhatToDo() throws {
        let noDevice = try thumbReachStudy(["small"], withDevices: false, folder: folder)
        // Without a size factor or a device no trial can have a size: the refusal reads none.
        var reads = 0
        noDevice.database.readProgress = { if $0.finished { reads += 1 } }
        #expect(usageMessage { _ = try noDevice.targetSize() }?.contains("name the size factor") == true)
        #expect(
            usageMessage { _ = try noDevice.targetSize(selection: Selection()) }?.contains("imports name no device")
                == true)
        #expect(reads == 0)
        noDevice.database.readProgress = nil
        let study = try bundledStudy(folder: folder)
        #expect(
            usageMessage { _ = try study.targetSize(TargetSizeRequest(sizeFactor: "technique")) }?.contains(
                "are not numbers") == true)
        #expect(
            usageMessage { _ = try study.targetSize(TargetSizeRequest(targetErrorRate: 1.5)) }?.contains(
                "between 0 and 1") == true)
        let mixed = try thumbReachStudy(folder: folder)
        #expect(usageMessage { _ = try mixed.targetSize() }?.contains("2 devices") == true)
    }
}
