import Foundation

/// Writes a text-entry phrase log as a CSV: participant, posture, presented (25-45
/// characters, the length of the standard phrase sets), transcribed (with an error now and
/// then), input_stream (`<` a backspace, fixed typos) and time_s. The same seed gives the same
/// file.
public struct PhraseLogGenerator {
    public let rows: Int
    public var seed: UInt64 = 20_261_206

    public init(rows: Int) {
        self.rows = rows
    }

    static let words = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "my", "watch", "fell", "in", "water",
        "prevailing", "wind", "from", "east", "never", "too", "rich", "and", "thin", "breathing", "is", "difficult",
        "physics", "chemistry", "are", "hard", "bank", "account", "overdrawn", "elections", "bring", "out", "best",
    ]
    static let letters = Array("abcdefghijklmnopqrstuvwxyz")

    /// Writes the log to `path`, a megabyte at a time so that the benchmark's own memory
    /// stays small (a child it spawns starts as its copy); the number of bytes written.
    public func write(to path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw CocoaError(.fileWriteUnknown) }
        defer { try? handle.close() }
        var random = SplitMix64(state: seed)
        var written = 0
        var out = "participant,posture,presented,transcribed,input_stream,time_s\n"
        func flush() throws {
            let data = Data(out.utf8)
            try handle.write(contentsOf: data)
            written += data.count
            out.removeAll(keepingCapacity: true)
        }
        let postures = ["thumb", "two-thumbs", "finger"]
        for row in 0..<rows {
            var presented = ""
            let target = 25 + Int(random.unit() * 21)
            while presented.count < target {
                let word = Self.words[Int(random.unit() * Double(Self.words.count))]
                presented += presented.isEmpty ? word : " " + word
            }
            var transcribed = ""
            var stream = ""
            for character in presented {
                if random.unit() < 0.03 {
                    let typo = Self.letters[Int(random.unit() * 26)]
                    stream.append(typo)
                    stream.append("<")
                }
                let typed = random.unit() < 0.02 ? Self.letters[Int(random.unit() * 26)] : character
                transcribed.append(typed)
                stream.append(typed)
            }
            let seconds = Double(stream.count) / (2.5 + random.unit() * 2)
            out += "P\(row / 300 + 1),\(postures[(row / 100) % 3]),\(presented),\(transcribed),\(stream),"
            out += String(format: "%.3f", seconds) + "\n"
            if out.utf8.count > 1 << 20 { try flush() }
        }
        try flush()
        return written
    }
}
