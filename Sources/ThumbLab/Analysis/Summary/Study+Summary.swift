extension Study {
    /// Per cell of ``SummaryRequest/by`` (every trial factor of the study when empty):
    /// participants, trials, geometric-mean time with its interval across participants,
    /// mean/SD/median time, error rate with its adjusted-Wald interval, and touch offsets in
    /// px and mm. With ``SummaryRequest/perParticipant``, one row per participant and cell.
    /// One pass over the trials. Trials without a value for a factor form cells at level
    /// ``FactorLevels/missingLabel``. From a million trials on, the pass is split in two
    /// halves read on two threads; sums may then differ from one thread's in their last bits.
    /// - Parameters:
    ///   - request: the cells, and whether per participant.
    ///   - selection: the trials; first attempts by default (`Selection()`).
    /// - Throws: ``ThumbLabError/selection(_:)`` for unknown factors or levels.
    public func summary(_ request: SummaryRequest = SummaryRequest(), selection: Selection = Selection()) throws
        -> SummaryReport
    {
        if let measure = request.measure {
            switch measure {
            case .column, .logged, .phrase: break
            case .time, .error, .score, .throughput, .item:
                throw ThumbLabError.parameter(.summaryMeasure(measure: measure.description))
            }
        }
        let resolved = try request.measure.map { try resolve(selection, measuring: $0) } ?? resolve(selection)
        let collector = try database.readSplit(
            resolved.trialQuery, minimumTrials: twoReadersFrom,
            start: try SummaryCollector(
                resolved, by: request.by, perParticipant: request.perParticipant, measure: request.measure),
            read: { query, database, collector in
                try database.forEachTrial(query, fields: collector.fields) { collector.add($0) }
            },
            merge: { $0.merge($1) })
        var report = collector.report()
        report.names = try displayNames(study: resolved.layout.study)
        return report
    }

    /// How a summary's figures were computed, in words, after the sentence that names its
    /// selection: "Per cell, the geometric mean time is ...".
    static func summaryFigureMethods(perParticipant: Bool, measure: Measure? = nil) -> String {
        let geomean =
            perParticipant
            ? "the geometric mean time is exp of the mean ln time of the participant's trials, its 95% interval the back-transformed t interval of that mean"
            : "the geometric mean time is exp of the mean of the participants' per-cell mean ln times, its 95% interval the back-transformed t interval across participants"
        return
            "Per cell, \(geomean); mean, SD and median time pool the cell's trials; "
            + "the error rate is misses over trials with a recorded hit, pooled, with the adjusted-Wald 95% interval "
            + "(Agresti & Coull 1998); offsets are touch minus target centre, in px and, where every trial's import "
            + "named a device, in mm."
            + (measure.map { measure in
                perParticipant
                    ? " For \(measure), the mean of the participant's trials with its SD and 95% t interval."
                    : " For \(measure), the mean of the participants' per-cell means, with their SD and the 95% t "
                        + "interval across participants."
            } ?? "")
    }
}
