import Foundation

/// A read of trials whose SQLite side runs on a thread of its own: that thread steps the
/// statement and decodes its rows into ``StoredTrial`` values, a block at a time, while the
/// calling thread hands them to the analysis in storage order. Stepping and decoding are
/// most of a scan, so an analysis's own work then costs almost no time of its own on a
/// machine with a second core; its result is the one a plain loop gives, as the trials
/// arrive in the same order.
enum TrialReadAhead {
    /// Trials per message: few enough that a block stays in the allocator's heap (about
    /// 150 KB), many enough that the channel's lock is taken rarely.
    static let blockSize = 512
    /// Blocks that may wait in the channel: memory stays at about a megabyte.
    static let blocksAhead = 6

    enum Message: Sendable {
        case trials([StoredTrial])
        case end
        case failed(ThumbLabError)
    }

    /// Steps `statement` to its last row on another thread, decoding each row with
    /// `decode` (a row it decodes as `nil` is left out), and calls `body` with each trial
    /// on the calling thread, in order. Returns or throws only once the other thread has
    /// ended, so the statement's connection is this thread's alone again; `body` must not
    /// use that connection meanwhile.
    /// - Throws: the error of a step, or the first error `body` throws (the reading then
    ///   stops at its next block).
    static func run(
        _ statement: SQLiteStatement, decode: @escaping (SQLiteStatement) -> StoredTrial?,
        _ body: (StoredTrial) throws -> Void
    ) throws {
        let channel = PipelineChannel<Message>(capacity: blocksAhead)
        let reading = Reading(statement: statement, decode: decode)
        let thread = Thread {
            read(reading.statement, decode: reading.decode, into: channel)
            channel.markReaderDone()
        }
        thread.start()
        defer { channel.waitForReader() }
        while true {
            switch channel.receive() {
            case .trials(let block):
                do {
                    for trial in block { try body(trial) }
                } catch {
                    channel.cancel()
                    throw error
                }
            case .end: return
            case .failed(let error): throw error
            }
        }
    }

    private static func read(
        _ statement: SQLiteStatement, decode: (SQLiteStatement) -> StoredTrial?, into channel: PipelineChannel<Message>
    ) {
        var block: [StoredTrial] = []
        block.reserveCapacity(blockSize)
        do {
            while try statement.step() {
                guard let trial = decode(statement) else { continue }
                block.append(trial)
                if block.count == blockSize {
                    guard channel.send(.trials(block)) else { return }
                    block.removeAll(keepingCapacity: true)
                }
            }
            if !block.isEmpty, !channel.send(.trials(block)) { return }
            _ = channel.send(.end)
        } catch {
            // The rows before the failing step reach the body first, as in a plain loop.
            if !block.isEmpty, !channel.send(.trials(block)) { return }
            _ = channel.send(.failed(error))
        }
    }
}

/// The statement and decoder handed to the reading thread, which alone uses them until it
/// ends: ``TrialReadAhead/run(_:decode:_:)``'s waiting, not the types, makes that safe.
private struct Reading: @unchecked Sendable {
    let statement: SQLiteStatement
    let decode: (SQLiteStatement) -> StoredTrial?
}
