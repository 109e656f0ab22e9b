import Foundation
import Testing

/// `init`, `info`, `device` and the database path rules (`--db`, `THUMBLAB_DB`), run
/// through the built binary, each test in its own folder.
@Suite struct DatabaseCommandTests {
    static let emptyInfo = """
        Study database thumblab.sqlite (schema version 18)

          studies       0
          participants  0
          trials        0
          phrases       0
          key taps      0
          touches       0
          responses     0
          batches       0
          rejected      0

        No studies yet: 'thumblab import FILE' adds one.

        """

    @Test func initCreatesTheDatabaseThenSaysItExists() throws {
        let sandbox = try Sandbox()
        let first = try sandbox.run(["init"])
        #expect(first.status == 0)
        #expect(first.stdout == "Created study database thumblab.sqlite.\n")
        #expect(first.stderr == "")
        #expect(FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
        let second = try sandbox.run(["init"])
        #expect(second.status == 0)
        #expect(second.stdout == "Study database thumblab.sqlite is ready (it already existed).\n")
        let json = try sandbox.run(["init", "--format", "json"])
        #expect(
            json.stdout == "{\n  \"path\": \"thumblab.sqlite\",\n  \"created\": false,\n  \"schema_version\": 18\n}\n")
    }

    @Test(arguments: [["info"], ["batches"], ["undo", "1"], ["device", "list"], ["info", "--format", "json"]])
    func readingAMissingDatabaseExits66AndCreatesNothing(_ arguments: [String]) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(arguments)
        #expect(run.status == 66)
        #expect(run.stdout == "")
        #expect(
            run.stderr == """
                Error: No study database at 'thumblab.sqlite'. 'thumblab import FILE' creates one; --db PATH or THUMBLAB_DB names another.

                """)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
    }

    @Test func infoOnAnEmptyDatabase() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.run(["init"])
        let text = try sandbox.run(["info"])
        #expect(text.status == 0)
        #expect(text.stdout == Self.emptyInfo)
        let json = try sandbox.run(["info", "--format", "json"])
        #expect(
            json.stdout == """
                {
                  "path": "thumblab.sqlite",
                  "schema_version": 18,
                  "studies": 0,
                  "participants": 0,
                  "trials": 0,
                  "phrases": 0,
                  "key_taps": 0,
                  "touches": 0,
                  "responses": 0,
                  "batches": 0,
                  "rejected": 0,
                  "factors": {},
                  "attributes": {},
                  "batch_units": []
                }

                """)
    }

    @Test func outWritesTheResultToAFileInTheFormatItsExtensionNames() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.run(["device", "add", "phone", "--width", "320", "--height", "480", "--ppi", "163"])
        let info = try sandbox.run(["info", "--out", "info.json"], environment: ["CLICOLOR_FORCE": "1"])
        #expect(info.status == 0)
        #expect(info.stdout == "")
        let written = try String(contentsOfFile: sandbox.path("info.json"), encoding: .utf8)
        #expect(written == (try sandbox.run(["info", "--format", "json"]).stdout))
        let text = try sandbox.run(["info", "--out", "info.txt"], environment: ["CLICOLOR_FORCE": "1"])
        #expect(text.status == 0)
        #expect(
            try String(contentsOfFile: sandbox.path("info.txt"), encoding: .utf8).hasPrefix(
                "Study database thumblab.sqlite"))
        _ = try sandbox.run(["device", "list", "--out", "devices.md"])
        #expect(
            try String(contentsOfFile: sandbox.path("devices.md"), encoding: .utf8).hasPrefix("| name | width_px |"))
        _ = try sandbox.run(["batches", "--out", "batches.data", "--format", "csv"])
        #expect(try String(contentsOfFile: sandbox.path("batches.data"), encoding: .utf8).hasPrefix("id,study,kind,"))
        let unwritable = try sandbox.run(["batches", "--out", "no/such/folder/b.csv"])
        #expect(unwritable.status == 73)
        #expect(unwritable.stderr.hasPrefix("Error: Cannot write 'no/such/folder/b.csv': "))
    }

    @Test func thumblabDBNamesTheDefaultAndDBOverridesIt() throws {
        let sandbox = try Sandbox()
        let environment = ["THUMBLAB_DB": sandbox.path("env.sqlite")]
        let created = try sandbox.run(["init"], environment: environment)
        #expect(created.stdout == "Created study database \(sandbox.path("env.sqlite")).\n")
        #expect(FileManager.default.fileExists(atPath: sandbox.path("env.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
        let info = try sandbox.run(["info", "--format", "json"], environment: environment)
        #expect(info.stdout.contains("\"path\": \"\(sandbox.path("env.sqlite"))\""))
        let overridden = try sandbox.run(["--db", "flag.sqlite", "init"], environment: environment)
        #expect(overridden.stdout == "Created study database flag.sqlite.\n")
        let empty = try sandbox.run(["info"], environment: ["THUMBLAB_DB": ""])
        #expect(empty.status == 66)
        #expect(empty.stderr.contains("'thumblab.sqlite'"))
    }

    @Test func devicesAreAddedOnceAndListedInEveryFormat() throws {
        let sandbox = try Sandbox()
        let phone = try sandbox.run([
            "device", "add", "phone-3.5in", "--width", "320", "--height", "480", "--ppi", "163",
        ])
        #expect(phone.status == 0)
        #expect(phone.stdout == "Added device 'phone-3.5in': 320 x 480 px, 6.4173 px/mm (163 ppi), 49.9 x 74.8 mm.\n")
        let tablet = try sandbox.run(["device", "add", "tablet", "--width=1536", "--height=2048", "--px-per-mm=10.35"])
        #expect(tablet.stdout == "Added device 'tablet': 1536 x 2048 px, 10.35 px/mm (262.89 ppi), 148.4 x 197.9 mm.\n")
        let again = try sandbox.run([
            "device", "add", "tablet", "--width", "1536", "--height", "2048", "--px-per-mm", "10.35",
        ])
        #expect(again.status == 0)
        #expect(again.stdout == "Device 'tablet' already exists with these figures; nothing changed.\n")

        let addedJSON = try sandbox.run([
            "device", "add", "tablet", "--width=1536", "--height=2048", "--px-per-mm=10.35", "--format=json",
        ])
        #expect(addedJSON.stdout.hasPrefix("{\n  \"added\": false,\n  \"device\": {\n    \"name\": \"tablet\",\n"))

        let text = try sandbox.run(["device", "list"])
        #expect(
            text.stdout == """
                name         width_px  height_px  px_per_mm     ppi  width_mm  height_mm  scale
                -----------  --------  ---------  ---------  ------  --------  ---------  -----
                phone-3.5in       320        480     6.4173     163      49.9       74.8
                tablet           1536       2048      10.35  262.89     148.4      197.9

                """)
        let csv = try sandbox.run(["device", "list", "--format", "csv"])
        #expect(
            csv.stdout == "name,width_px,height_px,px_per_mm,ppi,width_mm,height_mm,scale\r\n"
                + "phone-3.5in,320,480,6.4173,163,49.9,74.8,\r\ntablet,1536,2048,10.35,262.89,148.4,197.9,\r\n")
        let json = try sandbox.run(["device", "list", "--format", "json"])
        #expect(json.stdout.hasPrefix("[\n  {\n    \"name\": \"phone-3.5in\",\n    \"width_px\": 320,"))
    }

    @Test func aDeviceNameWithOtherFiguresIsRefused() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.run(["device", "add", "phone", "--width", "320", "--height", "480", "--ppi", "163"])
        let clash = try sandbox.run(["device", "add", "phone", "--width", "640", "--height", "960", "--ppi", "326"])
        #expect(clash.status == 64)
        #expect(
            clash.stderr == """
                Error: A device named 'phone' already exists with other figures (320 x 480 px, 6.4173 px/mm (163 ppi), 49.9 x 74.8 mm). Choose another name.

                """)
        let list = try sandbox.run(["device", "list", "--format", "csv"])
        #expect(list.stdout.components(separatedBy: "\r\n").count == 3)
    }

    @Test func undoingABatchThatDoesNotExistIsAUsageError() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.run(["init"])
        let run = try sandbox.run(["undo", "7"])
        #expect(run.status == 64)
        #expect(run.stderr == "Error: there is no batch 7; `thumblab batches` lists the imports\n")
    }

    @Test func errorsAreColouredOnlyWhenAskedAndNeverWithNoColor() throws {
        let sandbox = try Sandbox()
        let plain = try sandbox.run(["info"])
        #expect(plain.stderr.hasPrefix("Error: No study database"))
        let forced = try sandbox.run(["info"], environment: ["CLICOLOR_FORCE": "1"])
        #expect(forced.stderr.hasPrefix("\u{1B}[1;31mError:\u{1B}[0m No study database"))
        let refused = try sandbox.run(["info"], environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
        #expect(refused.stderr == plain.stderr)
        _ = try sandbox.run(["init"])
        let heading = try sandbox.run(["info"], environment: ["CLICOLOR_FORCE": "1"])
        #expect(heading.stdout.hasPrefix("\u{1B}[1mStudy database thumblab.sqlite\u{1B}[0m (schema version 18)"))
        let noColour = try sandbox.run(["info"], environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
        #expect(noColour.stdout == Self.emptyInfo)
    }
}
