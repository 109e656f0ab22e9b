/// The finite times of one cell, kept for the cell's exact median in a compact form: as
/// tenths of a millisecond in 32 bits while every time is a whole number of tenths (as
/// times logged in ms with at most one decimal are), as doubles from the first time that
/// is not. From ``countedFrom`` times on, a sample keeps each distinct time once with its
/// count instead, so that a cell of a hundred million trials takes memory for its distinct
/// times only (logged times have a few thousand), and the median stays exact; should the
/// counts take more memory than the times (``DistinctCounts/bytes`` against 4 or 8 bytes
/// a time), the times are kept and counted again at twice as many. Either way each time
/// is kept exactly.
struct TimeSample {
    /// The number of times from which the sample tries counting distinct times.
    static let countedFrom = 1 << 16

    /// The number of times at which the sample next tries counting.
    private var countAt = Self.countedFrom
    private var tenths: [Int32] = []
    /// Every time, once one is not a whole number of tenths.
    private var doubles: [Double]?
    /// How often each time occurred, once the sample has ``countedFrom`` times.
    private var counts: DistinctCounts?
    private var counted = 0

    var count: Int { counts != nil ? counted : doubles?.count ?? tenths.count }

    mutating func append(_ time: Double) {
        if counts != nil {
            counts!.add(time)
            counted += 1
            return
        }
        if doubles == nil {
            let scaled = (time * 10).rounded()
            if scaled.magnitude <= Double(Int32.max), (Double(Int32(scaled)) / 10).bitPattern == time.bitPattern {
                tenths.append(Int32(scaled))
                if tenths.count == countAt { startCounting() }
                return
            }
            doubles = tenths.map { Double($0) / 10 }
            tenths = []
        }
        doubles!.append(time)
        if doubles!.count == countAt { startCounting() }
    }

    /// Adds every time of `other`, as if appended one by one.
    mutating func merge(_ other: TimeSample) {
        guard let theirs = other.counts else {
            if let values = other.doubles {
                for time in values { append(time) }
            } else {
                for tenth in other.tenths { append(Double(tenth) / 10) }
            }
            return
        }
        if counts == nil { startCounting(evenIfLarger: true) }
        for (time, times) in theirs.sorted() { counts!.add(time, times: times) }
        counted += other.count
    }

    /// Whether the sample keeps counts of distinct times rather than the times.
    var isCounting: Bool { counts != nil }

    /// Moves the kept times into counts of distinct times when these take less memory (or
    /// `evenIfLarger`); otherwise keeps the times and tries again at twice as many.
    private mutating func startCounting(evenIfLarger: Bool = false) {
        var distinct = DistinctCounts()
        if let doubles {
            for time in doubles { distinct.add(time) }
        } else {
            // Each tenth stands for exactly the time t / 10.
            for tenth in tenths { distinct.add(Double(tenth) / 10) }
        }
        let bytesPerTime = doubles == nil ? 4 : 8
        if !evenIfLarger && distinct.bytes > count * bytesPerTime {
            countAt *= 2
            return
        }
        counted = doubles?.count ?? tenths.count
        counts = distinct
        tenths = []
        doubles = nil
    }

    /// The median as R's type 7 quantile at 0.5 (and `ThumbLabStats.quantile`) gives it:
    /// the middle value, or the mean of the two middle values weighted 0.5 each; `nil`
    /// for no time. Found by selection rather than a sort, or from the counts.
    func median() -> Double? {
        if let counts { return Self.median(counts: counts, total: counted) }
        if let doubles { return Self.median(of: doubles) { $0 } }
        // Tenths are ordered as the times they stand for, each of which is exactly t / 10.
        return Self.median(of: tenths) { Double($0) / 10 }
    }

    /// The median from counts of distinct times: the times of rank (n - 1) / 2 and, for an
    /// even n, the next, found walking the distinct times in order.
    private static func median(counts: DistinctCounts, total: Int) -> Double? {
        guard total > 0 else { return nil }
        let middle = (total - 1) / 2
        var lower: Double?
        var seen = 0
        for (time, count) in counts.sorted() {
            seen += count
            if lower == nil, seen > middle {
                lower = time
                if total % 2 == 1 { return time }
            }
            if let lower, seen > middle + 1 { return lower == time ? lower : 0.5 * lower + 0.5 * time }
        }
        return lower
    }

    private static func median<Value: Comparable>(of values: [Value], time: (Value) -> Double) -> Double? {
        guard !values.isEmpty else { return nil }
        var scratch = values
        return scratch.withUnsafeMutableBufferPointer { buffer in
            let middle = (buffer.count - 1) / 2
            select(middle, in: buffer)
            let lower = time(buffer[middle])
            guard buffer.count % 2 == 0, let next = buffer[(middle + 1)...].min() else { return lower }
            let upper = time(next)
            return lower == upper ? lower : 0.5 * lower + 0.5 * upper
        }
    }

    /// Puts the value of rank `k` (from 0) at `k`, none greater before it and none smaller
    /// after it: Hoare's selection with a median-of-three pivot and a three-way partition
    /// (so runs of equal values cost nothing extra), finishing with a sort of the part left
    /// after 2 log2(n) rounds, so that no input makes it quadratic.
    static func select<Value: Comparable>(_ k: Int, in buffer: UnsafeMutableBufferPointer<Value>) {
        var low = 0
        var high = buffer.count - 1
        var rounds = 2 * (Int.bitWidth - buffer.count.leadingZeroBitCount)
        while high > low {
            guard rounds > 0 else {
                var rest = UnsafeMutableBufferPointer(rebasing: buffer[low...high])
                rest.sort()
                return
            }
            rounds -= 1
            let first = buffer[low]
            let middle = buffer[low + (high - low) / 2]
            let last = buffer[high]
            let pivot = max(min(first, middle), min(max(first, middle), last))
            // [low, less) < pivot, [less, index) == pivot, (greater, high] > pivot.
            var less = low
            var index = low
            var greater = high
            while index <= greater {
                if buffer[index] < pivot {
                    buffer.swapAt(less, index)
                    less += 1
                    index += 1
                } else if pivot < buffer[index] {
                    buffer.swapAt(index, greater)
                    greater -= 1
                } else {
                    index += 1
                }
            }
            if k < less {
                high = less - 1
            } else if k > greater {
                low = greater + 1
            } else {
                return
            }
        }
    }
}
