import Foundation

/// One selection of a Fitts task, described on its task axis.
public struct FittsTrial: Sendable, Equatable {
    /// The nominal amplitude A (distance between the centres of the start and the target).
    public var amplitude: Double
    /// The nominal target width W, in the units of the amplitude.
    public var width: Double
    /// The effective amplitude of this movement (ae): the distance covered along the task
    /// axis, from the start point to the selection point.
    public var effectiveAmplitude: Double
    /// The signed deviation of the selection point along the task axis from the target
    /// centre (dx): positive past the target, negative short of it.
    public var deviation: Double
    /// Movement time in milliseconds.
    public var timeMS: Double
    /// Whether the selection missed the target.
    public var missed: Bool
    /// Whether the time counts for the sequence's movement time: `false` for a trial whose
    /// time a selection's cleaning steps removed, which still counts for the spread of the
    /// selections and the error rate.
    var countsForTime = true

    /// A trial measured already, such as one row of a GoFitts sd1 file.
    public init(
        amplitude: Double, width: Double, effectiveAmplitude: Double, deviation: Double, timeMS: Double,
        missed: Bool
    ) {
        self.amplitude = amplitude
        self.width = width
        self.effectiveAmplitude = effectiveAmplitude
        self.deviation = deviation
        self.timeMS = timeMS
        self.missed = missed
    }

    /// A trial known only by its nominal amplitude and width, its time and its outcome: a
    /// log without start, target and selection points. Its effective amplitude and deviation
    /// are NaN, so its sequence has nominal measures only.
    public static func nominal(amplitude: Double, width: Double, timeMS: Double, missed: Bool) -> FittsTrial {
        FittsTrial(
            amplitude: amplitude, width: width, effectiveAmplitude: .nan, deviation: .nan, timeMS: timeMS,
            missed: missed)
    }

    /// Whether the trial has nominal measures only (``nominal(amplitude:width:timeMS:missed:)``).
    public var isNominal: Bool { effectiveAmplitude.isNaN && deviation.isNaN }

    /// A trial measured from points: the start point (the previous selection point in a
    /// serial task, as GoFitts takes it), the target centre and the selection point. The
    /// task axis runs from the start to the target; `dx` is the selection point's offset
    /// from the target centre projected on it and `ae` = a + dx, where a is the distance
    /// from the start to the target centre (MacKenzie's FittsTaskTwo and GoFitts).
    /// Returns nil when the start and the target coincide (no task axis).
    public static func measured(
        start: (x: Double, y: Double), target: (x: Double, y: Double), selection: (x: Double, y: Double),
        amplitude: Double, width: Double, timeMS: Double, missed: Bool
    ) -> FittsTrial? {
        let axisX = target.x - start.x
        let axisY = target.y - start.y
        let length = (axisX * axisX + axisY * axisY).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        let deviation = ((selection.x - target.x) * axisX + (selection.y - target.y) * axisY) / length
        return FittsTrial(
            amplitude: amplitude, width: width, effectiveAmplitude: length + deviation, deviation: deviation,
            timeMS: timeMS, missed: missed)
    }
}
