import Foundation

/// The command line of the mixed-model benchmark.
struct Options {
    static let usage = """
        usage: thumblab-mixed-model-benchmark [--trials N] [--runs N]
               thumblab-mixed-model-benchmark --kenward-roger [--sizes N,N,...] [--runs N] [--r-max-trials N]

        """

    /// Kenward-Roger mode: one 3-level factor, 16 participants, several sizes.
    var kenwardRoger = false
    var trials = 20_000
    var sizes = [5_000, 20_000, 50_000]
    var runs = 5
    /// R is not run above this many trials (pbkrtest's time grows with the cube of the
    /// trials per participant).
    var rMaxTrials = Int.max

    init(_ arguments: [String]) {
        var words = arguments.makeIterator()
        while let word = words.next() {
            switch word {
            case "--kenward-roger": kenwardRoger = true
            case "--trials": trials = Self.positive(words.next())
            case "--runs": runs = Self.positive(words.next())
            case "--r-max-trials": rMaxTrials = Self.positive(words.next())
            case "--sizes":
                sizes = (words.next() ?? "").split(separator: ",").map { Self.positive(String($0)) }
                if sizes.isEmpty { Self.fail() }
            default: Self.fail()
            }
        }
    }

    private static func positive(_ word: String?) -> Int {
        guard let value = word.flatMap({ Int($0.replacingOccurrences(of: "_", with: "")) }), value > 0 else { fail() }
        return value
    }

    private static func fail() -> Never {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(64)
    }
}
