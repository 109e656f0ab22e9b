import Foundation

/// The command line the study benchmarks share: `[--trials N] [--db PATH] [--keep]
/// [--runs N] [--profile]`.
public struct BenchmarkOptions {
    public var trials = 10_000_000
    public var databasePath: String
    public var keep = false
    public var runs = 3
    public var profile = false

    /// Reads `arguments`; prints the usage line and exits with 64 on anything else. The
    /// database defaults to `/tmp/<program>-<trials>.sqlite`.
    public init(_ arguments: [String], program: String) {
        func usage() -> Never {
            print("usage: \(program) [--trials N] [--db PATH] [--keep] [--runs N] [--profile]")
            exit(64)
        }
        var path: String?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--trials" where index + 1 < arguments.count:
                guard let value = Int(arguments[index + 1].replacingOccurrences(of: "_", with: "")), value > 0 else {
                    usage()
                }
                trials = value
                index += 1
            case "--db" where index + 1 < arguments.count:
                path = arguments[index + 1]
                index += 1
            case "--runs" where index + 1 < arguments.count:
                guard let value = Int(arguments[index + 1]), value > 0 else { usage() }
                runs = value
                index += 1
            case "--keep": keep = true
            case "--profile": profile = true
            default: usage()
            }
            index += 1
        }
        databasePath = path ?? "/tmp/\(program)-\(trials).sqlite"
    }
}
