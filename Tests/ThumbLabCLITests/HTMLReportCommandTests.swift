import Foundation
import Testing

/// `thumblab report --format html`: one page, written where `--out` says, the same bytes
/// on every run.
@Suite struct HTMLReportCommandTests {
    @Test func theHTMLReportGoesToTheNamedFileOrIntoTheFolder() throws {
        let sandbox = try Sandbox()
        let demo = try sandbox.run(["demo"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let db = sandbox.path("thumblab-demo/study.sqlite")
        let base = ["report", "--db", db, "--exclude", "block=0", "--format", "html"]
        let file = try sandbox.run(base + ["--out", "one/page.html"])
        #expect(file.status == 0, "\(file.stderr)")
        #expect(file.stdout == "Wrote one/page.html\n")
        let folder = try sandbox.run(base + ["--out", "two"])
        #expect(folder.stdout == "Wrote two/report.html\n", "\(folder.stderr)")
        let one = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("one/page.html")))
        let two = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("two/report.html")))
        #expect(one == two && one.count > 100_000)
        let demoPage = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("thumblab-demo/report.html")))
        #expect(demoPage == one, "the demo writes the report of the main blocks")
    }

    @Test func anUnknownFormatNamesTheChoices() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["report", "--format", "pdf"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("md") && run.stderr.contains("html"), "\(run.stderr)")
    }
}
