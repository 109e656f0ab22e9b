import Foundation
import Testing

@testable import ThumbLab

/// The lines `thumblab import` prints about a file.
@Suite struct ImportSummaryTests {
    @Test func touchGroupWithOnlyACancelledDownHeldNoSelection() throws {
        let folder = TemporaryFolder()
        let path = folder.write(
            "pid,trial,t,x,y,phase\nP1,1,0,5,5,down\nP1,1,20,6,6,cancel\nP1,2,30,1,1,down\nP1,2,60,1,1,up\n",
            named: "touches.csv")
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
        let folder = TemporaryFolder()
        let path = folder.write("pid,trial,t,x,y,phase\nP1,1,0,5,5,down\nP1,1,20,6,6,up\n", named: "touches.csv")
        let options = ImportOptions(dryRun: true)
        let report = try Importer(database: nil).importFile(at: path, options: options)
        #expect(report.touchTrialsWithoutSelection == 0)
        #expect(!ImportSummary.text(report, options: options).contains("no trial"))
    }
}
