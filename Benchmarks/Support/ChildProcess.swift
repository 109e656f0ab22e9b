import Foundation

// What the benchmark programs share: child processes timed with posix_spawn and wait4
// (wall time, CPU time and peak resident memory from the child's rusage; ru_maxrss is KiB
// on Linux), the process's own peak memory, and the median of repeated runs.

/// A finished child process: wall time, CPU time (user + system), peak resident memory,
/// exit status and output.
public struct ChildRun: Sendable {
    public var seconds: Double
    public var cpuSeconds: Double
    /// ru_maxrss of the child, KiB.
    public var maxRSSKiB: Int
    public var status: Int32
    public var output: String
}

/// Runs a program to completion with posix_spawnp. Standard error always goes to a
/// temporary file that becomes ``ChildRun/output``; standard output too, unless
/// `discardOutput` sends it to /dev/null (as `> /dev/null` in a shell).
public func timeChild(_ executable: String, _ arguments: [String], discardOutput: Bool = false) throws -> ChildRun {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
        "thumblab-benchmark-child-\(getpid()).txt"
    ).path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 2, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if discardOutput {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    } else {
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = Date()
    let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else {
        throw BenchmarkFailure("cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
    let seconds = Date().timeIntervalSince(start)
    let cpu =
        Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        / 1e6
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    return ChildRun(
        seconds: seconds, cpuSeconds: cpu, maxRSSKiB: Int(usage.ru_maxrss), status: exitStatus, output: output)
}

/// The process's peak resident set size in KiB, from `VmHWM` in /proc/self/status.
public func peakResidentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
    }
    return 0
}

/// `key=value` pairs of a child's report line.
public func reportValues(_ output: String) -> [String: String] {
    var values: [String: String] = [:]
    for pair in output.split(whereSeparator: \.isWhitespace) {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
    }
    return values
}

/// The middle value (mean of the two middle values for an even count).
public func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// A measurement kind the child does not know.
public struct UnknownMeasurement: Error {
    public let kind: String
    public init(_ kind: String) { self.kind = kind }
}

/// Runs one measurement in this child and prints `seconds=… peak_kib=…` and the fields
/// `body` returns, for the parent to read; returns the exit status (64 for an unknown
/// kind, 1 for any other error).
public func reportMeasurement(_ body: () throws -> [String]) -> Int32 {
    do {
        let start = Date()
        let fields = try body()
        let seconds = Date().timeIntervalSince(start)
        print((["seconds=\(seconds)", "peak_kib=\(peakResidentKiB())"] + fields).joined(separator: " "))
        return 0
    } catch let unknown as UnknownMeasurement {
        print("error: unknown measurement \(unknown.kind)")
        return 64
    } catch {
        print("error: \(error)")
        return 1
    }
}
