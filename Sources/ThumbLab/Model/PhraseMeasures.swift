import Foundation

/// The measures of one text-entry phrase: the presented phrase P, the transcribed phrase T,
/// the time taken and, where logged, the input stream IS (every keystroke, backspaces
/// included). Characters are Swift `Character`s (what a reader counts as one character).
///
/// - WPM = (|T| − 1) / t × 60 / 5, t in seconds (MacKenzie 2002): the first character starts
///   the clock, and a word is 5 characters, spaces included.
/// - MSD error rate = MSD(P, T) / max(|P|, |T|) (Soukoreff & MacKenzie 2001), MSD the
///   minimum string distance (Levenshtein: insertions, deletions, substitutions).
/// - From the input stream (Soukoreff & MacKenzie 2003): C = max(|P|, |T|) − MSD(P, T)
///   correct characters, INF = MSD(P, T) incorrect and not fixed, F the fixes (backspaces
///   and deletes), IF = |IS| − |T| − F incorrect but fixed; total error rate =
///   (INF + IF) / (C + INF + IF), corrected = IF / (C + INF + IF), uncorrected =
///   INF / (C + INF + IF); KSPC = |IS| / |T|.
/// - AdjWPM = WPM × (1 − uncorrected error rate), as TextTest computes it.
///
/// C counts characters of the longer phrase not involved in an error; analyzers that count
/// the characters an alignment matches give other C, and so other rates, when P and T
/// differ in length.
public struct PhraseMeasures: Sendable, Equatable {
    /// |P|.
    public var presentedLength: Int
    /// |T|.
    public var transcribedLength: Int
    /// MSD(P, T).
    public var msd: Int
    /// Words per minute; `nil` when the time is not above 0.
    public var wpm: Double?
    /// MSD(P, T) / max(|P|, |T|); 0 when both are empty.
    public var msdErrorRate: Double
    /// The keystroke classes; `nil` without an input stream, or when the stream does not
    /// produce T.
    public var keystrokes: KeystrokeClasses?

    /// The measures of a phrase typed in `seconds`; `stream` the logged input stream, if any.
    public init(presented: String, transcribed: String, seconds: Double, stream: KeystrokeStream? = nil) {
        // ASCII text (most phrase sets) is compared byte by byte, one byte being one character.
        if presented.isASCIIText, transcribed.isASCIIText {
            let p = Array(presented.utf8)
            let t = Array(transcribed.utf8)
            presentedLength = p.count
            transcribedLength = t.count
            msd = Self.asciiDistance(p, t)
        } else {
            let p = Array(presented)
            let t = Array(transcribed)
            presentedLength = p.count
            transcribedLength = t.count
            msd = Self.minimumStringDistance(p, t)
        }
        wpm = seconds > 0 && seconds.isFinite ? Double(max(transcribedLength - 1, 0)) / seconds * 60 / 5 : nil
        let longest = max(presentedLength, transcribedLength)
        msdErrorRate = longest == 0 ? 0 : Double(msd) / Double(longest)
        if let stream, transcribedLength > 0, stream.produces(transcribed) {
            let correct = longest - msd
            let fixed = stream.keystrokes - transcribedLength - stream.fixes
            keystrokes = KeystrokeClasses(
                correct: correct, incorrectNotFixed: msd, incorrectFixed: fixed, fixes: stream.fixes,
                inputLength: stream.keystrokes)
        }
    }

    /// KSPC = |IS| / |T|; `nil` without keystroke classes.
    public var kspc: Double? {
        keystrokes.map { Double($0.inputLength) / Double(transcribedLength) }
    }

    /// WPM × (1 − uncorrected error rate); `nil` without either.
    public var adjustedWPM: Double? {
        guard let wpm, let keystrokes else { return nil }
        return wpm * (1 - keystrokes.uncorrectedErrorRate)
    }

    /// ``minimumStringDistance(_:_:)`` of two ASCII texts: bit-parallel (Myers 1999, in
    /// Hyyrö's 2001 form for the global distance) when the shorter has at most 64
    /// characters, one machine word per character of the longer; the table otherwise.
    static func asciiDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let (pattern, text) = a.count <= b.count ? (a, b) : (b, a)
        guard !pattern.isEmpty else { return text.count }
        guard pattern.count <= 64 else { return minimumStringDistance(a, b) }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 128) { peq in
            peq.initialize(repeating: 0)
            for (index, byte) in pattern.enumerated() { peq[Int(byte & 0x7F)] |= 1 << UInt64(index) }
            let last: UInt64 = 1 << UInt64(pattern.count - 1)
            var positive: UInt64 = ~0
            var negative: UInt64 = 0
            var score = pattern.count
            for byte in text {
                let equal = peq[Int(byte & 0x7F)]
                let xv = equal | negative
                let xh = (((equal & positive) &+ positive) ^ positive) | equal
                var horizontalPositive = negative | ~(xh | positive)
                var horizontalNegative = positive & xh
                if horizontalPositive & last != 0 {
                    score += 1
                } else if horizontalNegative & last != 0 {
                    score -= 1
                }
                horizontalPositive = (horizontalPositive << 1) | 1
                horizontalNegative <<= 1
                positive = horizontalNegative | ~(xv | horizontalPositive)
                negative = horizontalPositive & xv
            }
            return score
        }
    }

    /// The minimum number of insertions, deletions and substitutions that turn `a` into
    /// `b`, in O(|a| × |b|) time and O(|b|) memory.
    @inlinable
    public static func minimumStringDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [Int](repeating: 0, count: 2 * (b.count + 1))
        return rows.withUnsafeMutableBufferPointer { buffer in
            b.withUnsafeBufferPointer { b in
                var previous = UnsafeMutableBufferPointer(rebasing: buffer[0...b.count])
                var current = UnsafeMutableBufferPointer(rebasing: buffer[(b.count + 1)...])
                for j in 0...b.count { previous[j] = j }
                for i in 1...a.count {
                    current[0] = i
                    let character = a[i - 1]
                    var left = i
                    for j in 1...b.count {
                        let substitution = previous[j - 1] + (character == b[j - 1] ? 0 : 1)
                        left = Swift.min(previous[j] + 1, left + 1, substitution)
                        current[j] = left
                    }
                    swap(&previous, &current)
                }
                return previous[b.count]
            }
        }
    }
}

/// Soukoreff & MacKenzie's (2003) classes of the keystrokes of one phrase.
public struct KeystrokeClasses: Sendable, Equatable {
    /// C: correct characters, max(|P|, |T|) − MSD(P, T).
    public var correct: Int
    /// INF: incorrect and not fixed, MSD(P, T).
    public var incorrectNotFixed: Int
    /// IF: incorrect but fixed, |IS| − |T| − F.
    public var incorrectFixed: Int
    /// F: the fixes, backspaces and deletes.
    public var fixes: Int
    /// |IS|, fixes included.
    public var inputLength: Int

    private var whole: Double { Double(correct + incorrectNotFixed + incorrectFixed) }

    /// (INF + IF) / (C + INF + IF).
    public var totalErrorRate: Double { whole > 0 ? Double(incorrectNotFixed + incorrectFixed) / whole : 0 }
    /// IF / (C + INF + IF).
    public var correctedErrorRate: Double { whole > 0 ? Double(incorrectFixed) / whole : 0 }
    /// INF / (C + INF + IF).
    public var uncorrectedErrorRate: Double { whole > 0 ? Double(incorrectNotFixed) / whole : 0 }
}
