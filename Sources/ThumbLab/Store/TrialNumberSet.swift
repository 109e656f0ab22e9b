/// A set of trial numbers (any `Int64`) compressed as Roaring bitmaps are (Chambi, Lemire,
/// Kaser & Godin, "Better bitmap performance with Roaring bitmaps", Software: Practice and
/// Experience 46(5), 2016): numbers are split by their high 48 bits into chunks of 65,536,
/// and each chunk holds its low 16 bits as a sorted array while it has at most 4,096 of
/// them (2 bytes a number), as a 8 KiB bitmap beyond (at most 1 bit a number).
///
/// Memory thus follows the numbers present, not their range: consecutive numbers cost a
/// bit each, sparse ones (timestamps as trial ids) 2 bytes each. The chunk last used is
/// remembered and numbers beyond the last chunk or array entry are appended, so numbers
/// arriving in either order cost about the same, and increasing ones least.
///
/// Until a number breaks the run, a set of evenly spaced numbers (a block's trials numbered
/// 1, 2, 3, ... in either direction, or 1, 4, 7, ... where the conditions of a block take
/// turns trial by trial under one count) is only its first number, its step and its count,
/// held in the set itself: most blocks of most logs then take no memory beyond the set.
struct TrialNumberSet {
    /// The numbers sharing their high 48 bits: `values` (sorted) or else `words` (a bitmap).
    private struct Chunk {
        var high: Int64
        var values: [UInt16] = []
        var words: [UInt64] = []
    }

    /// Numbers a chunk holds as an array; from here on, a bitmap is the smaller.
    static let arrayLimit = 4096
    /// Bytes counted for a chunk besides its numbers.
    static let chunkOverhead = 96
    /// Bytes of a chunk's bitmap.
    static let bitmapBytes = 8192

    /// Chunks by increasing `high`; empty while the numbers are one evenly spaced run.
    private var chunks: [Chunk] = []
    private var recent = 0
    /// While `chunks` is unused, the set is `runCount` numbers from `runStart` on, `runStep`
    /// apart (a positive step, once the run has two numbers).
    private var runStart: Int64 = 0
    private var runCount: Int64 = 0
    private var runStep: Int64 = 1
    /// Whether the numbers are held in `chunks`.
    private var chunked = false

    /// Adds `number`; whether it was absent. `bytes` grows by the memory the set took on.
    mutating func insert(_ number: Int64, bytes: inout Int) -> Bool {
        if chunked { return insertInChunks(number, bytes: &bytes) }
        if runCount == 0 {
            (runStart, runCount) = (number, 1)
            return true
        }
        if let inserted = extendRun(with: number) { return inserted }
        chunked = true
        var next = runStart
        for index in 0..<runCount {
            _ = insertInChunks(next, bytes: &bytes)
            if index < runCount - 1 { next += runStep }
        }
        return insertInChunks(number, bytes: &bytes)
    }

    /// Adds `number` to the run when the run holds it or can take it at either end: whether
    /// it was absent; nil when the numbers must go to chunks.
    private mutating func extendRun(with number: Int64) -> Bool? {
        let (distance, overflow) = number.subtractingReportingOverflow(runStart)
        guard !overflow, distance != .min else { return nil }
        if runCount == 1 {
            guard distance != 0 else { return false }
            // The second number sets the step, on either side of the first.
            if distance < 0 { runStart = number }
            (runStep, runCount) = (abs(distance), 2)
            return true
        }
        let (span, spanOverflow) = runStep.multipliedReportingOverflow(by: runCount)
        if !spanOverflow, distance == span, runCount < Int64.max {
            runCount += 1
            return true
        }
        if distance == -runStep, runCount < Int64.max {
            (runStart, runCount) = (number, runCount + 1)
            return true
        }
        if distance >= 0, spanOverflow || distance < span, distance % runStep == 0 { return false }
        return nil
    }

    /// Adds `number` to the chunks; whether it was absent.
    private mutating func insertInChunks(_ number: Int64, bytes: inout Int) -> Bool {
        let high = number >> 16
        let low = UInt16(truncatingIfNeeded: number)
        let index = chunkIndex(high, bytes: &bytes)
        recent = index
        if !chunks[index].words.isEmpty {
            let word = Int(low >> 6)
            let bit = UInt64(1) << (low & 63)
            if chunks[index].words[word] & bit != 0 { return false }
            chunks[index].words[word] |= bit
            return true
        }
        let capacity = chunks[index].values.capacity
        if let last = chunks[index].values.last, last >= low {
            if last == low { return false }
            let found = Self.firstIndex(notBelow: low, in: chunks[index].values)
            if chunks[index].values[found] == low { return false }
            chunks[index].values.insert(low, at: found)
        } else {
            chunks[index].values.append(low)
        }
        bytes += (chunks[index].values.capacity - capacity) * MemoryLayout<UInt16>.stride
        if chunks[index].values.count > Self.arrayLimit { toBitmap(index, bytes: &bytes) }
        return true
    }

    /// The index of the chunk of `high`, created empty if new.
    private mutating func chunkIndex(_ high: Int64, bytes: inout Int) -> Int {
        if recent < chunks.count && chunks[recent].high == high { return recent }
        var low = 0
        var upper = chunks.count
        if let last = chunks.last, last.high < high {
            low = upper
        } else {
            while low < upper {
                let middle = (low + upper) / 2
                if chunks[middle].high < high { low = middle + 1 } else { upper = middle }
            }
            if low < chunks.count && chunks[low].high == high { return low }
        }
        chunks.insert(Chunk(high: high), at: low)
        bytes += Self.chunkOverhead
        return low
    }

    /// Turns the chunk's array into a bitmap.
    private mutating func toBitmap(_ index: Int, bytes: inout Int) {
        var words = [UInt64](repeating: 0, count: Self.bitmapBytes / MemoryLayout<UInt64>.stride)
        for low in chunks[index].values { words[Int(low >> 6)] |= UInt64(1) << (low & 63) }
        bytes += Self.bitmapBytes - chunks[index].values.capacity * MemoryLayout<UInt16>.stride
        chunks[index].values = []
        chunks[index].words = words
    }

    /// The first position in sorted `values` whose value is `low` or more.
    private static func firstIndex(notBelow low: UInt16, in values: [UInt16]) -> Int {
        var first = 0
        var upper = values.count
        while first < upper {
            let middle = (first + upper) / 2
            if values[middle] < low { first = middle + 1 } else { upper = middle }
        }
        return first
    }
}
