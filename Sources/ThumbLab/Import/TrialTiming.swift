/// Which ``TrialTimeModel`` times the trials an import derives from touch events
/// (``ImportOptions/trialTime``). The default, ``auto``, takes the stimulus onset where the
/// log has an onset column and the previous selection otherwise.
public enum TrialTiming: String, CaseIterable, Sendable {
    /// ``TrialTimeModel/onset`` when the log has an `onset` column
    /// (``ImportField/onset``), else ``TrialTimeModel/previous`` (for a GoFitts trace, from
    /// each trial's first sample, which GoFitts records at the previous selection).
    case auto
    /// From the previous selection: ``TrialTimeModel/previous``.
    case previous
    /// From the previous selection that was a hit: ``TrialTimeModel/previousHit``.
    case previousHit = "previous-hit"
    /// From the stimulus onset column: ``TrialTimeModel/onset``. An import of a touch log
    /// without an onset column fails with ``ThumbLabError/importSetup(_:)``.
    case onset
    /// From the first touch-down to the selection: ``TrialTimeModel/contact``.
    case contact

    /// The model this choice gives for a log that has an onset column or not; nil for
    /// ``onset`` without the column.
    public func model(hasOnsetColumn: Bool) -> TrialTimeModel? {
        switch self {
        case .auto: hasOnsetColumn ? .onset : .previous
        case .previous: .previous
        case .previousHit: .previousHit
        case .onset: hasOnsetColumn ? .onset : nil
        case .contact: .contact
        }
    }
}
