import Foundation
import ThumbLab

/// The benchmarks' study: 24 participants in a 3 x 3 x 2 within design (technique x
/// target_size x mobility), 5 blocks per condition, on one device (``device``), written as
/// one trials CSV and imported with the library's ``Importer``.
///
/// Every participant-condition cell gets an even share of the rows (the first
/// `rows % 432` cells one more). Times are log-normal (a participant effect plus effects
/// of each factor, residual SD 0.3 on the log scale); about 90% of trials hit; touch
/// points scatter around the target centre. Target centres are uniform over the screen,
/// 20 px in from each edge, so that every cell of a heatmap's grid gets trials. A miss is repeated under its trial number
/// with probability 0.3 (at most once), so about 3% of rows are second attempts. Seeded:
/// the same row count gives the same file.
public struct StudyFill {
    /// The screen the study ran on: 360 x 640 px at 160 ppi.
    public static let device = Device(name: "benchmark-phone", widthPx: 360, heightPx: 640, ppi: 160)
    public static let participants = 24
    public static let techniques = ["Direct", "Shift", "ThumbSpace"]
    public static let sizes = ["small", "medium", "large"]
    public static let mobilities = ["seated", "walking"]
    public static let blocks = 5
    public static var conditions: Int { techniques.count * sizes.count * mobilities.count }

    public let rows: Int
    public var seed: UInt64 = 20_260_501

    public init(rows: Int) {
        self.rows = rows
    }

    /// Bytes of a CSV file, appended without going through `String`.
    private struct Output {
        let file: UnsafeMutablePointer<FILE>
        var buffer: [UInt8] = []
        var written = 0

        init(file: UnsafeMutablePointer<FILE>) {
            self.file = file
            buffer.reserveCapacity(1 << 20 + 1024)
        }

        mutating func text(_ string: String) { buffer.append(contentsOf: string.utf8) }
        mutating func byte(_ value: UInt8) { buffer.append(value) }

        mutating func integer(_ value: Int) {
            if value < 0 {
                byte(UInt8(ascii: "-"))
                integer(-value)
                return
            }
            if value >= 10 { integer(value / 10) }
            byte(UInt8(ascii: "0") + UInt8(value % 10))
        }

        /// The value with one decimal.
        mutating func decimal(_ value: Double) {
            let tenths = Int((value * 10).rounded())
            if tenths < 0 { byte(UInt8(ascii: "-")) }
            integer(abs(tenths) / 10)
            byte(UInt8(ascii: "."))
            byte(UInt8(ascii: "0") + UInt8(abs(tenths) % 10))
        }

        mutating func endRow() throws {
            byte(UInt8(ascii: "\n"))
            if buffer.count >= 1 << 20 { try flush() }
        }

