import Foundation

/// The SHA-256 of a file, computed on a thread of its own so that an import reads and
/// writes rows meanwhile instead of waiting for it. All state is guarded by one
/// condition lock, hence `@unchecked Sendable`.
final class BackgroundHash: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<String, any Error>?
    private var cancelled = false
    private var running = true

    /// Starts hashing the file at `path`. With `constants`, the hash is that of the content's
    /// hash followed by the constants (``keyed(_:constants:)``), so that the same content
    /// imported with other values is another import.
    init(path: String, constants: [ImportConstant] = []) {
        let thread = Thread { [self] in
            let outcome = Result {
                try FileBytes(path: path).sha256(stoppingWhen: { self.isCancelled }).map {
                    Self.keyed($0, constants: constants)
                }
            }
            condition.lock()
            if case .success(let hash?) = outcome {
                result = .success(hash)
            } else if case .failure(let error) = outcome {
                result = .failure(error)
            }
            running = false
            condition.broadcast()
            condition.unlock()
        }
        thread.start()
    }

    /// A hash known already, for an import that needs no thread.
    init(known hash: String) {
        result = .success(hash)
        running = false
    }

    /// `contentHash` alone without constants; else the SHA-256 of it followed by one line
    /// `name=value` per constant (names normalised, lines sorted).
    static func keyed(_ contentHash: String, constants: [ImportConstant]) -> String {
        guard !constants.isEmpty else { return contentHash }
        let lines = constants.map { "\(ImportField.normalize($0.name))=\($0.value)" }.sorted()
        return SHA256.hexDigest(of: Array(([contentHash] + lines).joined(separator: "\n").utf8))
    }

    private var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// The hash, or nil while it is being computed.
    /// - Throws: what reading the file threw.
    func ifFinished() throws -> String? {
        condition.lock()
        defer { condition.unlock() }
        return try result?.get()
    }

    /// Waits for the hash.
    /// - Throws: what reading the file threw.
    func wait() throws -> String {
        condition.lock()
        defer { condition.unlock() }
        while result == nil, running { condition.wait() }
        guard let result else { throw CancellationError() }
        return try result.get()
    }

    /// Stops the thread at its next mebibyte and waits until it has ended.
    func cancel() {
        condition.lock()
        cancelled = true
        while running { condition.wait() }
        condition.unlock()
    }
}
