import Foundation
import Testing
import ThumbLab

@testable import thumblab

/// The lines `thumblab import` prints about a file, and its JSON report, from the
/// ``ImportReport`` the library returns.
@Suite struct ImportSummaryTests {
    @Test func touchGroupWithOnlyACancelledDownHeldNoSelection() throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write(
            "touches.csv",
            "pid,trial,t,x,y,phase\nP1,1,0,5,5,down\nP1,1,20,6,6,cancel\nP1,2,30,1,1,down\nP1,2,60,1,1,up\n")
        let options = ImportOptions(dryRun: true)
        let report = try Importer(database: nil).importFile(at: path, options: options)
        #expect(report.touchTrialsWithoutSelection == 1)
        let lines = ImportSummary.text(report, options: options).split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "  no trial  1 touch groups held no selection (no up, and no down that was not cancelled);"
                    + " their touches are stored"))
        #expect(!lines.contains { $0.contains("neither a down nor an up") })
    }

    @Test func everyTouchGroupWithASelectionPrintsNoSuchLine() throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write("touches.csv", "pid,trial,t,x,y,phase\nP1,1,0,5,5,down\nP1,1,20,6,6,up\n")
        let options = ImportOptions(dryRun: true)
        let report = try Importer(database: nil).importFile(at: path, options: options)
        #expect(report.touchTrialsWithoutSelection == 0)
        #expect(!ImportSummary.text(report, options: options).contains("no trial"))
    }

    @Test func summaryStatesEachConversion() {
        let options = ImportOptions(
            map: ["target_w": "targetW"], device: "phone", units: .pt, fieldUnits: ["target_w": .mm])
        var report = ImportReport(file: "s.csv", kind: .trials, format: "csv", rows: 1)
        report.conversions = [
            ColumnConversion(field: "target_x", column: "tx", unit: .pt, pixelsPerUnit: 2),
            ColumnConversion(field: "target_w", column: "targetW", unit: .mm, pixelsPerUnit: 10),
            ColumnConversion(field: "touch_x", column: "touch_x", unit: .pt, pixelsPerUnit: 2),
        ]
        let text = ImportSummary.text(report, options: options)
        #expect(text.contains("\n  units     target_x ('tx'), touch_x: pt to px, x 2 px/pt (device phone)\n"))
        #expect(text.contains("\n  units     target_w: mm to px, x 10 px/mm (device phone)\n"))
        let json = ImportSummary.json([report], options: options).rendered()
        #expect(json.contains("\"unit\": \"mm\""))
        #expect(json.contains("\"px_per_unit\": 10"))
    }

    @Test func unitsForAFileWithoutLengthsAreSaidToConvertNothing() {
        var report = ImportReport(file: "nolength.csv", kind: .trials, format: "csv", rows: 1)
        report.columns = [
            ColumnMatch(column: "pid", field: "participant"), ColumnMatch(column: "time", field: "time_ms"),
            ColumnMatch(column: "hit", field: "hit"),
        ]
        let text = ImportSummary.text(report, options: ImportOptions(device: "phone", units: .mm))
        #expect(
            text.contains(
                "\n  units     --units mm converted nothing: the file has no length column (target_x, target_y,"),
            "\(text)")
        // Pixels convert nothing by definition, and say nothing.
        let plain = ImportSummary.text(report, options: ImportOptions(study: "px", device: "phone", units: .px))
        #expect(!plain.contains("  units "), "\(plain)")
        // The only length read in a unit of its own: --units had nothing left, but the file
        // has a length, and the summary states its conversion only.
        let mapped = ImportOptions(
            study: "mapped", map: ["target_w": "W"], device: "phone", units: .pt, fieldUnits: ["target_w": .mm])
        report.columns.append(ColumnMatch(column: "W", field: "target_w"))
        report.conversions = [ColumnConversion(field: "target_w", column: "W", unit: .mm, pixelsPerUnit: 10)]
        let text2 = ImportSummary.text(report, options: mapped)
        #expect(text2.contains("\n  units     target_w ('W'): mm to px, x 10 px/mm (device phone)\n"), "\(text2)")
        #expect(!text2.contains("converted nothing"), "\(text2)")
    }

    @Test func theSummaryNamesTheTimingModel() {
        var onset = ImportReport(file: "taps.jsonl", kind: .touches, format: "json", rows: 16, derivedTrials: 7)
        onset.trialTime = .onset
        let text = ImportSummary.text(onset, options: ImportOptions(study: "s"))
        #expect(text.contains("  timing    trials derived from touch events are timed from the stimulus onset"))
    }

    @Test func theImportSummaryNamesTheModelAndTheTrialsWithoutTime() throws {
        var report = ImportReport(file: "taps.csv", kind: .touches, format: "csv", rows: 16, derivedTrials: 7)
        report.trialTime = .previous
        report.trialsWithoutTime = 4
        let text = ImportSummary.text(report, options: ImportOptions())
        #expect(
            text.contains(
                "  timing    trials derived from touch events are timed from the previous selection (the previous trial's or start tap's touch-up, ISO 9241-411 serial task); 4 first trials of a block without a start tap have no time"
            ))
        let json = ImportSummary.json([report], options: ImportOptions())
        guard case .array(let files) = json, case .object(let fields) = files[0] else {
            Issue.record("expected an array of objects")
            return
        }
        #expect(fields.first { $0.0 == "trial_time" }?.1 == .string("previous"))
        #expect(fields.first { $0.0 == "trials_without_time" }?.1 == .int(4))
    }

    @Test func theSummaryCountsAttachedDerivedAndUnlinkedTouches() {
        var takeover = TrialLinks()
        takeover.replacedTrials = 3
        takeover.touchesOfOtherBatches = 7
        var logged = ImportReport(file: "trials.csv", kind: .trials, format: "csv", rows: 3)
        logged.links = takeover
        #expect(
            ImportSummary.text(logged, options: ImportOptions(study: "s")).contains(
                "  touches   took over 3 trials derived from touch logs; attached 7 touches to these trials\n"))
        var links = TrialLinks()
        links.attachedTouches = 9
        links.attachedTrials = 4
        links.derivedTrials = 1
        links.touchesWithoutTrial = 4
        links.coveredTrials = 3
        var joined = ImportReport(file: "touches.csv", kind: .touches, format: "csv", rows: 13, derivedTrials: 1)
        joined.links = links
        #expect(
            ImportSummary.text(joined, options: ImportOptions(study: "s")).contains(
                "  touches   attached 9 touches to 4 trials; derived 1 trial; 4 touches belong to no trial; "
                    + "3 trials of the log matched logged trials\n"))
    }

    @Test func constantsAreStatedWithTheirOrigin() throws {
        var options = ImportOptions()
        options.constants = [
            ImportConstant(name: "participant", value: "P01"), ImportConstant(name: "technique", value: "Shift"),
        ]
        var report = ImportReport(file: "c.csv", kind: .trials, format: "csv", rows: 3, factors: ["technique"])
        report.constants = options.constants
        let text = ImportSummary.text(report, options: options)
        #expect(text.contains("\n  constant  participant = P01, technique = Shift (from --set)\n"))
        let json = ImportSummary.json([report], options: options).rendered()
        #expect(
            json.contains(
                "\"name\": \"technique\",\n        \"field\": null,\n        \"value\": \"Shift\",\n        \"source\": \"given\""
            ))
        var named = ImportOptions()
        named.namePattern = try FileNamePattern("{participant}_{technique}.csv")
        report.constants = try named.namePattern!.values(forFileAt: "P03_ThumbSpace.csv")
        #expect(
            ImportSummary.text(report, options: named).contains(
                "\n  file name participant = P03, technique = ThumbSpace (from --name-pattern '{participant}_{technique}.csv')\n"
            ))
    }

    @Test func widthWarningsNameTheFlagsThatGiveTheUnit() {
        let onDevice = ImportWarning.widthsMayNotBePixels(
            WidthUnitDoubt(
                header: "targetW", median: 9.6, sampledRows: nil, reference: .device(name: "phone", shortSidePx: 1080),
                divisor: 40, dryRun: false))
        #expect(
            onDevice.commandLineWords
                == "target_w ('targetW'): the median target width is 9.6, read as px since no unit was given, below 1/40 of the shorter side of device phone (1080 px / 40 = 27 px); if the widths are in mm (or pt, dp), undo this import and import again with --units mm (or --map target_w=targetW:mm)"
        )
        let bySpan = ImportWarning.widthsMayNotBePixels(
            WidthUnitDoubt(
                header: "target_w", median: 5, sampledRows: nil,
                reference: .positionSpan(extentPx: 1300, fields: "target_x, touch_x"), divisor: 50, dryRun: false))
        #expect(
            bySpan.commandLineWords
                == "target_w: the median target width is 5, read as px since no unit was given, below 1/50 of the 1300 px that target_x, touch_x span in this file (1300 / 50 = 26 px); if the widths are in mm (or pt, dp), undo this import and import again naming the device and the unit: --device NAME --units mm (or --device NAME --map target_w=target_w:mm)"
        )
        var report = ImportReport(file: "mm.csv", kind: .trials, format: "csv", rows: 3)
        report.warnings = [bySpan]
        #expect(ImportSummary.text(report, options: ImportOptions()).contains("\n  warning   target_w: the median"))
        let json = ImportSummary.json([report], options: ImportOptions()).rendered()
        #expect(json.contains("\"target_w: the median target width is 5, read as px"))
        #expect(json.contains("--device NAME --units mm"))
    }
}
