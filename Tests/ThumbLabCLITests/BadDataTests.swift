import Foundation
import Testing

/// Bad input data: exit status 65, `Error: FILE:LINE:COLUMN: ...` on stderr, nothing on
/// stdout, and the database exactly as before (the same `info` before and after).
@Suite struct BadDataTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var bytes: [UInt8]
        /// How the first line of stderr starts: file, line, column, what was expected and
        /// what was found (the advice after it is the importer's to word).
        var firstError: String
        var testDescription: String { file }

        init(_ file: String, _ text: String, _ firstError: String) {
            self.init(file, Array(text.utf8), firstError)
        }

        init(_ file: String, _ bytes: [UInt8], _ firstError: String) {
            self.file = file
            self.bytes = bytes
            self.firstError = firstError
        }
    }

    static let cases: [Case] = [
        Case(
            "word.csv", "participant,technique,time_ms\nP1,Direct,fast\n",
            "Error: word.csv:2:3: expected a finite number in time_ms, found 'fast';"),
        Case(
            "infinite.csv", "participant,time_ms\nP1,inf\n",
            "Error: infinite.csv:2:2: expected a finite number in time_ms, found 'inf';"),
        Case(
            "negative.csv", "participant,time_ms\nP1,20\nP1,-5\n",
            "Error: negative.csv:3:2: expected a value of 0 or more in time_ms, found '-5';"),
        Case(
            "quote.csv", "participant,time_ms\n\"P1,2\n",
            "Error: quote.csv:2:1: expected a closing quote for the field opened on line 2, found the end of the file;"),
        Case(
            "empty.csv", "",
            "Error: empty.csv:1:1: expected a header line naming the columns, found an empty file;"),
        Case(
            "latin1.csv", [UInt8]("participant,time_ms\nP1,".utf8) + [0xFF, 0xFE] + [0x0A],
            "Error: latin1.csv:2:2: expected UTF-8 text, found an invalid byte sequence at byte 1 of the field;"),
        Case(
            "nobody.csv", "technique,time_ms\nDirect,3\n",
            "Error: nobody.csv:1:1: expected a participant column (participant, pid, subject, user or pnum), found none;"
        ),
        Case(
            "short.csv", "participant,technique,time_ms\nP1,Direct\n",
            "Error: short.csv:2:2: expected 3 fields as in the header, found 2;"),
        Case(
            "after.json", "[{\"participant\": \"P1\", \"time_ms\": 3}]\n{\"participant\": \"P2\", \"time_ms\": 4}\n",
            "Error: after.json:2:1: expected nothing after the closing ']' of the array, found '{';"),
        Case(
            "comma.json", "[{\"participant\": \"P1\", \"time_ms\": 3}\n {\"participant\": \"P2\", \"time_ms\": 4}]\n",
            "Error: comma.json:2:2: expected ',' between objects, found '{' right after the previous object;"),
        Case(
            "zerowidth.csv", "participant,time_ms,target_w,target_h\nP1,300,9,9\nP1,320,0,9\n",
            "Error: zerowidth.csv:3:3: expected a width greater than 0 in target_w, found '0';"),
        Case(
            "negativeheight.json", "[{\"participant\": \"P1\", \"time_ms\": 300, \"target_h\": -4}]\n",
            "Error: negativeheight.json:1:40: expected a height greater than 0 in target_h, found '-4';"),
        Case(
            "touchwidth.csv", "participant,trial,t,x,y,phase,width\nP1,1,0,5,5,down,0\nP1,1,80,5,5,up,0\n",
            "Error: touchwidth.csv:2:7: expected a width greater than 0 in target_w ('width'), found '0';"),
        Case(
            "phase.csv", "participant,trial,t,x,y,phase\nP1,1,0,5,5,down\nP1,1,80,5,5,lifted\n",
            "Error: phase.csv:3:6: expected a touch phase (down/move/up/cancel, touchstart/touchmove/touchend, began/moved/ended or Android codes 0/2/1/3) in phase, found 'lifted';"
        ),
        Case(
            "clock.csv", "participant,trial,t,x,y,phase\nP1,1,12:00:01.250,5,5,down\n",
            "Error: clock.csv:2:3: expected a finite number in timestamp ('t'), found '12:00:01.250'; write the time of the event in milliseconds"
        ),
        Case(
            "clock.jsonl",
            "{\"participant\": \"P1\", \"t\": \"2024-05-01T10:00:00Z\", \"x\": 1, \"y\": 1, \"phase\": \"down\"}\n",
            "Error: clock.jsonl:1:23: expected a finite number in timestamp ('t'), found '2024-05-01T10:00:00Z';"),
        Case(
            "nomeasure.csv", "participant,technique\nP1,Direct\nP1,Shift\n",
            "Error: nomeasure.csv:1:1: expected trial columns (a time, hit, miss or errors column), touch columns (a phase column), response columns (item and value) or a participant column with one row per participant, found none of them;"
        ),
    ]

    @Test(arguments: cases)
    func badDataExits65WithItsLocationAndChangesNothing(_ badCase: Case) throws {
        let sandbox = try Sandbox()
        try sandbox.write("good.csv", "participant,time_ms\nP9,100\n")
        #expect(try sandbox.run(["import", "good.csv"]).status == 0)
        let before = try sandbox.run(["info", "--format", "json"]).stdout
        try Data(badCase.bytes).write(to: URL(fileURLWithPath: sandbox.path(badCase.file)))

        let run = try sandbox.run(["import", badCase.file])
        #expect(run.status == 65)
        #expect(run.stdout == "")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix(badCase.firstError) == true, "\(lines.first ?? "")")
        #expect(lines.last == "Error: Nothing was imported; the database is unchanged.")
        #expect(try sandbox.run(["info", "--format", "json"]).stdout == before)
        #expect(try sandbox.run(["import", badCase.file, "--dry-run"]).status == 65)
    }

    @Test func malformedJSONIsLocatedToo() throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "bad.json", "[{\"participant\": \"P1\", \"time_ms\": 3},\n {\"participant\": \"P2\", \"time_ms\": }]\n")
        let run = try sandbox.run(["import", "bad.json"])
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("Error: bad.json:2:2: expected a valid JSON object, found malformed JSON"))
        #expect(!run.stderr.contains("imported into"))
    }

    @Test func theFirstTwentyProblemsAreListedWithTheTotal() throws {
        let sandbox = try Sandbox()
        let rows = (1...25).map { "P\($0),slow" }.joined(separator: "\n")
        try sandbox.write("many.csv", "participant,time_ms\n\(rows)\n")
        let run = try sandbox.run(["import", "many.csv"])
        #expect(run.status == 65)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 22)
        #expect(lines[0].hasPrefix("Error: many.csv:2:2: "))
        #expect(lines[19].hasPrefix("Error: many.csv:21:2: "))
        #expect(lines[20] == "Error: 25 problems in all; the first 20 are shown above.")
        #expect(lines[21] == "Error: Nothing was imported; the database is unchanged.")
    }

    @Test func aBadFileStopsTheRunAndKeepsTheFilesBeforeIt() throws {
        let sandbox = try Sandbox()
        try sandbox.write("a.csv", "participant,time_ms\nP1,100\n")
        try sandbox.write("b.csv", "participant,time_ms\nP2,soon\n")
        try sandbox.write("c.csv", "participant,time_ms\nP3,300\n")
        let run = try sandbox.run(["import", "a.csv", "b.csv", "c.csv"])
        #expect(run.status == 65)
        #expect(run.stdout.hasPrefix("a.csv: imported 1 trial into study 'default' as batch 1.\n"))
        #expect(!run.stdout.contains("c.csv"))
        #expect(
            run.stderr.contains(
                "Note: the file before b.csv was imported and stays so; 'thumblab batches' lists them.\n"))
        #expect(run.stderr.contains("Error: b.csv:2:2: "))
        let info = try sandbox.run(["info", "--format", "json"]).stdout
        #expect(info.contains("\"trials\": 1,"))
        #expect(info.contains("\"batches\": 1,"))
    }

    @Test func jsonOutputStillListsTheFilesImportedBeforeTheBadOne() throws {
        let sandbox = try Sandbox()
        try sandbox.write("a.csv", "participant,time_ms\nP1,100\n")
        try sandbox.write("b.csv", "participant,time_ms\nP2,-1\n")
        let run = try sandbox.run(["import", "a.csv", "b.csv", "--format", "json"])
        #expect(run.status == 65)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["file"] as? String } == ["a.csv"])
        #expect(run.stderr.contains("Error: b.csv:2:2: expected a value of 0 or more in time_ms, found '-1';"))
    }
}
