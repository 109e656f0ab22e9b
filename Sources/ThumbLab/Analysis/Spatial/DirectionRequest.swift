/// What `thumblab direction` asks for: the device whose movements are read.
///
/// ``Study/direction(_:selection:)`` reads every attempt by default
/// (``Selection/everyAttempt``), each movement being an observation; the report's
/// ``DirectionReport/selection`` states the policy used.
public struct DirectionRequest: Sendable, Equatable {
    /// The device whose trials are read; `nil` when the selection holds one device only.
    public var device: String?

    /// A direction request; by default the selection's only device.
    public init(device: String? = nil) {
        self.device = device
    }
}
