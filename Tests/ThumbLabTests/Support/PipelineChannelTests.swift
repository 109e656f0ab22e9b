import Foundation
import Testing

@testable import ThumbLab

@Suite struct PipelineChannelTests {
    /// A sender on its own thread and a receiver that sometimes pauses: every message
    /// arrives once and in order, whatever the capacity, and neither side waits for good.
    @Test(arguments: [1, 2, 3, 16])
    func everyMessageArrivesInOrder(capacity: Int) {
        let channel = PipelineChannel<Int>(capacity: capacity)
        let count = 20_000
        let sender = Thread {
            for number in 0..<count { _ = channel.send(number) }
            channel.markReaderDone()
        }
        sender.start()
        for expected in 0..<count {
            if expected % 997 == 0 { usleep(200) }
            let number = channel.receive()
            if number != expected {
                Issue.record("expected message \(expected), received \(number)")
                break
            }
        }
        channel.waitForReader()
    }

    /// A sender waiting on a full channel is released by a cancel, and sends nothing after.
    @Test func cancelReleasesAWaitingSender() {
        let channel = PipelineChannel<Int>(capacity: 2)
        let results = LockedResults()
        let sender = Thread {
            for number in 0..<10 { results.append(channel.send(number)) }
            channel.markReaderDone()
        }
        sender.start()
        #expect(channel.receive() == 0)
        usleep(100_000)
        channel.cancel()
        channel.waitForReader()
        let sent = results.values
        #expect(sent.count == 10)
        #expect(sent.prefix(3).allSatisfy { $0 })
        #expect(sent.suffix(5).allSatisfy { !$0 })
    }
}

/// Results appended from another thread.
private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Bool] = []
    func append(_ value: Bool) { lock.withLock { stored.append(value) } }
    var values: [Bool] { lock.withLock { stored } }
}
