import Foundation

extension Study {
    /// Time and errors by the direction of the movement from the start point to the
    /// target centre, in 8 compass sectors (``CompassSector``), across participants and
    /// per participant, and the NW-SE against NE-SW contrast (``DiagonalContrast``). Every
    /// attempt counts by default.
    /// - Parameters:
    ///   - request: the device whose trials are read (``DirectionRequest/device``); `nil`
    ///     when the selection holds one device only.
    ///   - selection: the trials read; every attempt by default.
    /// - Throws: ``ThumbLabError`` for an unknown factor, level or device, a
    ///   selection that spans several devices, or one without start points.
    public func direction(_ request: DirectionRequest = DirectionRequest(), selection: Selection = .everyAttempt)
        throws -> DirectionReport
    {
        let resolved = try resolve(selection)
        var scope = try DeviceScope(requested: request.device, layout: resolved.layout)
        // Where no selected trial has a start point, SQLite says so without each trial being
        // read, when the study's trials are all on one screen (no device check to make).
        if try Set(studyTrialBatches(resolved).map(\.device)).count <= 1,
            try !database.hasTrial(resolved.trialQuery, havingAnyOf: [[.startX, .startY]])
        {
            // Any trial at all is found at the first row; counting them all would read each.
            let any = try database.hasTrial(resolved.trialQuery, havingAnyOf: [[]])
            throw Self.noStartPoint(selected: any ? nil : 0, resolved: resolved, device: request.device)
        }
        var tallies: [Int64: [TrialCounts]] = [:]
        var selected = 0
        var withStart = 0
        var withoutDirection = 0
        let fields: TrialFields = [.batch, .target, .start, .time, .hit]
        try database.forEachTrial(resolved.trialQuery, fields: fields) { trial in
            guard scope.accepts(batch: trial.batchID) else { return }
            selected += 1
            guard let startX = trial.startX, let startY = trial.startY else {
                withoutDirection += 1
                return
            }
            withStart += 1
            guard let targetX = trial.targetX, let targetY = trial.targetY,
                let sector = CompassSector(dx: targetX - startX, dy: targetY - startY)
            else {
                withoutDirection += 1
                return
            }
            let index = CompassSector.allCases.firstIndex(of: sector)!
            tallies[trial.participantID, default: Array(repeating: TrialCounts(), count: 8)][index].add(
                timeMS: trial.timeMS, hit: trial.hit)
        }
        let chosenDevice = try scope.chosen()
        guard withStart > 0 else {
            throw Self.noStartPoint(selected: selected, resolved: resolved, device: request.device)
        }
        guard !tallies.isEmpty else {
            throw ThumbLabError.analysis(.noMovementDirection(selected: selected))
        }
        let labels = resolved.layout.participants
        let participants = tallies.keys.sorted { naturalOrder(labels[$0] ?? "", labels[$1] ?? "") }
        var sectors: [DirectionRow] = []
        var perParticipant: [DirectionRow] = []
        for (index, sector) in CompassSector.allCases.enumerated() {
            var pooled = TrialCounts()
            var logMeans: [Double] = []
            var count = 0
            for id in participants {
                let tally = tallies[id]![index]
                guard tally.trials > 0 else { continue }
                count += 1
                pooled.merge(tally)
                if let mean = tally.meanLogTime { logMeans.append(mean) }
            }
            if count > 0 {
                sectors.append(
                    Self.directionRow(sector, participant: nil, tally: pooled, participants: count, logMeans: logMeans))
            }
        }
        for id in participants {
            for (index, sector) in CompassSector.allCases.enumerated() where tallies[id]![index].trials > 0 {
                perParticipant.append(
                    Self.directionRow(
                        sector, participant: labels[id], tally: tallies[id]![index], participants: 1, logMeans: nil))
            }
        }
        let contrast = DiagonalContrast(
            participants.map { id in (labels[id] ?? "\(id)", Self.diagonalTallies(tallies[id]!)) })
        let trials = sectors.reduce(0) { $0 + $1.trials }
        let summary = SelectionSummary(resolved, trials: trials, participants: participants.count)
        return DirectionReport(
            selection: summary, device: chosenDevice, sectors: sectors, perParticipant: perParticipant,
            contrast: contrast, withoutDirection: withoutDirection, sentences: contrast.sentences,
            methods: summary.withCleaningMethods(
                Self.directionMethods(summary, device: chosenDevice, withoutDirection: withoutDirection)))
    }

    private static func directionRow(
        _ sector: CompassSector, participant: String?, tally: TrialCounts, participants: Int, logMeans: [Double]?
    ) -> DirectionRow {
        let time = logMeans.map { ParticipantGeomean.of($0) } ?? (tally.meanLogTime.map(exp), nil, nil)
        let interval = tally.errorInterval
        return DirectionRow(
            sector: sector, participant: participant, trials: tally.trials, participants: participants,
            timeGeomean: time.0, timeCILow: time.1, timeCIHigh: time.2, misses: tally.misses,
            errorRate: tally.errorRate, errorCILow: interval?.lower, errorCIHigh: interval?.upper)
    }

    /// A participant's trials pooled over the sectors of each diagonal: NW-SE, then NE-SW.
    private static func diagonalTallies(_ sectors: [TrialCounts]) -> (TrialCounts, TrialCounts) {
        var northWestSouthEast = TrialCounts()
        var northEastSouthWest = TrialCounts()
        for (index, sector) in CompassSector.allCases.enumerated() {
            switch sector.diagonal {
            case .northWestSouthEast: northWestSouthEast.merge(sectors[index])
            case .northEastSouthWest: northEastSouthWest.merge(sectors[index])
            case nil: continue
            }
        }
        return (northWestSouthEast, northEastSouthWest)
    }

    private static func directionMethods(_ selection: SelectionSummary, device: Device?, withoutDirection: Int)
        -> String
    {
        let left =
            withoutDirection > 0
            ? " \(withoutDirection) selected trials without a start point, a target centre or any movement were left out."
            : ""
        return
            "Movement direction of \(selection.sentence)\(device.map { " on device \($0.name)" } ?? ""), from the start point "
            + "(start_x, start_y) to the target centre, as a compass bearing on the screen with y down (north is up, east "
            + "is right, clockwise), in 8 sectors of 45° centred on N, NE, E, SE, S, SW, W and NW (a boundary belongs to "
            + "the sector clockwise of it).\(left) Per sector, the geometric mean time is exp of the mean of the "
            + "participants' mean ln times, with the back-transformed 95% t interval across participants; the error rate "
            + "pools misses over trials, with the adjusted-Wald 95% interval (Agresti & Coull 1998). Diagonal contrast "
            + "(Karlson et al. 2006): per participant, the mean ln time and the proportion of misses of the trials in the "
            + "NW and SE sectors against those in NE and SW; ln means compared with a paired t-test (the ratio of "
            + "geometric means NW-SE / NE-SW is exp of the mean difference, its 95% interval back-transformed), "
            + "proportions with the Wilcoxon signed-rank test (R's wilcox.test policy: exact below 50 nonzero differences "
            + "without ties or zeros, else the normal approximation with tie correction and continuity correction; zero "
            + "differences dropped)."
    }

    /// Why there is no direction when none of the `selected` trials has a start point.
    /// `selected` is the count of selected trials, nil where they were not counted.
    private static func noStartPoint(selected: Int?, resolved: ResolvedSelection, device: String?) -> ThumbLabError {
        selected == 0
            ? resolved.empty(.directionTrials, device: device)
            : .analysis(.noStartPoint(selected: selected, study: resolved.layout.study))
    }
}
