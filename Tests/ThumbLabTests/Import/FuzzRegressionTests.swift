import Foundation
import Testing

@testable import ThumbLab

/// The inputs the fuzz targets (`Tests/fuzz/run.sh`) found crashes with, kept under
/// `Fixtures/fuzz/TARGET/`, and the targets' hand-made seeds under `Tests/fuzz/seeds/`,
/// read through the same entry points as the targets: every one reads or fails with the
/// documented error, never a crash.
@Suite struct FuzzRegressionTests {
    static let targets = ["csv", "json", "jsonl", "touches"]
    static let fuzzFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz")
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fuzz/seeds")

    /// The files of one folder, sorted by name.
    static func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    /// What reading one input through a target's entry points gave.
    struct Reading {
        var outcomes: [ImportOutcome?] = []
        var sinks: [MemorySink] = []
        var errors: [ThumbLabError] = []
    }

    /// Reads `input` as the fuzz target `target` does: with and without skipping invalid
    /// rows, and for csv and json also as a GoFitts file or a screen layout.
    static func read(_ input: [UInt8], target: String) throws -> Reading {
        let folder = TemporaryFolder()
        var bytes = input
        let format: ReaderEntryPoints.RowFormat
        switch target {
        case "touches":
            bytes = ReaderEntryPoints.touchLog(fromInput: input)
            format = .csv
        default:
            format = try #require(ReaderEntryPoints.RowFormat(rawValue: target))
        }
        let path = folder.url.appendingPathComponent("input.\(format.rawValue)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var reading = Reading()
        func record(_ body: () throws -> Void) throws {
            do {
                try body()
            } catch let error as ThumbLabError {
                reading.errors.append(error)
            }
        }
        for skipInvalid in [false, true] {
            try record {
                var sink = MemorySink()
                let options = ImportOptions(kind: target == "touches" ? .touches : nil, skipInvalid: skipInvalid)
                reading.outcomes.append(
                    try ReaderEntryPoints.readRows(path: path, format: format, options: options, into: &sink))
                reading.sinks.append(sink)
            }
        }
        if target == "csv" { try record { _ = try ReaderEntryPoints.readGoFitts(input, file: path) } }
        if target == "json" { try record { _ = try ReaderEntryPoints.readLayout(input, file: path) } }
        return reading
    }

    /// Expects what the fuzz targets check: documented errors with located problems, and
    /// records with finite numbers and derived trials with a finite, non-negative time.
    static func expectSound(_ reading: Reading, _ name: String) {
        for error in reading.errors {
            guard case .invalidInput(let problems, let total) = error else {
                Issue.record("\(name): \(error)")
                continue
            }
            #expect(!problems.isEmpty && total >= problems.count, "\(name)")
            #expect(problems.allSatisfy { $0.line >= 1 && $0.column >= 1 }, "\(name)")
        }
        for sink in reading.sinks {
            for trial in sink.trials {
                let numbers = [
                    trial.targetX, trial.targetY, trial.targetWidth, trial.touchX, trial.touchY, trial.timeMS,
                ]
                #expect(numbers.allSatisfy { $0?.isFinite ?? true }, "\(name): \(trial)")
                #expect((trial.timeMS ?? 0) >= 0, "\(name): \(trial)")
            }
            #expect(sink.touches.allSatisfy { $0.timeMS.isFinite && $0.x.isFinite && $0.y.isFinite }, "\(name)")
        }
    }

    @Test(arguments: ["json", "jsonl"]) func everyJSONInputReadsAlikeWithTheLeadingKeysOnly(target: String) throws {
        let format = try #require(ReaderEntryPoints.RowFormat(rawValue: target))
        let inputs = Self.files(in: Self.seeds.appendingPathComponent(target))
            + Self.files(in: Self.fuzzFixtures.appendingPathComponent(target))
        #expect(inputs.count >= 5)
        var seen: [ReaderEntryPoints.LeadingKeysComparison] = []
        for input in inputs {
            let size = try Data(contentsOf: input).count
            let cuts = Set(stride(from: 1, to: size, by: max(1, size / 40))).union([size / 2, size - 1])
            for cut in cuts.sorted() where cut > 0 {
                for skipInvalid in [false, true] {
                    let comparison = ReaderEntryPoints.compareLeadingKeys(
                        path: input.path, format: format, options: ImportOptions(skipInvalid: skipInvalid),
                        leadingBytes: cut)
                    #expect(comparison != .differs, "\(input.lastPathComponent) cut at \(cut)")
                    seen.append(comparison)
                }
            }
        }
        #expect(seen.contains(.same) && seen.contains(.readsAgain))
    }

    @Test(arguments: targets) func everySeedReadsOrFailsWithLocatedProblems(target: String) throws {
        let inputs = Self.files(in: Self.seeds.appendingPathComponent(target))
        #expect(!inputs.isEmpty, "no seeds under Tests/fuzz/seeds/\(target)")
        for input in inputs {
            Self.expectSound(try Self.read(Array(try Data(contentsOf: input)), target: target), input.lastPathComponent)
        }
    }

    @Test func everyKeptCrashInputReadsSoundly() throws {
        var count = 0
        for target in Self.targets {
            for input in Self.files(in: Self.fuzzFixtures.appendingPathComponent(target)) {
                count += 1
                Self.expectSound(
                    try Self.read(Array(try Data(contentsOf: input)), target: target),
                    "\(target)/\(input.lastPathComponent)")
            }
        }
        #expect(count > 0, "no crash inputs under Fixtures/fuzz/TARGET/")
    }

    @Test func aTrialSpanningMoreThanANumberHoldsNoTime() throws {
        let input = Array("0P1,Direct,1,1,-1e308,1,1,down,,,,\nP1,Direct,1,1,1e308,1,1,up,,,,\n".utf8)
        let reading = try Self.read(input, target: "touches")
        #expect(reading.errors.isEmpty)
        let trial = try #require(reading.sinks.first?.trials.first)
        #expect(trial.timeMS == nil && trial.touchX == 1 && trial.touchY == 1)
    }
}