        mutating func flush() throws {
            let count = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            guard count == buffer.count else { throw BenchmarkFailure("cannot write the benchmark CSV") }
            written += count
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Writes the CSV to `path` and returns its size in bytes.
    public func write(to path: String) throws -> Int {
        guard let file = fopen(path, "w") else { throw BenchmarkFailure("cannot create \(path)") }
        defer { fclose(file) }
        var out = Output(file: file)
        var random = SplitMix64(state: seed)
        out.text("participant,technique,target_size,mobility,block,trial,target_x,target_y,target_w,")
        out.text("touch_x,touch_y,time_ms,hit\n")
        let techniqueEffect = [0.0, 0.08, -0.05]
        let sizeEffect = [0.15, 0.0, -0.12]
        let mobilityEffect = [0.0, 0.1]
        let widths = [28.0, 40.0, 56.0]
        let hitRate = [0.85, 0.90, 0.95]
        let cells = Self.participants * Self.conditions
        for participant in 0..<Self.participants {
            let participantEffect = 0.15 * random.normal()
            let label = String(format: "P%02d", participant + 1)
            for condition in 0..<Self.conditions {
                // Conditions in an order rotated per participant, as a counterbalanced study would.
                let order = (condition + participant) % Self.conditions
                let technique = order / (Self.sizes.count * Self.mobilities.count)
                let size = (order / Self.mobilities.count) % Self.sizes.count
                let mobility = order % Self.mobilities.count
                let cell = participant * Self.conditions + condition
                let cellRows = rows / cells + (cell < rows % cells ? 1 : 0)
                let meanLog =
                    6.5 + participantEffect + techniqueEffect[technique] + sizeEffect[size]
                    + mobilityEffect[mobility]
                let width = widths[size]
                var trial = 0
                var block = 0
                var repeatable = false
                for row in 0..<cellRows {
                    let rowBlock = row * Self.blocks / max(cellRows, 1) + 1
                    if rowBlock != block {
                        block = rowBlock
                        trial = 0
                        repeatable = false
                    }
                    let isRepeat = repeatable && random.openUnit() < 0.3
                    if !isRepeat { trial += 1 }
                    let targetX = 20 + random.openUnit() * (Self.device.widthPx - 40)
                    let targetY = 20 + random.openUnit() * (Self.device.heightPx - 40)
                    let hit =
                        random.openUnit() < hitRate[size] - (technique == 0 ? 0.02 : 0) + (mobility == 0 ? 0.01 : -0.01)
                    let spread = width * (hit ? 0.2 : 0.6)
                    let touchX = targetX + spread * random.normal()
                    let touchY = targetY + spread * random.normal()
                    let time = Foundation.exp(meanLog + 0.3 * random.normal())
                    // A miss may be repeated once; a repeat is not repeated again.
                    repeatable = !hit && !isRepeat
                    out.text(label)
                    out.byte(UInt8(ascii: ","))
                    out.text(Self.techniques[technique])
                    out.byte(UInt8(ascii: ","))
                    out.text(Self.sizes[size])
                    out.byte(UInt8(ascii: ","))
                    out.text(Self.mobilities[mobility])
                    out.byte(UInt8(ascii: ","))
                    out.integer(block)
                    out.byte(UInt8(ascii: ","))
                    out.integer(trial)
                    out.byte(UInt8(ascii: ","))
                    out.decimal(targetX)
                    out.byte(UInt8(ascii: ","))
                    out.decimal(targetY)
                    out.byte(UInt8(ascii: ","))
                    out.decimal(width)
                    out.byte(UInt8(ascii: ","))
                    out.decimal(touchX)
                    out.byte(UInt8(ascii: ","))
                    out.decimal(touchY)
                    out.byte(UInt8(ascii: ","))
                    out.decimal(time)
                    out.byte(UInt8(ascii: ","))
                    out.byte(hit ? UInt8(ascii: "1") : UInt8(ascii: "0"))
                    try out.endRow()
                }
            }
        }
        try out.flush()
        return out.written
    }
}

/// Writes the benchmarks' CSV to a temporary file, imports it into `path` with the
/// library's ``Importer`` on ``StudyFill/device`` and prints how long each took; the exit
/// status.
public func runFill(rows: Int, database path: String) -> Int32 {
    let csv = "/tmp/thumblab-benchmark-fill-\(getpid()).csv"
    defer { unlink(csv) }
    do {
        let generation = Date()
        let bytes = try StudyFill(rows: rows).write(to: csv)
        let generated = Date().timeIntervalSince(generation)
        let importStart = Date()
        let database = try StudyDatabase(path: path)
        try database.addDevice(StudyFill.device)
        let report = try Importer(database: database).importFile(
            at: csv, options: ImportOptions(study: "benchmark", device: StudyFill.device.name))
        let imported = Date().timeIntervalSince(importStart)
        guard report.rows == rows else {
            print("the import stored \(report.rows) rows, expected \(rows)")
            return 1
        }
        print(
            String(
                format: "filled %@: %d trials (%.0f MB of CSV written in %.1f s, imported in %.1f s; not measured)",
                path, rows, Double(bytes) / 1e6, generated, imported))
        return 0
    } catch {
        print("error: \(error)")
        return 1
    }
}
