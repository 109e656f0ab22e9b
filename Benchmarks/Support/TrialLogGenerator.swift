import Foundation

/// Writes a synthetic trials CSV of the shape the benchmark needs: eleven columns
/// (participant, technique, block, trial, target_x, target_y, target_w, touch_x, touch_y,
/// time_ms, hit), about 50 bytes a row, about 16% misses, each missed trial repeated under
/// its number at most twice. Seeded, so the same row count and numbering give the same bytes.
public struct TrialLogGenerator {
    /// How the log numbers its trials.
    public enum Numbering: String, CaseIterable, Sendable {
        /// Participants one after the other, trials numbered from 1 within each block.
        case perBlock = "block"
        /// Participants taking turns row by row (as a logger of several devices writes) and
        /// techniques trial by trial within each block, each participant's trials numbered
        /// from 1 across their blocks.
        case perParticipant = "participant"
        /// The rows of ``perParticipant``, the trials numbered by one counter across the
        /// file: each block's numbers spread over a fifth of the file's range.
        case runningCounter = "running"
    }

    public let rows: Int
    public var numbering: Numbering
    public var seed: UInt64 = 20_260_412

    public init(rows: Int, numbering: Numbering = .perBlock) {
        self.rows = rows
        self.numbering = numbering
    }

    /// One participant's place in their sequence of trials.
    private struct ParticipantState {
        var rowsWritten = 0
        var trials = 0
        var trial = 0
        var repeats = 0
        var lastHit = true
    }

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
        // 64 participants, each with 3 techniques x 5 blocks; a missed trial is repeated
        // under its number (at most twice), as many loggers do.
        let participants = 64
        let cells = techniques.count * 5
        let rowsPerCell = max(1, (rows + participants * cells - 1) / (participants * cells))
        let rowsPerBlock = rowsPerCell * techniques.count
        let rowsPerParticipant = rowsPerCell * cells
        var states = [ParticipantState](repeating: ParticipantState(), count: participants)
        var counter = 0
        for row in 0..<rows {
            let participant = numbering == .perBlock ? row / rowsPerParticipant : row % participants
            let own = states[participant].rowsWritten
            states[participant].rowsWritten += 1
            let startsCell = own % (numbering == .perBlock ? rowsPerCell : rowsPerBlock) == 0
            if startsCell || states[participant].lastHit || states[participant].repeats >= 2 {
                counter += 1
                states[participant].trials += 1
                switch numbering {
                case .perBlock: states[participant].trial = startsCell ? 1 : states[participant].trial + 1
                case .perParticipant: states[participant].trial = states[participant].trials
                case .runningCounter: states[participant].trial = counter
                }
                states[participant].repeats = 0
            } else {
                states[participant].repeats += 1
            }
            let technique: String
            let block: Int
            if numbering == .perBlock {
                let cell = (own / rowsPerCell) % cells
                technique = techniques[cell % techniques.count]
                block = cell / techniques.count + 1
            } else {
                // Techniques take turns trial by trial within each block.
                technique = techniques[states[participant].trials % techniques.count]
                block = (own / rowsPerBlock) % 5 + 1
            }
            let width = widths[(row / 7) % 3]
            let targetX = (10 + random.unit() * 300).rounded(toPlaces: 1)
            let targetY = (10 + random.unit() * 460).rounded(toPlaces: 1)
            // Triangular offsets within 0.7 target widths: about 16% of taps miss.
            let touchX = (targetX + (random.unit() + random.unit() - 1) * 0.7 * width).rounded(toPlaces: 1)
            let touchY = (targetY + (random.unit() + random.unit() - 1) * 0.7 * width).rounded(toPlaces: 1)
            let time = (exp(6.4 + 0.35 * (random.unit() + random.unit() - 1))).rounded(toPlaces: 1)
            let hit = abs(touchX - targetX) <= width / 2 && abs(touchY - targetY) <= width / 2
            states[participant].lastHit = hit
            buffer +=
                "P\(participant + 1),\(technique),\(block),\(states[participant].trial),\(targetX),\(targetY),"
                + "\(width),\(touchX),\(touchY),\(time),\(hit ? 1 : 0)\n"
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
