import Foundation
import Testing

/// `thumblab import` end to end: what it prints, what it stores, and that a refused
/// import leaves the database as it was.
@Suite struct ImportCommandTests {
    static let trials = """
        participant,technique,block,trial,time_ms,hit
        P1,Direct,1,1,812.5,0
        P1,Direct,1,1,790,1
        P1,Shift,1,1,900,1
        P2,Direct,1,1,700,1

        """

    @Test func importPrintsWhatItDidAndTheDefaultsThatShapedIt() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        let run = try sandbox.run(["import", "trials.csv"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout == """
                trials.csv: imported 4 trials into study 'default' as batch 1.
                  study     default (the default; --study NAME names another)
                  kind      trials (detected from the columns)
                  format    csv
                  fields    participant, block, trial, time_ms, hit
                  factors   technique
                  rejected  0
                  journal   rollback (an empty database: each page written once, readers wait for the commit; write-ahead log again after it)

                """)
        let text = try sandbox.run(["info"])
        #expect(
            text.stdout == """
                Study database thumblab.sqlite (schema version 18)

                  studies       1
                  participants  2
                  trials        4
                  phrases       0
                  key taps      0
                  touches       0
                  responses     0
                  batches       1
                  rejected      0

                Study 'default'
                  technique     2 levels: Direct, Shift

                Batches (the unit each import read lengths in)
                  1  px       trials   default: trials.csv

                """)
        let info = try sandbox.run(["info", "--format", "json"])
        #expect(
            info.stdout == """
                {
                  "path": "thumblab.sqlite",
                  "schema_version": 18,
                  "studies": 1,
                  "participants": 2,
                  "trials": 4,
                  "phrases": 0,
                  "key_taps": 0,
                  "touches": 0,
                  "responses": 0,
                  "batches": 1,
                  "rejected": 0,
                  "factors": {
                    "default": {
                      "technique": [
                        "Direct",
                        "Shift"
                      ]
                    }
                  },
                  "attributes": {},
                  "batch_units": [
                    {
                      "batch": 1,
                      "study": "default",
                      "kind": "trials",
                      "source": "trials.csv",
                      "units": "px"
                    }
                  ]
                }

                """)
    }

    @Test func aliasesMapAndIgnoreAreReportedPerColumn() throws {
        let sandbox = try Sandbox()
        try sandbox.write("log.csv", "PID;Technique;MT;success;rt_alt;note\nP1;Direct;812;1;800;fine\n")
        let run = try sandbox.run([
            "import", "log.csv", "--study", "pilot", "--map", "time_ms=rt_alt", "--ignore", "note", "--ignore", "MT",
        ])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                log.csv: imported 1 trial into study 'pilot' as batch 1.
                  kind      trials (detected from the columns)
                  format    csv
                  fields    PID -> participant, success -> hit, rt_alt -> time_ms
                  factors   Technique
                  rejected  0
                  journal   rollback (an empty database: each page written once, readers wait for the commit; write-ahead log again after it)

                """)
    }

    @Test func reimportingTheSameContentIsANoOpThatSaysSo() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        _ = try sandbox.run(["import", "trials.csv"])
        let before = try sandbox.run(["info", "--format", "json"]).stdout
        try sandbox.write("copy.csv", Self.trials)
        let again = try sandbox.run(["import", "copy.csv"])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("copy.csv: already imported into study 'default' as batch 1 on "))
        #expect(again.stdout.hasSuffix(" (same content); nothing changed.\n"))
        #expect(try sandbox.run(["info", "--format", "json"]).stdout == before)
        let otherStudy = try sandbox.run(["import", "copy.csv", "--study", "replication"])
        #expect(otherStudy.stdout.hasPrefix("copy.csv: imported 4 trials into study 'replication' as batch 2."))
    }

    @Test func dryRunChecksAndCountsWithoutWriting() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        let run = try sandbox.run(["import", "trials.csv", "--dry-run", "--study", "pilot"])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                trials.csv: checked, 4 trials would be imported into study 'pilot' (dry run: nothing written).
                  kind      trials (detected from the columns)
                  format    csv
                  fields    participant, block, trial, time_ms, hit
                  factors   technique
                  rejected  0

                """)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))

        #expect(try sandbox.run(["import", "trials.csv"]).status == 0)
        let before = try sandbox.run(["info", "--format", "json"]).stdout
        let known = try sandbox.run(["import", "trials.csv", "--dry-run"])
        #expect(known.status == 0)
        #expect(known.stdout.hasPrefix("trials.csv: already imported into study 'default' as batch 1 on "))
        try sandbox.write("more.csv", "participant,time_ms\nP7,100\n")
        let fresh = try sandbox.run(["import", "more.csv", "--dry-run"])
        #expect(
            fresh.stdout.hasPrefix(
                "more.csv: checked, 1 trial would be imported into study 'default' (dry run: nothing written).\n"))
        let unknownDevice = try sandbox.run(["import", "more.csv", "--dry-run", "--device", "tablet"])
        #expect(unknownDevice.status == 64)
        #expect(try sandbox.run(["info", "--format", "json"]).stdout == before)
    }

    @Test func thumblabDBReceivesTheImport() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        let environment = ["THUMBLAB_DB": sandbox.path("from-env.sqlite")]
        #expect(try sandbox.run(["import", "trials.csv"], environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
        let info = try sandbox.run(["info", "--format", "json", "--db", "from-env.sqlite"]).stdout
        #expect(info.contains("\"trials\": 4,"))
    }

    @Test func aDatabaseThatCannotBeCreatedExits1WithThePath() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        let run = try sandbox.run(["import", "trials.csv", "--db", "no/such/folder/study.sqlite"])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(
            run.stderr == "Error: Cannot open the database 'no/such/folder/study.sqlite'. "
                + "Check that the folder exists and that you may write to it.\n")
    }

    @Test func skipInvalidImportsTheRestAndRecordsEachRejectedRow() throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "glitch.csv",
            """
            participant,technique,time_ms,hit
            P1,Direct,812,1
            P1,Direct,-3,1
            P2,Shift,700,yes-ish
            P2,Shift,650,0

            """)
        let run = try sandbox.run(["import", "glitch.csv", "--skip-invalid"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("glitch.csv: imported 2 trials into study 'default' as batch 1.\n"))
        #expect(run.stdout.contains("\n  rejected  2 (left out and recorded in the database, table rejected_row)\n"))
        let info = try sandbox.run(["info", "--format", "json"]).stdout
        #expect(info.contains("\"trials\": 2,"))
        #expect(info.contains("\"rejected\": 2,"))
        let batches = try sandbox.run(["batches", "--format", "csv"]).stdout
        #expect(batches.contains(",default,trials,csv,2,2,,"))
    }

    @Test func kindGivenAndDryRunWithSkipInvalidAreStated() throws {
        let sandbox = try Sandbox()
        try sandbox.write("answers.tsv", "user\titem\tvalue\tinstrument\nP1\tq1\t4\tSEQ\nP1\tq2\tfour\tSEQ\n")
        let run = try sandbox.run(["import", "answers.tsv", "--kind", "responses", "--dry-run", "--skip-invalid"])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                answers.tsv: checked, 1 response would be imported into study 'default' (dry run: nothing written).
                  study     default (the default; --study NAME names another)
                  kind      responses (as given by --kind)
                  format    csv
                  fields    user -> participant, item, value, instrument
                  factors   none
                  rejected  1 (invalid rows that --skip-invalid would leave out)

                """)
    }

    @Test func aMissingFileExits66AndImportsNothing() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.run(["init"])
        let run = try sandbox.run(["import", "nope.csv"])
        #expect(run.status == 66)
        #expect(run.stdout == "")
        #expect(run.stderr == "Error: No such file: 'nope.csv'. Check the path and that the file is readable.\n")
        #expect(try sandbox.run(["info", "--format", "json"]).stdout.contains("\"batches\": 0,"))
    }

    @Test func aMissingFileStopsEveryImportAndCreatesNoDatabase() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        let run = try sandbox.run(["import", "trials.csv", "nope.csv"])
        #expect(run.status == 66)
        #expect(run.stdout == "")
        #expect(run.stderr == "Error: No such file: 'nope.csv'. Check the path and that the file is readable.\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
    }

    @Test func aFolderIsRefusedWithTheWayToNameItsFiles() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("logs"), withIntermediateDirectories: false)
        let run = try sandbox.run(["import", "logs"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: 'logs' is a folder; name the files in it, such as logs/*.csv.\n"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
    }

    @Test func anUnknownDeviceIsAUsageError() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        let run = try sandbox.run(["import", "trials.csv", "--device", "phone"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: unknown device phone; add it with `thumblab device add phone"))
        let added = try sandbox.run(["device", "add", "phone", "--width", "320", "--height", "480", "--ppi", "163"])
        #expect(added.status == 0)
        let imported = try sandbox.run(["import", "trials.csv", "--device", "phone"])
        #expect(imported.status == 0)
        #expect(imported.stdout.contains("\n  device    phone\n"))
        #expect(try sandbox.run(["batches", "--format", "csv"]).stdout.contains(",phone,"))
    }

    @Test func touchGroupsWithoutASelectionAreCountedAndExplained() throws {
        let sandbox = try Sandbox()
        let taps = "pid,trial,t,x,y,phase\nP1,1,0,5,5,down\nP1,1,20,6,6,cancel\nP1,2,30,1,1,down\nP1,2,60,1,1,up\n"
        try sandbox.write("taps.csv", taps)
        let run = try sandbox.run(["import", "taps.csv"])
        #expect(run.status == 0)
        let line = "  no trial  1 touch groups held no selection (no up, and no down that was not cancelled);"
        #expect(run.stdout.contains("\n" + line + " their touches are stored\n"))
        let json = try sandbox.run(["import", "taps.csv", "--study", "again", "--format", "json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["touch_trials_without_selection"] as? Int } == [1])
    }

    @Test func jsonOutputHasOneObjectPerFile() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        try sandbox.write(
            "sus.jsonl",
            """
            {"participant": "P1", "technique": "Direct", "instrument": "SUS", "item": "1", "value": 4}
            {"participant": "P1", "technique": "Direct", "instrument": "SUS", "item": "2", "value": 2}

            """)
        let run = try sandbox.run(["import", "trials.csv", "sus.jsonl", "--format", "json"])
        #expect(run.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(objects.map { $0["file"] as? String } == ["trials.csv", "sus.jsonl"])
        #expect(objects.map { $0["kind"] as? String } == ["trials", "responses"])
        #expect(objects.map { $0["format"] as? String } == ["csv", "jsonl"])
        #expect(objects.map { $0["rows"] as? Int } == [4, 2])
        #expect(objects.map { ($0["batch"] as? [String: Any])?["id"] as? Int } == [1, 2])
    }
}
