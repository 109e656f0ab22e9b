/// The words an import summary uses for the timing of trials derived from touch events
/// (``TrialTimeModel``).
package enum TrialTimingText {
    /// The `timing` line of an import: the model, and the trials it left without a time.
    package static func line(_ model: TrialTimeModel, withoutTime: Int) -> String {
        var text = "trials derived from touch events are timed " + explanation(model)
        if withoutTime > 0 {
            text += "; \(withoutTime) \(missing(model, count: withoutTime)) no time"
        }
        return text
    }

    private static func explanation(_ model: TrialTimeModel) -> String {
        switch model {
        case .previous:
            "from the previous selection (the previous trial's or start tap's touch-up, ISO 9241-411 serial task)"
        case .previousHit:
            "from the previous successful selection (the touch-up of the last hit or start tap)"
        case .onset:
            "from the stimulus onset the log gives to the selection (touch-up)"
        case .contact:
            "from touch contact (first touch-down) to the selection: how long the finger touched, not a task time"
        }
    }

    private static func missing(_ model: TrialTimeModel, count: Int) -> String {
        let one = count == 1
        return switch model {
        case .previous, .previousHit:
            one ? "first trial of a block without a start tap has" : "first trials of a block without a start tap have"
        case .onset: one ? "trial without an onset value has" : "trials without an onset value have"
        case .contact: one ? "trial without a touch-down has" : "trials without a touch-down have"
        }
    }
}
