import Foundation

/// A GoFitts/FittsTaskTwo raw trace file (sd3; MacKenzie, yorku.ca/mack/FittsTaskTwo.html)
/// read as rows of touch events.
///
/// The file starts with a line `TRACE DATA`, then a header naming the columns
/// (`App,Participant,Condition,...,Block,Sequence,A,W,Trial,from_x,from_y,to_x,to_y,{t_x_y}`);
/// each trial follows as three lines with the same leading fields and the marker `t=`, `x=`
/// or `y=` under `{t_x_y}`, then the samples. Every sample becomes one touch row: `down` at
/// the first, `up` (the selection point) at the last, `move` between, at time `t`.
///
/// The rows carry what the sd1 file of the same session carries, spelt the same way, so
/// that the touches attach to its trials whichever file is imported first: the code
/// columns (App, Condition, ...) and `A` as factors (A spelt as sd1 writes it, `400.0` for
/// `400`), the participant, the block, the trial number; `to_x`, `to_y` as the target
/// centre, `W` as its width and `from_x`, `from_y` as the start point. The `Sequence` column is left out: sd1 has none, and the
/// sequences of one amplitude are told apart by their order, as attempts 1, 2, ... of each
/// trial number in both files. The file is read whole, as CSV (``CSVReader/records(in:delimiter:)``:
/// quoted fields, CRLF, a byte order mark); sd3 files hold one session.
final class GoFittsTraceReader: RowReader {
    let fields = FieldBuffer()
    private(set) var rowLine = 0
    private(set) var rowProblem: LocatedProblem?
    private(set) var bytesRead = 0
    let format = "sd3"
    let decimalComma = false
    var decisions: [ImportDecision] = []

    /// The columns an sd3 header must name.
    static let required = ["Participant", "A", "W", "Trial", "from_x", "from_y", "to_x", "to_y", "{t_x_y}"]

    /// The file's bytes, for the raw text of a record.
    private let bytes: [UInt8]
    /// The file's non-blank records.
    private let records: [CSVRecord]
    private var column: [String: Int] = [:]
    private var codeColumns: [String] = []
    /// The index in ``records`` of the next record to read.
    private var nextRecord = 0
    private var trial: Trace?
    /// The next row of the current trial, and the sample of the row just read.
    private var row = 0
    private var currentSample = 0
    /// The fields of the rows: the code columns, then ``fixedFields``.
    private var outputNames: [String] = []
    private static let fixedFields = [
        "A", "Participant", "Block", "Trial", "t", "x", "y", "phase", "target_x", "target_y", "W", "start_x", "start_y",
    ]

    /// One trial's three sample lines.
    private struct Trace {
        /// The 1-based lines of the t=, x= and y= records.
        var lines: [Int]
        var prefix: [String]
        var samples: [[Double]]
    }

    /// Reads `file` whole into its records.
    init(file: FileBytes) throws {
        bytes = file.bytes(at: 0, count: file.size)
        records = try CSVReader.records(in: bytes)
    }

    /// The raw text of `record`, as the file holds it.
    private func text(of record: CSVRecord) -> String {
        String(decoding: bytes[record.start..<min(record.end, record.start + (64 << 10))], as: UTF8.self)
    }

    /// Whether the start of a file is that of an sd3 file: its first line reads `TRACE DATA`.
    static func isTraceFile(head: [UInt8]) -> Bool {
        let text = String(decoding: head.prefix(64), as: UTF8.self)
        return text.drop { $0 == "\u{FEFF}" }.hasPrefix("TRACE DATA")
    }

