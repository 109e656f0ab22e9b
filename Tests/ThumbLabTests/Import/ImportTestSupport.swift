import Foundation

@testable import ThumbLab

/// Collects what an import hands to its sink, for tests that need no database.
struct MemorySink: RecordSink {
    var factors: [String] = []
    var trials: [TrialRecord] = []
    var touches: [TouchRecord] = []
    var responses: [ResponseRecord] = []
    /// The numbers of each trial's columns kept as numbers, in trial order (files with them).
    var numbers: [[Double?]] = []
    var rejected: [(line: Int, reason: String, raw: String)] = []
    /// The kinds of record in the order they arrived: `trial` or `touch`.
    var order: [String] = []

    mutating func declareFactors(_ names: [String]) throws { factors = names }
    mutating func add(_ trial: TrialRecord) throws {
        trials.append(trial)
        order.append("trial")
    }
    mutating func add(_ touch: TouchRecord) throws {
        touches.append(touch)
        order.append("touch")
    }
    mutating func add(_ response: ResponseRecord) throws { responses.append(response) }
    mutating func addNumbers(_ numbers: [Double?]) throws { self.numbers.append(numbers) }
    mutating func addRejected(line: Int, reason: String, raw: String) throws {
        rejected.append((line, reason, raw))
    }
}

/// A temporary folder removed when the value is no longer used.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("thumblab-import-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to a file named `name` and returns its path.
    func write(_ bytes: [UInt8], named name: String) -> String {
        let path = url.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    func write(_ text: String, named name: String) -> String {
        write(Array(text.utf8), named: name)
    }
}

/// The result of importing text through the engine into a ``MemorySink``.
struct MemoryImport {
    var sink: MemorySink
    var outcome: ImportOutcome
    var layout: ColumnLayout
    /// What the import decided about the file beyond its header.
    var decisions: [ImportDecision] = []
}

/// Imports `text` saved as `name` into memory.
func importInMemory(_ text: String, named name: String = "log.csv", options: ImportOptions = ImportOptions()) throws
    -> MemoryImport
{
    try importInMemory(Array(text.utf8), named: name, options: options)
}

func importInMemory(_ bytes: [UInt8], named name: String = "log.csv", options: ImportOptions = ImportOptions()) throws
    -> MemoryImport
{
    let folder = TemporaryFolder()
    let path = folder.write(bytes, named: name)
    let prepared = try ImportEngine.prepare(path: path, options: options)
    var sink = MemorySink()
    let outcome = try ImportEngine.run(prepared, options: options, sink: &sink)
    return MemoryImport(sink: sink, outcome: outcome, layout: prepared.layout, decisions: prepared.decisions)
}

/// The problems of an import that is expected to fail with bad input.
func problems(of body: () throws -> Void) -> (problems: [InputProblem], total: Int)? {
    do {
        try body()
        return nil
    } catch ThumbLabError.invalidInput(let problems, let total) {
        return (problems, total)
    } catch {
        return nil
    }
}

/// Every CSV record of `text` as arrays of field strings, with their start lines.
func csvRecords(_ bytes: [UInt8]) throws -> [(line: Int, fields: [String], problem: String?)] {
    let folder = TemporaryFolder()
    let path = folder.write(bytes, named: "records.csv")
    let reader = try CSVReader(file: try FileBytes(path: path))
    var records: [(Int, [String], String?)] = []
    while try reader.next() {
        records.append(
            (
                reader.recordLine, (0..<reader.fields.count).map { reader.fields.string($0) },
                reader.recordProblem?.message
            ))
    }
    return records
}

func csvRecords(_ text: String) throws -> [(line: Int, fields: [String], problem: String?)] {
    try csvRecords(Array(text.utf8))
}
