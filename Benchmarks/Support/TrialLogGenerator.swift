import Foundation

/// Writes a synthetic trials CSV of the shape the benchmark needs: eleven columns
/// (participant, technique, block, trial, target_x, target_y, target_w, touch_x, touch_y,
/// time_ms, hit), about 50 bytes a row, about 16% misses, each missed trial repeated under
/// its number at most twice. Seeded, so the same row count gives the same bytes.
public struct TrialLogGenerator {
    public let rows: Int
    public var seed: UInt64 = 20_260_412

    public init(rows: Int) { self.rows = rows }

    /// Writes the file and returns its size in bytes.
    public func write(to path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw BenchmarkFailure("cannot create \(path)")
        }
        defer { try? handle.close() }
        var random = SplitMix64(state: seed)
        let techniques = ["Direct", "Shift", "ThumbSpace"]
        let widths = [3.6, 5.8, 9.6]
        var buffer = "participant,technique,block,trial,target_x,target_y,target_w,touch_x,touch_y,time_ms,hit\n"
        var written = 0
        // 64 participants, each with 3 techniques x 5 blocks; within a block trials are
        // numbered from 1, and a missed trial is repeated under its number (at most twice),
        // as many loggers do.
        let participants = 64
        let cells = techniques.count * 5
        let rowsPerCell = max(1, (rows + participants * cells - 1) / (participants * cells))
        var trial = 0
        var repeats = 0
        var lastHit = true
        for row in 0..<rows {
            let participant = row / (rowsPerCell * cells) + 1
            let cell = (row / rowsPerCell) % cells
            let technique = techniques[cell % techniques.count]
            let block = cell / techniques.count + 1
            if row % rowsPerCell == 0 || lastHit || repeats >= 2 {
                trial = row % rowsPerCell == 0 ? 1 : trial + 1
                repeats = 0
            } else {
                repeats += 1
            }
            let width = widths[(row / 7) % 3]
            let targetX = (10 + random.unit() * 300).rounded(toPlaces: 1)
            let targetY = (10 + random.unit() * 460).rounded(toPlaces: 1)
            // Triangular offsets within 0.7 target widths: about 16% of taps miss.
            let touchX = (targetX + (random.unit() + random.unit() - 1) * 0.7 * width).rounded(toPlaces: 1)
            let touchY = (targetY + (random.unit() + random.unit() - 1) * 0.7 * width).rounded(toPlaces: 1)
            let time = (exp(6.4 + 0.35 * (random.unit() + random.unit() - 1))).rounded(toPlaces: 1)
            lastHit = abs(touchX - targetX) <= width / 2 && abs(touchY - targetY) <= width / 2
            let hit = lastHit ? 1 : 0
            buffer +=
                "P\(participant),\(technique),\(block),\(trial),\(targetX),\(targetY),\(width),\(touchX),\(touchY),\(time),\(hit)\n"
            if buffer.utf8.count > 1 << 20 {
                written += buffer.utf8.count
                handle.write(Data(buffer.utf8))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        written += buffer.utf8.count
        handle.write(Data(buffer.utf8))
        return written
    }
}

extension Double {
    /// The value rounded to `places` decimals.
    public func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10.0, Double(places))
        return (self * scale).rounded() / scale
    }
}
