import Foundation
import Testing

/// Every import is a batch that can be listed and undone completely.
@Suite struct BatchesAndUndoTests {
    /// Imports two small trial files and a touch log into a fresh sandbox.
    func importThree(_ sandbox: borrowing Sandbox) throws {
        try sandbox.write("a.csv", "participant,technique,time_ms\nP1,Direct,100\nP2,Direct,200\n")
        try sandbox.write("b.csv", "participant,technique,time_ms\nP3,Shift,300\n")
        try sandbox.write(
            "taps.csv",
            """
            participant,technique,trial,timestamp_ms,x,y,phase
            P1,Direct,1,0,10,10,down
            P1,Direct,1,40,12,11,move
            P1,Direct,1,90,13,11,up

            """)
        let run = try sandbox.run(["import", "a.csv", "b.csv", "taps.csv"])
        #expect(run.status == 0)
    }

    @Test func batchesListsEachImportInEveryFormat() throws {
        let sandbox = try Sandbox()
        try importThree(sandbox)
        let text = try sandbox.run(["batches"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(
            lines[0]
                == "id  study    kind     format  rows  rejected  device  units  imported_at           sha256        source"
        )
        #expect(lines[2].hasPrefix(" 1  default  trials   csv        2         0          px     20"))
        #expect(lines[4].hasPrefix(" 3  default  touches  csv        3         0          px     20"))
        #expect(lines[4].hasSuffix("  taps.csv"))

        let csv = try sandbox.run(["batches", "--format", "csv"]).stdout.components(separatedBy: "\r\n")
        #expect(csv[0] == "id,study,kind,format,rows,rejected,device,units,imported_at,sha256,source")
        #expect(csv[1].hasPrefix("1,default,trials,csv,2,0,,px,"))
        #expect(csv[1].split(separator: ",", omittingEmptySubsequences: false)[9].count == 64)

        let markdown = try sandbox.run(["batches", "--format", "md"]).stdout
        #expect(
            markdown.hasPrefix(
                "| id | study | kind | format | rows | rejected | device | units | imported_at | sha256 | source |\n"
                    + "| ---: | --- | --- | --- | ---: | ---: | --- | --- | --- | --- | --- |\n"))

        let json = try sandbox.run(["batches", "--format", "json"]).stdout
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["id"] as? Int } == [1, 2, 3])
        #expect(objects.map { $0["source"] as? String } == ["a.csv", "b.csv", "taps.csv"])
        #expect(objects.allSatisfy { $0["device"] is NSNull })
        #expect(objects.map { $0["units"] as? String } == ["px", "px", "px"])
    }

    @Test func undoRemovesOneBatchCompletelyAndOnce() throws {
        let sandbox = try Sandbox()
        try sandbox.write("a.csv", "participant,technique,time_ms\nP1,Direct,100\nP2,Direct,200\n")
        #expect(try sandbox.run(["import", "a.csv"]).status == 0)
        let before = try sandbox.run(["info", "--format", "json"]).stdout
        try importThreeAfterFirst(sandbox)

        let undo = try sandbox.run(["undo", "2"])
        #expect(undo.status == 0)
        #expect(undo.stdout == "Removed batch 2: 1 trial from b.csv (study 'default').\n")
        let undoTouches = try sandbox.run(["undo", "3", "--format", "json"])
        #expect(undoTouches.stdout.contains("\"id\": 3,"))
        #expect(undoTouches.stdout.contains("\"kind\": \"touches\","))
        #expect(try sandbox.run(["info", "--format", "json"]).stdout == before)

        let again = try sandbox.run(["undo", "2"])
        #expect(again.status == 64)
        #expect(again.stderr == "Error: there is no batch 2; `thumblab batches` lists the imports\n")
        let csv = try sandbox.run(["batches", "--format", "csv"]).stdout
        #expect(csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 2)

        let restored = try sandbox.run(["import", "b.csv"])
        #expect(restored.stdout.hasPrefix("b.csv: imported 1 trial into study 'default' as batch "))
    }

    private func importThreeAfterFirst(_ sandbox: borrowing Sandbox) throws {
        try sandbox.write("b.csv", "participant,technique,time_ms\nP3,Shift,300\n")
        try sandbox.write(
            "taps.csv",
            "participant,technique,trial,timestamp_ms,x,y,phase\nP1,Direct,1,0,10,10,down\nP1,Direct,1,90,13,11,up\n")
        #expect(try sandbox.run(["import", "b.csv", "taps.csv"]).status == 0)
    }
}
