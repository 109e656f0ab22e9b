import Foundation

/// The number of a trial that a ``TimeFilter`` judges and removes: the time by default, or
/// the measure an analysis compares (a trial column, or a number a log kept per trial).
public enum CleanedValue: String, Sendable, Equatable, CaseIterable {
    /// The trial's time.
    case time
    /// The number a log kept per trial that the read binds (``TrialQuery/loggedValue``).
    case logged
    /// The error count.
    case errors
    /// The target's centre and size.
    case targetX, targetY, targetWidth, targetHeight
    /// The selection point.
    case touchX, touchY
    /// The selection point minus the target's centre; removing it removes the point.
    case offsetX, offsetY

    /// The value in `trial`, `nil` where the trial has none.
    package func value(of trial: StoredTrial) -> Double? {
        switch self {
        case .time: trial.timeMS
        case .logged: trial.loggedValue
        case .errors: trial.errors.map(Double.init)
        case .targetX: trial.targetX
        case .targetY: trial.targetY
        case .targetWidth: trial.targetWidth
        case .targetHeight: trial.targetHeight
        case .touchX: trial.touchX
        case .touchY: trial.touchY
        case .offsetX: trial.offsetX
        case .offsetY: trial.offsetY
        }
    }

    /// Leaves `trial` without the value.
    package func remove(from trial: inout StoredTrial) {
        switch self {
        case .time: trial.timeMS = nil
        case .logged: trial.loggedValue = nil
        case .errors: trial.errors = nil
        case .targetX: trial.targetX = nil
        case .targetY: trial.targetY = nil
        case .targetWidth: trial.targetWidth = nil
        case .targetHeight: trial.targetHeight = nil
        case .touchX, .offsetX: trial.touchX = nil
        case .touchY, .offsetY: trial.touchY = nil
        }
    }

    /// The fields a read selects to hold the value.
    var fields: TrialFields {
        switch self {
        case .time: .time
        case .logged: .logged
        case .errors: .errors
        case .targetX, .targetY: .target
        case .targetWidth, .targetHeight: .targetSize
        case .touchX, .touchY: .touch
        case .offsetX, .offsetY: [.target, .touch]
        }
    }
}
