import Foundation
import Testing

@testable import ThumbLab

/// Phrase logs whose input streams say where each key was touched
/// (`Fixtures/textentry/keys`, written by `gen_key_taps.py`): the taps are stored with their
/// key centres, from the events or from a keyboard layout file, and the key-press offsets
/// per posture and key are the means and SDs pandas computed from the same taps.
@Suite struct KeyTapTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/textentry/keys")

    struct Expected: Decodable {
        struct Stats: Decodable {
            var taps: Int
            var mean_dx: Double
            var mean_dy: Double
            var sd_dx: Double?
            var sd_dy: Double?
        }
        struct Posture: Decodable {
            var participants: Int
            var all: Stats
            var keys: [String: Stats]
        }
        var taps_without_centre: Int
        var postures: [String: Posture]
    }

    static func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
    }

    static func study(layout: Bool = true) throws -> (DatabaseFixture, ImportReport) {
        let fixture = try DatabaseFixture(seeded: false)
        var options = ImportOptions(study: "s")
        if layout {
            options.keyboard = try KeyboardLayout(contentsOf: folder.appendingPathComponent("keyboard.csv").path)
        }
        let report = try fixture.importer.importFile(
            at: folder.appendingPathComponent("key_taps.jsonl").path, options: options)
        return (fixture, report)
    }

    static func count(_ sql: String, in fixture: DatabaseFixture) throws -> Int64 {
        let statement = try fixture.database.connection.prepare(sql)
        _ = try statement.step()
        return statement.int64(0)
    }

    func expectClose(_ ours: Double, _ theirs: Double?, _ what: String) {
        guard let theirs else { return #expect(ours.isNaN, "\(what)") }
        #expect(abs(ours - theirs) < 1e-9, "\(what): \(ours) vs \(theirs)")
    }

    func expectMatches(_ ours: KeyOffset, _ theirs: Expected.Stats, _ what: String) {
        #expect(ours.taps == theirs.taps, "\(what)")
        expectClose(ours.meanDX, theirs.mean_dx, "\(what) mean dx")
        expectClose(ours.meanDY, theirs.mean_dy, "\(what) mean dy")
        expectClose(ours.sdDX, theirs.sd_dx, "\(what) sd dx")
        expectClose(ours.sdDY, theirs.sd_dy, "\(what) sd dy")
    }

    @Test func tapsAreStoredWithTheCentresOfTheirKeys() throws {
        let (fixture, report) = try Self.study()
        #expect(report.rows == 24)
        #expect(try Self.count("SELECT count(*) FROM key_tap", in: fixture) == 759)
        #expect(try Self.count("SELECT count(key_x) FROM key_tap_long", in: fixture) == 758)
        #expect(report.warnings.contains(.keyTapsWithoutCentres(count: 1, keys: ["?"])))
        // A space logged as " " and as "Space" is one key.
        #expect(try Self.count("SELECT count(*) FROM key_tap WHERE key = ' '", in: fixture) == 0)
        #expect(try Self.count("SELECT count(DISTINCT key_x) FROM key_tap WHERE key = 'Space'", in: fixture) == 1)
        // Backspaces are taps too, and fix the stream: every phrase keeps its keystroke measures.
        #expect(try Self.count("SELECT count(*) FROM phrase WHERE kspc IS NULL", in: fixture) == 0)
    }

    @Test func offsetsPerPostureAndKeyAreThoseOfPandas() throws {
        let expected = try Self.expected()
        let (fixture, _) = try Self.study()
        let report = try Study(database: fixture.database).keyOffsets(selection: Selection(study: "s"))
        #expect(report.tapsWithoutCentre == expected.taps_without_centre)
        #expect(report.maps.map { $0.levels.compactMap { $0 } } == [["thumb"], ["two-thumbs"]])
        for map in report.maps {
            let posture = try #require(map.levels.first ?? nil)
            let theirs = try #require(expected.postures[posture])
            #expect(map.participants == theirs.participants)
            expectMatches(map.all, theirs.all, posture)
            #expect(Set(map.keys.map(\.key)) == Set(theirs.keys.keys))
            for key in map.keys { expectMatches(key, try #require(theirs.keys[key.key]), "\(posture) \(key.key)") }
        }
        // Reading order: the top row left to right first, the space bar last.
        #expect(report.maps[0].keys.prefix(3).map(\.key) == ["q", "w", "e"])
        #expect(report.maps[0].keys.last?.key == "Space")
        #expect(report.sentences[0].hasPrefix("thumb: taps landed on average"))
        #expect(report.methods.hasSuffix("; 1 tap without a key centre was left out."))
    }

    @Test func withoutALayoutOnlyTheEventsCentresCount() throws {
        let (fixture, report) = try Self.study(layout: false)
        let centred = try Self.count("SELECT count(key_x) FROM key_tap", in: fixture)
        let all = try Self.count("SELECT count(*) FROM key_tap", in: fixture)
        #expect(centred > 0 && centred < all)
        let warned = report.warnings.compactMap { warning -> Int? in
            if case .keyTapsWithoutCentres(let count, _) = warning { return count }
            return nil
        }
        #expect(warned == [Int(all - centred)])
        let offsets = try Study(database: fixture.database).keyOffsets(selection: Selection(study: "s"))
        #expect(offsets.selection.participants == 1)
        #expect(offsets.tapsWithoutCentre == Int(all - centred))
    }

    @Test func theSelectionChoosesThePhrases() throws {
        let (fixture, _) = try Self.study()
        let study = Study(database: fixture.database)
        let everything = try study.keyOffsets(selection: Selection(study: "s"))
        let thumb = try study.keyOffsets(
            selection: Selection(study: "s", keep: [try LevelFilter(parsing: "posture=thumb")]))
        #expect(thumb.maps.count == 1)
        let (kept, full) = (try #require(thumb.maps.first), everything.maps[0])
        #expect(kept.levels == full.levels && kept.all.taps == full.all.taps && kept.all.meanDX == full.all.meanDX)
        #expect(kept.keys.map(\.key) == full.keys.map(\.key) && kept.keys.map(\.meanDY) == full.keys.map(\.meanDY))
        let later = try study.keyOffsets(
            selection: Selection(study: "s", exclude: [try LevelFilter(parsing: "trial=1")]))
        let firstPhraseTaps = try Self.count(
            "SELECT count(key_x) FROM key_tap_long WHERE phrase = 1", in: fixture)
        #expect(later.maps.map(\.all.taps).reduce(0, +) == 758 - Int(firstPhraseTaps))
        #expect(later.selection.trials == 16)
    }

    @Test func undoRemovesTheTaps() throws {
        let (fixture, report) = try Self.study()
        let undone = try fixture.database.undoBatch(try #require(report.batch).id)
        #expect(try Self.count("SELECT count(*) FROM key_tap", in: fixture) == 0)
        #expect(undone.phrases == 24 && undone.keyTaps == 759)
        #expect(UndoSummary.text(undone).contains("24 phrases with their 759 key taps"))
    }

    @Test func aStudyWithoutTapsSaysWhatOffsetsNeed() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            "participant,presented,transcribed,time_s,keys\nP1,hi,hi,2,\"[\"\"h\"\",\"\"i\"\"]\"\n", named: "p.csv")
        _ = try fixture.importer.importFile(at: path, options: ImportOptions(study: "s"))
        #expect(throws: ThumbLabError.parameter(.noKeyTapsWithCentres(phrases: 1))) {
            try Study(database: fixture.database).keyOffsets(selection: Selection(study: "s"))
        }
    }

    @Test func theFigureDrawsEachPosturesKeyboard() throws {
        let (fixture, _) = try Self.study()
        let report = try Study(database: fixture.database).keyOffsets(selection: Selection(study: "s"))
        let heatmap = KeyOffsetTables.figure(report)
        #expect(heatmap.panels.map(\.label) == ["thumb", "two-thumbs"])
        for (panel, map) in zip(heatmap.panels, report.maps) {
            #expect(panel.cells.count == map.keys.count && panel.arrows.count == map.keys.count)
            // Keys 36 px apart in a row, rows 54 px apart: the drawn keys are that size.
            #expect(panel.cells.allSatisfy { abs($0.frame.width - 36) < 1e-9 && abs($0.frame.height - 54) < 1e-9 })
        }
        let svg = SVGWriter.document(try heatmap.figure())
        #expect(svg.contains("Key-press offsets from key centres"))
        let csv = KeyOffsetTables.keys(report, decimals: nil).rendered(as: .csv)
        #expect(csv.split(whereSeparator: \.isNewline).first == "posture,key,key_x,key_y,taps,mean_dx,mean_dy,sd_dx,sd_dy")
    }
}

/// Key events and keyboard layouts that are wrong: each problem is named at its place.
@Suite struct KeyTapBadInputTests {
    func problems(_ body: () throws -> Void) -> [InputProblem] {
        do {
            try body()
        } catch ThumbLabError.invalidInput(let problems, _) {
            return problems
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return []
    }

    @Test(arguments: [
        (#"[{""x"": 1, ""y"": 2}]"#, "to name its key"),
        (#"[{""key"": ""h"", ""x"": 1}]"#, "one coordinate of a point without the other"),
        (#"[{""key"": ""h"", ""x"": ""left"", ""y"": 2}]"#, "expected a number for the x of key event 1"),
        (#"[{""key"": ""h"", ""x"": 1, ""y"": 2}"#, "not valid JSON"),
        (#"[{""key"": ""Shift"", ""x"": 1, ""y"": 2}]"#, "found 'Shift'"),
        (#"[{""key"": ""h""}, 3]"#, "key event 2 to be a key name or an object"),
    ])
    func aMalformedKeyEventIsAProblemOfItsRow(events: String, message: String) throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            "participant,presented,transcribed,time_s,keys\nP1,hi,hi,2,\"[\"\"h\"\",\"\"i\"\"]\"\nP1,h,h,1,\"\(events)\"\n",
            named: "p.csv")
        let found = problems { _ = try fixture.importer.importFile(at: path, options: ImportOptions(study: "s")) }
        #expect(found.count == 1)
        #expect(found.first?.line == 3 && found.first?.column == 5)
        #expect(found.first?.message.contains(message) == true, "\(found)")
        #expect(try KeyTapTests.count("SELECT count(*) FROM trial", in: fixture) == 0)
    }

    func layout(_ text: String, named name: String = "keyboard.csv") throws -> KeyboardLayout {
        try KeyboardLayout(bytes: Array(text.utf8), file: name)
    }

    @Test func aLayoutIsReadFromATableOrFromJSON() throws {
        let table = try layout("Key;Centre X;Centre Y\nq;18;500\nSpace;180;662\n")
        let json = try layout(#"{"keys": [{"key": "q", "x": 18, "y": 500}, {"key": "Space", "x": 180, "y": 662}]}"#)
        #expect(table == json)
        #expect(table.key(named: "Q")?.x == 18)
        #expect(table.key(named: " ")?.y == 662)
        #expect(table.key(named: "w") == nil)
    }

    @Test func aLayoutWithoutACentreColumnNamesWhatItNeeds() throws {
        let found = problems { _ = try layout("key,x\nq,18\n") }
        #expect(found.map(\.line) == [1])
        #expect(found.first?.message.contains("no y column") == true)
    }

    @Test func aLayoutsBadValuesAreNamedAtTheirPlace() throws {
        let found = problems { _ = try layout("key,x,y,width\nq,18,500,36\nw,left,500,36\nq,54,500,0\n") }
        #expect(found.map { [$0.line, $0.column] } == [[3, 2], [4, 4]])
        #expect(found[0].message.contains("expected a number for the x of key 'w', found 'left'"))
        #expect(found[1].message.contains("width of key 'q' must be above 0"))
        let twice = problems { _ = try layout("key,x,y\nq,18,500\nQ,54,500\n") }
        #expect(twice.map(\.line) == [3])
        #expect(twice.first?.message.contains("given twice") == true)
        let empty = problems { _ = try layout("key,x,y\n") }
        #expect(empty.first?.message.contains("names no key") == true)
        let notAList = problems { _ = try layout(#"{"name": "qwerty"}"#, named: "keyboard.json") }
        #expect(notAList.first?.message.contains("expected an array") == true)
    }
}