    func readHeader() throws -> Result<[String], LocatedProblem> {
        guard let first = records.first, first.line == 1,
            text(of: first).trimmingCharacters(in: .whitespaces).hasSuffix("TRACE DATA")
        else {
            return .failure(
                LocatedProblem(
                    line: 1, column: 1,
                    message:
                        "expected the first line of a GoFitts sd3 file, 'TRACE DATA', found '\(Self.shown(records.first.map(text(of:)) ?? ""))'; give the trace file (sd3) as GoFitts or FittsTaskTwo wrote it"
                ))
        }
        if records.count > 1, let problem = records[1].problem { return .failure(problem) }
        let header = records.count > 1 ? records[1].fields : []
        let headerLine = records.count > 1 ? records[1].line : 2
        for (index, name) in header.enumerated() where column[name] == nil { column[name] = index }
        if let missing = Self.required.first(where: { column[$0] == nil }) {
            return .failure(
                LocatedProblem(
                    line: headerLine, column: 1,
                    message:
                        "expected the GoFitts sd3 header naming \(Self.required.joined(separator: ", ")), found no '\(missing)' column; give the trace file (sd3) as GoFitts or FittsTaskTwo wrote it"
                ))
        }
        guard column["{t_x_y}"] == header.count - 1 else {
            return .failure(
                LocatedProblem(
                    line: headerLine, column: column["{t_x_y}"]! + 1,
                    message: "expected {t_x_y} as the last column of the sd3 header, found columns after it"))
        }
        codeColumns = GoFittsLog.codeColumns.filter { column[$0] != nil }
        outputNames = codeColumns + Self.fixedFields
        nextRecord = 2
        bytesRead = records[1].bytesRead
        return .success(outputNames)
    }

    func next() throws -> Bool {
        if let trace = trial, row < Self.rowCount(trace) {
            emit(trace)
            return true
        }
        trial = nil
        guard nextRecord < records.count else { return false }
        switch readTrace() {
        case .success(let trace):
            trial = trace
            row = 0
            emit(trace)
        case .failure(let problem):
            rowProblem = problem
            rowLine = problem.line
            fields.reset()
            // The next trial starts at the next t= line.
            let marker = column["{t_x_y}"]!
            while nextRecord < records.count {
                let parts = records[nextRecord].fields
                if parts.count > marker, parts[marker] == "t=" { break }
                nextRecord += 1
            }
        }
        bytesRead = records[nextRecord - 1].bytesRead
        return true
    }

    func location(ofField index: Int) -> (line: Int, column: Int) {
        guard let trace = trial else { return (rowLine, 1) }
        let name = outputNames[index]
        let markerColumn = column["{t_x_y}"]! + 1
        switch name {
        case "t": return (trace.lines[0], markerColumn + 1 + currentSample)
        case "x": return (trace.lines[1], markerColumn + 1 + currentSample)
        case "y": return (trace.lines[2], markerColumn + 1 + currentSample)
        case "target_x": return (trace.lines[0], column["to_x"]! + 1)
        case "target_y": return (trace.lines[0], column["to_y"]! + 1)
        case "start_x": return (trace.lines[0], column["from_x"]! + 1)
        case "start_y": return (trace.lines[0], column["from_y"]! + 1)
        case "phase": return (trace.lines[0], markerColumn)
        default: return (trace.lines[0], (column[name] ?? 0) + 1)
        }
    }

