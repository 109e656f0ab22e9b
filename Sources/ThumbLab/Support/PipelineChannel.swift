import Foundation

/// A bounded first-in first-out queue of messages from a thread that produces them (an
/// import's reading thread, a read of trials ahead of its analysis) to the one that
/// consumes them. `send` waits while the queue is full and `receive` while it is empty;
/// `cancel` releases a waiting sender for good. All state is guarded by one condition
/// lock, hence `@unchecked Sendable`.
final class PipelineChannel<Message: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var messages: [Message] = []
    private var head = 0
    private var cancelled = false
    private var readerDone = false
    private let capacity: Int

    /// A channel of at most `capacity` messages. For an import the default, about 16,000
    /// rows in all, lets either thread run ahead through the other's uneven moments (a page
    /// cache spill, the hash thread taking a core) for a few megabytes.
    init(capacity: Int = 16) { self.capacity = capacity }

    /// Queues a message; false (without queuing) once the channel is cancelled. A sender
    /// that finds the queue full waits until half of it is taken, so that the two threads
    /// wake each other once per run of messages rather than once per message.
    func send(_ message: Message) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if messages.count - head >= capacity {
            while messages.count - head > capacity / 2, !cancelled { condition.wait() }
        }
        guard !cancelled else { return false }
        messages.append(message)
        // Only a receiver that found the queue empty is waiting.
        if messages.count - head == 1 { condition.broadcast() }
        return true
    }

    /// The next message, waiting for it.
    func receive() -> Message {
        condition.lock()
        defer { condition.unlock() }
        while head == messages.count { condition.wait() }
        let message = messages[head]
        head += 1
        let queued = messages.count - head
        if head >= capacity {
            messages.removeFirst(head)
            head = 0
        }
        // A waiting sender waits for the queue to fall to half.
        if queued == capacity / 2 { condition.broadcast() }
        return message
    }

    /// Stops the producer at its next send.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Called by the producing thread as it ends.
    func markReaderDone() {
        condition.lock()
        readerDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the producing thread has ended.
    func waitForReader() {
        condition.lock()
        while !readerDone { condition.wait() }
        condition.unlock()
    }
}
