import Foundation
import Testing

@testable import ThumbLab

/// The measures of a text-entry phrase against an independent implementation
/// (`Fixtures/textentry/gen_measures.py`): 220 random phrase pairs and keystroke streams,
/// the first the worked example of the measures' article.
@Suite struct PhraseMeasuresTests {
    struct Case: Decodable {
        var presented: String
        var transcribed: String
        var input_stream: String?
        var seconds: Double
        var msd: Int
        var wpm: Double
        var msd_error_rate: Double
        var kspc: Double?
        var c: Int?
        var inf: Int?
        var `if`: Int?
        var f: Int?
        var total_error_rate: Double?
        var corrected_error_rate: Double?
        var uncorrected_error_rate: Double?
        var adj_wpm: Double?
    }

    static func cases() throws -> [Case] {
        let url = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/textentry/measures.json")
        return try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
    }

    @Test func everyMeasureAgreesWithTheIndependentImplementation() throws {
        let cases = try Self.cases()
        #expect(cases.count == 221)
        #expect(cases.filter { $0.input_stream == nil }.count == 20)
        for item in cases {
            let stream = try item.input_stream.map { try KeystrokeStream(logged: $0) }
            let measures = PhraseMeasures(
                presented: item.presented, transcribed: item.transcribed, seconds: item.seconds, stream: stream)
            let label = "\(item.presented) / \(item.transcribed)"
            #expect(measures.msd == item.msd, "\(label)")
            #expect(abs(measures.wpm! - item.wpm) < 1e-9, "\(label)")
            #expect(abs(measures.msdErrorRate - item.msd_error_rate) < 1e-12, "\(label)")
            guard item.input_stream != nil else {
                #expect(measures.keystrokes == nil && measures.kspc == nil && measures.adjustedWPM == nil)
                continue
            }
            let classes = try #require(measures.keystrokes, "\(label)")
            #expect(classes.correct == item.c && classes.incorrectNotFixed == item.inf, "\(label)")
            #expect(classes.incorrectFixed == item.if && classes.fixes == item.f, "\(label)")
            #expect(abs(measures.kspc! - item.kspc!) < 1e-12, "\(label)")
            #expect(abs(classes.totalErrorRate - item.total_error_rate!) < 1e-12, "\(label)")
            #expect(abs(classes.correctedErrorRate - item.corrected_error_rate!) < 1e-12, "\(label)")
            #expect(abs(classes.uncorrectedErrorRate - item.uncorrected_error_rate!) < 1e-12, "\(label)")
            #expect(abs(measures.adjustedWPM! - item.adj_wpm!) < 1e-9, "\(label)")
        }
    }

    /// P = "the quick brown", T = "th quick brpown", IS = "th quix<ck brpown".
    @Test func theWorkedExample() throws {
        let measures = PhraseMeasures(
            presented: "the quick brown", transcribed: "th quick brpown", seconds: 3,
            stream: try KeystrokeStream(logged: "th quix<ck brpown"))
        let classes = try #require(measures.keystrokes)
        #expect(measures.msd == 2)
        #expect((classes.correct, classes.incorrectNotFixed, classes.incorrectFixed, classes.fixes) == (13, 2, 1, 1))
        #expect(classes.totalErrorRate == 0.1875 && classes.correctedErrorRate == 0.0625)
        #expect(classes.uncorrectedErrorRate == 0.125)
        #expect(abs(measures.msdErrorRate - 2.0 / 15) < 1e-15)
        #expect(abs(measures.kspc! - 17.0 / 15) < 1e-15)
        #expect(measures.wpm == 56 && measures.adjustedWPM == 49)
    }

    @Test func streamsAreReadAsTextOrAsKeyNames() throws {
        let keys = try KeystrokeStream(logged: #"["h", "x", "Backspace", "i", "Space", "t", "DEL"]"#)
        #expect(keys.keystrokes == 7 && keys.fixes == 2)
        let hashed = try KeystrokeStream(logged: "hx#i", backspace: "#")
        #expect(hashed.produces("hi") && !hashed.produces("hx"))
        #expect(throws: KeystrokeStream.UnknownKey(name: "Shift")) {
            try KeystrokeStream(logged: #"["h", "Shift", "i"]"#)
        }
        // Text that merely starts with a bracket is a stream of characters.
        #expect(try KeystrokeStream(logged: "[hi]").keystrokes == 4)
    }

    @Test func aStreamThatDoesNotGiveTheTranscriptionLeavesTheKeystrokeMeasuresEmpty() throws {
        let measures = PhraseMeasures(
            presented: "hello", transcribed: "hello", seconds: 2, stream: try KeystrokeStream(logged: "help<<lo"))
        #expect(measures.keystrokes == nil && measures.kspc == nil && measures.adjustedWPM == nil)
        #expect(measures.msd == 0 && measures.wpm == 24)
    }

    @Test func emptyAndUntimedPhrasesGiveNoDivisionByZero() {
        let empty = PhraseMeasures(presented: "", transcribed: "", seconds: 1, stream: KeystrokeStream(keys: []))
        #expect(empty.msdErrorRate == 0 && empty.keystrokes == nil && empty.wpm == 0)
        let untimed = PhraseMeasures(presented: "abc", transcribed: "", seconds: 0)
        #expect(untimed.wpm == nil && untimed.msd == 3 && untimed.msdErrorRate == 1)
        #expect(PhraseMeasures.minimumStringDistance(Array("kitten"), Array("sitting")) == 3)
    }
}

/// The bit-parallel distance of ASCII texts against the table, on random texts of every
/// length up to past one machine word, over small and large alphabets.
@Suite struct BitParallelDistanceTests {
    @Test func itAgreesWithTheTableOnRandomTexts() {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for alphabet in [2, 4, 27, 95] {
            for _ in 0..<400 {
                let a = (0..<Int(next() % 80)).map { _ in UInt8(32 + next() % UInt64(alphabet)) }
                let b = (0..<Int(next() % 80)).map { _ in UInt8(32 + next() % UInt64(alphabet)) }
                #expect(PhraseMeasures.asciiDistance(a, b) == PhraseMeasures.minimumStringDistance(a, b), "\(a) \(b)")
            }
        }
        #expect(PhraseMeasures.asciiDistance(Array("kitten".utf8), Array("sitting".utf8)) == 3)
        #expect(PhraseMeasures.asciiDistance([], Array("abc".utf8)) == 3)
    }
}