    func rawText() -> String {
        // The records are in line order: the first one on or after the row's line.
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].line < rowLine { low = middle + 1 } else { high = middle }
        }
        return low < records.count && records[low].line == rowLine ? text(of: records[low]) : ""
    }

    /// Rows of a trial: one per sample, two for a single sample (down and up).
    private static func rowCount(_ trace: Trace) -> Int { max(trace.samples[0].count, 2) }

    /// Fills ``fields`` with row ``row`` of `trace` and moves on: the first sample is a
    /// `down`, the last an `up`; a trace of one sample gives a `down` and an `up` there.
    private func emit(_ trace: Trace) {
        let count = trace.samples[0].count
        let rows = Self.rowCount(trace)
        let index = count == 1 ? 0 : row
        let phase = row == 0 ? "down" : (row == rows - 1 ? "up" : "move")
        currentSample = index
        row += 1
        rowProblem = nil
        rowLine = trace.lines[0]
        fields.reset()
        for name in codeColumns { fields.appendField(Array(trace.prefix[column[name]!].utf8)) }
        let values: [String] = [
            Self.sd1Spelling(trace.prefix[column["A"]!]), trace.prefix[column["Participant"]!],
            column["Block"].map { trace.prefix[$0] } ?? "", trace.prefix[column["Trial"]!],
            Self.text(trace.samples[0][index]), Self.text(trace.samples[1][index]), Self.text(trace.samples[2][index]),
            phase, trace.prefix[column["to_x"]!], trace.prefix[column["to_y"]!], trace.prefix[column["W"]!],
            trace.prefix[column["from_x"]!], trace.prefix[column["from_y"]!],
        ]
        for value in values { fields.appendField(Array(value.utf8)) }
    }

    /// Reads the three records of the trial at ``nextRecord`` and moves past them.
    private func readTrace() -> Result<Trace, LocatedProblem> {
        let marker = column["{t_x_y}"]!
        var trace = Trace(lines: [], prefix: [], samples: [])
        for expected in ["t=", "x=", "y="] {
            guard nextRecord < records.count else {
                let end = (records.last?.line ?? 0) + 1
                return .failure(
                    LocatedProblem(
                        line: end, column: 1,
                        message:
                            "expected the \(expected) line of the trial on line \(trace.lines.first ?? end), found the end of the file"
                    ))
            }
            let record = records[nextRecord]
            let line = record.line
            nextRecord += 1
            if let problem = record.problem { return .failure(problem) }
            var parts = record.fields
            while parts.count > marker + 1, parts.last?.isEmpty == true { parts.removeLast() }
            guard parts.count > marker, parts[marker] == expected else {
                let found = parts.count > marker ? "'\(parts[marker])'" : "\(parts.count) fields"
                return .failure(
                    LocatedProblem(
                        line: line, column: min(parts.count, marker) + 1,
                        message:
                            "expected \(expected) in column {t_x_y} (column \(marker + 1)) as GoFitts writes each trial's t=, x= and y= lines in turn, found \(found)"
                    ))
            }
            let prefix = Array(parts[..<marker])
            if !trace.prefix.isEmpty, prefix != trace.prefix {
                let differing = prefix.indices.first { $0 >= trace.prefix.count || prefix[$0] != trace.prefix[$0] } ?? 0
                return .failure(
                    LocatedProblem(
                        line: line, column: differing + 1,
                        message:
                            "expected the fields of the trial on line \(trace.lines[0]) before \(expected), found '\(prefix[differing])' instead of '\(trace.prefix[differing])'"
                    ))
            }
            var values: [Double] = []
            for (offset, part) in parts.enumerated().dropFirst(marker + 1) {
                guard let value = Double(part), value.isFinite else {
                    return .failure(
                        LocatedProblem(
                            line: line, column: offset + 1,
                            message: "expected a number in the \(expected) samples, found '\(Self.shown(part))'"))
                }
                values.append(value)
            }
            if let count = trace.samples.first?.count, values.count != count {
                return .failure(
                    LocatedProblem(
                        line: line, column: marker + 2 + min(values.count, count),
                        message:
                            "expected \(count) samples as in the t= line, found \(values.count); every sample has a time, an x and a y"
                    ))
            }
            if values.isEmpty {
                return .failure(
                    LocatedProblem(
                        line: line, column: marker + 2,
                        message: "expected at least one sample after \(expected), found none"))
            }
            trace.lines.append(line)
            trace.prefix = prefix
            trace.samples.append(values)
        }
        for name in ["from_x", "from_y", "to_x", "to_y", "A", "W"] {
            let index = column[name]!
            guard let value = Double(trace.prefix[index]), value.isFinite else {
                return .failure(
                    LocatedProblem(
                        line: trace.lines[0], column: index + 1,
                        message: "expected a number in \(name), found '\(Self.shown(trace.prefix[index]))'"))
            }
        }
        return .success(trace)
    }

    /// A's level as sd1 writes it: a whole number with `.0` (`400` is `400.0`).
    static func sd1Spelling(_ amplitude: String) -> String {
        let digits = amplitude.hasPrefix("-") ? amplitude.dropFirst() : Substring(amplitude)
        return !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isNumber }) ? amplitude + ".0" : amplitude
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func shown<S: StringProtocol>(_ text: S) -> String {
        text.count > 40 ? "\(text.prefix(40))..." : String(text)
    }
}
