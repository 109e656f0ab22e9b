import Foundation

extension FittsTrial {
    /// The effective amplitude and deviation of each trial of a sequence, from the trials'
    /// traces in the order they were made, as GoFitts computes them (MacKenzie,
    /// yorku.ca/mack/FittsTaskTwo.html).
    ///
    /// The task axis of trial i runs from its start centre to its target centre, a_i apart;
    /// dx_i is the selection point's deviation from the target centre projected on it
    /// (positive past the target). In a serial task the movement starts at the previous
    /// selection point, which lies dx_(i−1) past the start centre along the previous axis,
    /// so ae_i = a_i + dx_i + dx_(i−1); a trial whose start centre is not the previous
    /// trial's target centre (within 0.5 px), such as the first of a sequence, starts at its
    /// start centre: ae_i = a_i + dx_i.
    /// - Returns: one (ae, dx) per trace, or nil when a trace's start and target coincide
    ///   (no task axis) or a coordinate is not finite.
    package static func tracedAmplitudes(_ traces: [TrialTrace]) -> [(effectiveAmplitude: Double, deviation: Double)]? {
        var result: [(effectiveAmplitude: Double, deviation: Double)] = []
        result.reserveCapacity(traces.count)
        for (index, trace) in traces.enumerated() {
            let axisX = trace.targetX - trace.startX
            let axisY = trace.targetY - trace.startY
            let length = (axisX * axisX + axisY * axisY).squareRoot()
            guard length > 0, length.isFinite else { return nil }
            let deviation =
                ((trace.selectionX - trace.targetX) * axisX + (trace.selectionY - trace.targetY) * axisY) / length
            guard deviation.isFinite else { return nil }
            var amplitude = length + deviation
            if index > 0 {
                let previous = traces[index - 1]
                if hypot(trace.startX - previous.targetX, trace.startY - previous.targetY) <= 0.5 {
                    amplitude += result[index - 1].deviation
                }
            }
            result.append((amplitude, deviation))
        }
        return result
    }
}
