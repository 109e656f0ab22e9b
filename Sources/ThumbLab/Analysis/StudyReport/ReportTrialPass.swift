/// What a study report gathers from its trials, fed one trial at a time, so that one read
/// serves several analyses: the design (every attempt), the summary and the comparisons'
/// values per participant and cell and each factor's first trials (the report's
/// attempts), and the spatial analyses' screen tallies (every attempt).
struct ReportTrialPass {
    var design: DesignTally?
    var screen: ScreenBinner?
    var summary: SummaryCollector?
    var values: ParticipantCellCollector?
    var firsts: FirstTrialCollector?
    /// Whether the summary, the values and the first trials take first attempts only, the
    /// pass being fed every attempt.
    let firstAttemptsOnly: Bool

    /// The columns the collectors read.
    var fields: TrialFields {
        var fields = TrialFields()
        if design != nil { fields.formUnion(DesignTally.fields) }
        if screen != nil { fields.formUnion(ScreenBinner.fields) }
        if summary != nil { fields.formUnion(SummaryCollector.fields) }
        if let values { fields.formUnion(values.fields) }
        if firsts != nil { fields.formUnion(FirstTrialCollector.fields) }
        if firstAttemptsOnly { fields.insert(.numbers) }
        return fields
    }

    /// Feeds `trial` to every collector it belongs to.
    /// - Throws: ``ThumbLabError`` when a device's screen gives no grid.
    mutating func add(_ trial: StoredTrial) throws {
        design?.add(trial)
        try screen?.add(trial)
        if firstAttemptsOnly && trial.attempt != 1 { return }
        summary?.add(trial)
        values?.add(trial)
        firsts?.add(trial)
    }

    /// Adds what `other` gathered from the trials read after this one's.
    mutating func merge(_ other: ReportTrialPass) {
        if let theirs = other.design { design?.merge(theirs) }
        if let theirs = other.screen { screen?.merge(theirs) }
        if let theirs = other.summary { summary?.merge(theirs) }
        if let theirs = other.values { values?.merge(theirs) }
        if let theirs = other.firsts { firsts?.merge(theirs) }
    }
}

extension Study {
    /// `pass` fed the trials of `resolved`: every attempt to the design and the screen
    /// tallies, the selection's attempts to the rest. Where the selection takes last
    /// attempts, these are chosen in a read of their own; else one read serves all.
    func gather(_ pass: ReportTrialPass, resolved: ResolvedSelection) throws -> ReportTrialPass {
        var everyAttempt = resolved.trialQuery
        everyAttempt.attempts = .all
        guard resolved.trialQuery.attempts == .last else { return try read(everyAttempt, into: pass) }
        var (whole, chosen) = (pass, pass)
        (whole.summary, whole.values, whole.firsts) = (nil, nil, nil)
        (chosen.design, chosen.screen) = (nil, nil)
        whole = try read(everyAttempt, into: whole)
        chosen = try read(resolved.trialQuery, into: chosen)
        (whole.summary, whole.values, whole.firsts) = (chosen.summary, chosen.values, chosen.firsts)
        return whole
    }

    /// `pass` fed the trials `query` selects, in two halves on two threads from
    /// ``twoReadersFrom`` trials on.
    private func read(_ query: TrialQuery, into pass: ReportTrialPass) throws -> ReportTrialPass {
        let fields = pass.fields
        return try database.readSplit(
            query, minimumTrials: twoReadersFrom, start: pass,
            read: { query, database, pass in try database.forEachTrial(query, fields: fields) { try pass.add($0) } },
            merge: { $0.merge($1) })
    }
}
