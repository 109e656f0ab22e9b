import Foundation

@testable import ThumbLab

#if canImport(Glibc)
    import Glibc
#endif

/// The input file of a fuzz target: one file on tmpfs per process, rewritten for every
/// input, so that the readers open and stream it exactly as they open a log.
final class FuzzInputFile {
    let path: String
    private let descriptor: Int32
    /// The input last written.
    private(set) var bytes: [UInt8] = []

    init(suffix: String) {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        path = "\(folder)/thumblab-fuzz-\(getpid())\(suffix)"
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { fatalError("cannot create the fuzz input file \(path)") }
        atexit { FuzzInputFile.removeAll() }
        FuzzInputFile.paths.append(path)
    }

    /// Replaces the file's content with `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = Array(bytes)
        guard ftruncate(descriptor, 0) == 0 else { fatalError("cannot truncate \(path)") }
        var written = 0
        while written < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(written))
            guard count > 0 else { fatalError("cannot write \(path)") }
            written += count
        }
    }

    nonisolated(unsafe) private static var paths: [String] = []

    private static func removeAll() {
        for path in paths { unlink(path) }
    }
}

/// A sink that keeps nothing but checks what every record promises: finite numbers,
/// derived trials with a non-negative time and a hit only where the target is known.
struct CheckingSink: RecordSink {
    var factorCount: Int?
    var records = 0

    mutating func declareFactors(_ names: [String]) throws {
        check(factorCount == nil, "factors declared twice")
        factorCount = names.count
    }

    mutating func add(_ trial: TrialRecord) throws {
        checkLevels(trial.levels)
        for value in [
            trial.targetX, trial.targetY, trial.targetWidth, trial.targetHeight, trial.startX, trial.startY,
            trial.touchX, trial.touchY, trial.effectiveAmplitude, trial.deviation,
        ] {
            check(value?.isFinite ?? true, "a trial holds a non-finite number")
        }
        if let time = trial.timeMS {
            check(time >= 0 && time.isFinite, "a trial time is negative or not finite: \(time)")
        }
        if let width = trial.targetWidth { check(width > 0, "a target width is not positive: \(width)") }
        if let errors = trial.errors { check(errors >= 0, "an error count is negative") }
        check(trial.line >= 1, "a trial has line \(trial.line)")
        records += 1
    }

    mutating func add(_ touch: TouchRecord) throws {
        checkLevels(touch.levels)
        check(touch.timeMS.isFinite && touch.x.isFinite && touch.y.isFinite, "a touch holds a non-finite number")
        check(touch.line >= 1, "a touch has line \(touch.line)")
        records += 1
    }

    mutating func add(_ response: ResponseRecord) throws {
        checkLevels(response.levels)
        check(response.value.isFinite, "a response value is not finite")
        records += 1
    }

    mutating func addRejected(line: Int, reason: String, raw: String) throws {
        check(line >= 1, "a rejected row has line \(line)")
        check(!reason.isEmpty, "a rejected row has no reason")
    }

    private func checkLevels(_ levels: [String?]) {
        check(levels.count == factorCount, "a record has \(levels.count) levels for \(factorCount ?? -1) factors")
    }
}

/// Stops the process with `message`: libFuzzer records the input as a crash.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(message())") }
}

/// Checks what an import's outcome promises about its counts.
func checkOutcome(_ outcome: ImportOutcome?, sink: CheckingSink) {
    guard let outcome else { return }
    check(outcome.rows >= outcome.rejected, "more rejected rows than rows")
    check(outcome.problems.total >= outcome.problems.shown.count, "more problems shown than counted")
    check(outcome.problems.shown.count <= ProblemList.shownLimit, "more problems shown than the limit")
    check(outcome.rejected == 0 || outcome.problems.total > 0, "rows rejected without a problem")
}

/// Checks that an error is one the library documents for malformed input.
func checkError(_ error: any Error) {
    guard let error = error as? ThumbLabError else { fatalError("undocumented error \(error)") }
    switch error {
    case .invalidInput(let problems, let total):
        check(!problems.isEmpty && total >= problems.count, "invalid input without problems")
        for problem in problems {
            check(problem.line >= 1 && problem.column >= 1, "a problem at \(problem.line):\(problem.column)")
            check(!problem.message.isEmpty, "a problem without a message")
        }
    default:
        fatalError("unexpected error for malformed input: \(error)")
    }
}

/// Reads the input file through one row reader with and without skipping invalid rows;
/// a JSON file also with the keys of its leading objects only, as an import first reads
/// it, cut where the input's first byte says (the read with every key that this compares
/// with is one of the two reads).
func fuzzRows(_ file: FuzzInputFile, format: ReaderEntryPoints.RowFormat, kind: RowKind? = nil) {
    var compared: Bool?
    if format != .csv, let first = file.bytes.first {
        let leadingBytes = 1 + Int(first) * file.bytes.count / 256
        let options = ImportOptions(kind: kind, skipInvalid: file.bytes.count % 2 == 1)
        var sink = CheckingSink()
        let (comparison, whole) = ReaderEntryPoints.compareLeadingKeys(
            path: file.path, format: format, options: options, leadingBytes: leadingBytes, whole: &sink)
        check(
            comparison != .differs,
            "reading with the keys of the first \(leadingBytes) bytes differs from reading with every key")
        guard checkRead(whole, sink: sink) else { return }
        compared = options.skipInvalid
    }
    for skipInvalid in [false, true] where skipInvalid != compared {
        var sink = CheckingSink()
        let end = Result {
            try ReaderEntryPoints.readRows(
                path: file.path, format: format, options: ImportOptions(kind: kind, skipInvalid: skipInvalid),
                into: &sink)
        }
        guard checkRead(end, sink: sink) else { return }
    }
}

/// Checks the end of one read; false when the file is JSON of the other kind, which the
/// reader leaves alone.
private func checkRead(_ end: Result<ImportOutcome?, any Error>, sink: CheckingSink) -> Bool {
    switch end {
    case .success(let outcome):
        checkOutcome(outcome, sink: sink)
        return outcome != nil
    case .failure(let error):
        checkError(error)
        return true
    }
}
