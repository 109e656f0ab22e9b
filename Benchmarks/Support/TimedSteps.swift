import Foundation

// The measured steps of the analysis benchmarks: each a child process, run once untimed
// (so that every timed run finds the database in the page cache), then timed in runs
// that interleave the steps (a busy moment of the machine hits all alike), and reported
// as medians with their ratios to the first step, the baseline.

/// GNU time, which measures sqlite3's peak memory in the warm-up run: ru_maxrss of a
/// process started with posix_spawn also counts the image it was started from (Linux keeps
/// the old image's high-water mark across exec), whereas GNU time forks from its own small
/// image. Without it ru_maxrss stands, an upper bound. Our children report their own VmHWM.
public let gnuTimePath = "/usr/bin/time"

/// Whether ``gnuTimePath`` can be run.
public var hasGNUTime: Bool { FileManager.default.isExecutableFile(atPath: gnuTimePath) }

/// One measured step: its command, its timed runs, its peak memory and the details its
/// last run printed.
public struct BenchmarkStep {
    /// What a step runs.
    public enum Command {
        /// The sqlite3 CLI running `sql` on `database`, its output discarded.
        case sqlite3(database: String, sql: String)
        /// A program that prints one line of `key=value` pairs, `peak_kib` among them.
        case program(String, [String])
    }

    public let name: String
    /// The name in the lines of the timed runs.
    public let shortName: String
    public let command: Command
    public var seconds: [Double] = []
    public var cpu: [Double] = []
    public var peakKiB = 0
    /// The `key=value` pairs of the last run, without its time and memory.
    public var detail = ""

    public init(_ name: String, short shortName: String? = nil, _ command: Command) {
        self.name = name
        self.shortName = shortName ?? String(name.split(separator: " ").first ?? "")
        self.command = command
    }

    /// Runs the step once and keeps its peak memory and details; exits the program when
    /// the step fails. sqlite3 runs under GNU time when `measuringPeak`.
    @discardableResult
    public mutating func runOnce(measuringPeak: Bool = false) throws -> ChildRun {
        let result: ChildRun
        switch command {
        case .sqlite3(let database, let sql):
            result =
                measuringPeak && hasGNUTime
                ? try timeChild(gnuTimePath, ["-f", "peak_kib=%M", "sqlite3", database, sql], discardOutput: true)
                : try timeChild("sqlite3", [database, sql], discardOutput: true)
        case .program(let executable, let arguments):
            result = try timeChild(executable, arguments)
        }
        guard result.status == 0 else {
            print("\(name) failed (status \(result.status)):\n\(result.output)")
            exit(1)
        }
        let values = reportValues(result.output)
        if let peak = values["peak_kib"].flatMap({ Int($0) }) {
            peakKiB = max(peakKiB, peak)
        } else if !hasGNUTime {
            peakKiB = max(peakKiB, result.maxRSSKiB)
        }
        detail = values.filter { !["seconds", "peak_kib"].contains($0.key) }.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return result
    }

    /// Runs the step once and keeps its wall and CPU time.
    @discardableResult
    public mutating func runTimed() throws -> ChildRun {
        let result = try runOnce()
        seconds.append(result.seconds)
        cpu.append(result.cpuSeconds)
        return result
    }
}

/// One untimed run of each step (the page cache warm before timing, sqlite3's peak memory
/// measured), printing each step's details.
public func warmUp(_ steps: inout [BenchmarkStep]) throws {
    print("warm-up: one untimed run of each step (page cache warm before timing)")
    for position in steps.indices { try steps[position].runOnce(measuringPeak: true) }
    for step in steps where !step.detail.isEmpty { print("  \(step.name): \(step.detail)") }
}

/// `runs` timed runs of every step, interleaved; prints each run's wall times.
public func runInterleaved(_ steps: inout [BenchmarkStep], runs: Int) throws {
    for run in 1...runs {
        var line = "run \(run):"
        for position in steps.indices {
            let result = try steps[position].runTimed()
            line += String(format: " %@ %.2f s;", steps[position].shortName, result.seconds)
        }
        print(line)
    }
}

/// The table of medians, ratios to the first step and peak memory, and whether the goals
/// (a wall ratio of at most `goalRatio`, peak memory under 200 MB) are met.
public func printStepTable(_ steps: [BenchmarkStep], trials: Int, runs: Int, goalRatio: Double) {
    guard let baselineStep = steps.first else { return }
    let baseline = median(baselineStep.seconds)
    let baselineCPU = median(baselineStep.cpu)
    print("")
    print(
        String(
            format: "%d trials, median of %d runs; wall time from spawn to exit, CPU = user + system", trials, runs))
    print("step                         wall s   ratio    CPU s  CPU ratio  peak MB")
    for step in steps {
        let wall = median(step.seconds)
        let cpu = median(step.cpu)
        print(
            String(
                format: "%@ %7.2f %7.2f %8.2f %10.2f %8.1f",
                step.name.padding(toLength: 27, withPad: " ", startingAt: 0), wall, wall / baseline, cpu,
                cpu / baselineCPU, Double(step.peakKiB) / 1024))
    }
    if !hasGNUTime { print("(sqlite3's peak is ru_maxrss, an upper bound: no \(gnuTimePath) to measure it alone)") }
    let worstRatio = steps.dropFirst().map { median($0.seconds) / baseline }.max() ?? .nan
    let worstPeak = Double(steps.dropFirst().map(\.peakKiB).max() ?? 0) / 1024
    print(
        String(
            format: "goal: wall ratio <= %.1f (worst %.2f: %@), peak < 200 MB (worst %.1f MB: %@)", goalRatio,
            worstRatio, worstRatio <= goalRatio ? "met" : "NOT met", worstPeak, worstPeak < 200 ? "met" : "NOT met"))
    print("(on a busy machine the CPU ratio is the steadier figure)")
}

/// Runs each probe `runs` times (a child measuring one split of the work), prints a table of
/// their medians, and returns each probe's median wall and CPU seconds by kind.
public func runProbes(
    _ probes: [(kind: String, meaning: String)], runs: Int, command: (String) -> BenchmarkStep.Command
) throws -> [String: (wall: Double, cpu: Double)] {
    print("")
    print("profile: median of \(runs) runs each, from spawn to exit")
    print("probe          wall s    CPU s  peak MB  what it does")
    var medians: [String: (wall: Double, cpu: Double)] = [:]
    for (kind, meaning) in probes {
        var step = BenchmarkStep(kind, command(kind))
        for _ in 1...runs { try step.runTimed() }
        medians[kind] = (median(step.seconds), median(step.cpu))
        print(
            String(
                format: "%@ %7.2f %8.2f %8.1f  %@", kind.padding(toLength: 12, withPad: " ", startingAt: 0),
                median(step.seconds), median(step.cpu), Double(step.peakKiB) / 1024, meaning))
    }
    return medians
}
