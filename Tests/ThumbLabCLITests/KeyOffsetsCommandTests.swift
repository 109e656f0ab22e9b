import Foundation
import Testing

/// `thumblab import --keyboard` and `thumblab key-offsets` end to end, on the key-tap log
/// of `Fixtures/textentry/keys`.
@Suite struct KeyOffsetsCommandTests {
    static let folder = repositoryRoot().appendingPathComponent("Tests/ThumbLabTests/Fixtures/textentry/keys")

    func importedSandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        let run = try sandbox.run([
            "import", Self.folder.appendingPathComponent("key_taps.jsonl").path, "--keyboard",
            Self.folder.appendingPathComponent("keyboard.csv").path,
        ])
        #expect(run.status == 0)
        #expect(run.stderr.contains("1 key tap has no key centre (key ?)"))
        #expect(run.stderr.contains("--keyboard FILE"))
        return sandbox
    }

    @Test func keyOffsetsPrintsTablesCSVAndAFigure() throws {
        let sandbox = try importedSandbox()
        let info = try sandbox.run(["info", "--format", "json"])
        #expect(info.stdout.contains("\"phrases\": 24,") && info.stdout.contains("\"key_taps\": 759,"))
        let text = try sandbox.run(["key-offsets"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("Key-press offsets by condition\n"))
        #expect(text.stdout.contains("thumb: taps landed on average"))
        let csv = try sandbox.run(["key-offsets", "--where", "posture=two-thumbs", "--format", "csv"])
        let lines = csv.stdout.split(whereSeparator: \.isNewline)
        #expect(lines.first == "posture,key,key_x,key_y,taps,mean_dx,mean_dy,sd_dx,sd_dy")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("two-thumbs,") } && lines.count > 20)
        let figure = try sandbox.run(["key-offsets", "--out", "offsets.svg"])
        #expect(figure.status == 0)
        let svg = try String(contentsOfFile: sandbox.path("offsets.svg"), encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("mean tap offset"))
    }

    @Test func aBadLayoutIsNamedAtItsPlaceAndNothingIsImported() throws {
        let sandbox = try Sandbox()
        try sandbox.write("keyboard.csv", "key,x,y\nq,18,500\nw,54,high\n")
        let run = try sandbox.run([
            "import", Self.folder.appendingPathComponent("key_taps.jsonl").path, "--keyboard", "keyboard.csv",
        ])
        #expect(run.status == 65)
        #expect(run.stderr.contains("keyboard.csv:3:3"))
        #expect(run.stderr.contains("expected a number for the y of key 'w', found 'high'"))
        let info = try sandbox.run(["info"])
        #expect(!info.stdout.contains("batches       1"))
    }

    @Test func aStudyWithoutTapsSaysWhatKeyOffsetsNeed() throws {
        let sandbox = try Sandbox()
        try sandbox.write("phrases.csv", "participant,presented,transcribed,time_s\nP1,hello,hello,2\n")
        #expect(try sandbox.run(["import", "phrases.csv"]).status == 0)
        let run = try sandbox.run(["key-offsets"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("key offsets need the touch point and the key centre of each key press"))
    }
}
