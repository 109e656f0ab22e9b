extension GoFittsLog {
    /// The Fitts analysis of the file's sequences, cells formed by `by`.
    /// - Throws: ``ThumbLabError/fitts(_:)`` for a sequence of one trial;
    ///   ``ThumbLabError/selection(_:)`` for an unknown `by` factor.
    public func fittsReport(by: [String] = []) throws -> FittsReport {
        let rows = try sequences.map { sequence in
            FittsSequenceRow(
                participant: sequence.participant, levels: sequence.levels, block: sequence.block,
                measures: try FittsSequenceMeasures.of(sequence.trials))
        }
        return try FittsReport(
            sequences: rows, factors: factors, by: by,
            source: "a GoFitts sd1 file (Ae and dx per trial as GoFitts measured them)")
    }
}
