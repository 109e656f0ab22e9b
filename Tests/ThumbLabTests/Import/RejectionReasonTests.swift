import Testing

@testable import ThumbLab

/// `rejected_row.reason` holds where and what, without the advice error messages carry.
@Suite struct RejectionReasonTests {
    @Test func theStoredReasonLeavesTheAdviceOut() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            "participant,technique,time_ms\nP1,Direct,100\nP2,Direct,fast\n,Shift,200\n", named: "a.csv")
        var options = ImportOptions(study: "s")
        options.skipInvalid = true
        let report = try fixture.importer.importFile(at: path, options: options)
        let rejected = try fixture.database.rejectedRows(batch: try #require(report.batch?.id))
        #expect(rejected.count == 2)
        for row in rejected {
            #expect(row.reason.hasPrefix("\(row.line):"))
            #expect(row.reason.contains("expected") && row.reason.contains("found"), "\(row.reason)")
            #expect(!row.reason.contains("--skip-invalid") && !row.reason.contains("; "), "\(row.reason)")
        }
    }

    @Test func adviceIsCutAfterWhatWasFound() {
        #expect(
            RejectionReason.withoutAdvice(
                "expected a value in participant, found an empty field; fill it in or use --skip-invalid")
                == "expected a value in participant, found an empty field")
        #expect(RejectionReason.withoutAdvice("the file is empty; add rows") == "the file is empty; add rows")
    }
}
