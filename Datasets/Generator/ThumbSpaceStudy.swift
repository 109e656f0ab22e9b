import Foundation

/// Draws the ThumbSpace vs Shift vs Direct study from ``ThumbSpaceModel``: a trial log,
/// a raw touch log for part of the trials, and questionnaire answers.
struct ThumbSpaceStudy {
    private typealias M = ThumbSpaceModel
    private var random = Xoshiro256StarStar(seed: M.seed)

    var trials = CSVFile(header: [
        "participant", "technique", "target_size_mm", "mobility", "block", "trial",
        "target_x", "target_y", "target_w", "target_h", "touch_x", "touch_y", "time_ms", "hit",
    ])
    var touches = CSVFile(header: [
        "participant", "technique", "target_size_mm", "mobility", "block", "trial",
        "timestamp_ms", "x", "y", "phase", "target_x", "target_y", "target_w", "target_h", "role",
    ])
    var responses = CSVFile(header: ["participant", "technique", "instrument", "item", "value"])

    /// One participant's draws that hold across trials.
    private struct Person {
        var id: String
        var timeOffset: Double
        var techniqueTime: [String: Double]
        var spreadFactor: Double
        var preference: Double
        var clockMS = 0.0
    }

    mutating func generate() {
        for number in 1...M.participants {
            var person = Person(
                id: participantID(number),
                timeOffset: random.normal(sd: M.participantTimeSD),
                techniqueTime: Dictionary(
                    uniqueKeysWithValues: M.techniques.map {
                        ($0, random.normal(sd: M.participantTechniqueTimeSD))
                    }),
                spreadFactor: exp(random.normal(sd: M.participantSpreadSD)),
                preference: random.normal(sd: M.participantPreferenceSD))
            for technique in M.techniqueOrder(participant: number) {
                for mobility in M.mobilityOrder(participant: number) {
                    for block in 0...M.blocks {
                        runBlock(&person, technique: technique, mobility: mobility, block: block)
                    }
                }
                answerQuestionnaires(person, technique: technique)
            }
        }
    }

    /// One block; block 0 is the practice block, logged only as raw touches and never
    /// repeating a missed trial.
    private mutating func runBlock(_ person: inout Person, technique: String, mobility: String, block: Int) {
        let practice = block == 0
        let perSize = practice ? M.practicePerSize : M.positionsPerSize
        var sizes = M.sizesMM.flatMap { Array(repeating: $0, count: perSize) }
        random.shuffle(&sizes)
        for (index, sizeMM) in sizes.enumerated() {
            let sizePx = (sizeMM * M.pxPerMM * 10).rounded() / 10
            let margin = sizePx / 2 + M.pxPerMM
            let targetX = (random.uniform(margin, M.widthPx - margin) * 10).rounded() / 10
            let targetY = (random.uniform(margin, M.heightPx - margin) * 10).rounded() / 10
            let level = [person.id, technique, fixed(sizeMM, 1), mobility, String(block), String(index + 1)]
            let geometry = [fixed(targetX, 1), fixed(targetY, 1), fixed(sizePx, 1), fixed(sizePx, 1)]
            for _ in 1...(practice ? 1 : M.maxAttempts) {
                let outcome = attempt(
                    person, technique: technique, mobility: mobility, block: block,
                    sizeMM: sizeMM, target: (targetX, targetY, sizePx))
                if practice {
                    logTouches(
                        person, level: level, geometry: geometry, technique: technique,
                        sizeMM: sizeMM, time: outcome.time, touch: outcome.touch)
                } else {
                    let touch = [fixed(outcome.touch.x, 1), fixed(outcome.touch.y, 1)]
                    trials.append(level + geometry + touch + [fixed(outcome.time, 1), outcome.hit ? "1" : "0"])
                }
                person.clockMS += outcome.time + M.interTrialMS
                if outcome.hit { break }
            }
        }
    }

    /// Draws the time and selection point of one attempt, rounded as written.
    private mutating func attempt(
        _ person: Person, technique: String, mobility: String, block: Int, sizeMM: Double,
        target: (x: Double, y: Double, size: Double)
    ) -> (time: Double, touch: (x: Double, y: Double), hit: Bool) {
        let reach = M.reachDifficulty(xPx: target.x, yPx: target.y)
        let walking = mobility == "walking"
        var logTime = log(M.baseTimeMS) + person.timeOffset + person.techniqueTime[technique]!
        logTime += M.techniqueTime[technique]! + M.sizeTime[sizeMM]!
        if technique == "Shift" { logTime += M.shiftEscalationTime[sizeMM]! }
        if walking { logTime += M.walkingTime }
        logTime += M.reachTimeSlope[technique]! * reach - M.blockLearning * Double(max(0, block - 1))
        let time = (exp(logTime + random.normal(sd: M.residualTimeSD)) * 10).rounded() / 10

        let spread =
            M.baseSpreadMM[technique]! * (1 + M.reachSpread[technique]! * reach)
            * (walking ? M.walkingSpread : 1) * person.spreadFactor * M.pxPerMM
        let bias = M.biasMM[technique]!
        let touchX = ((target.x + bias.x * M.pxPerMM + random.normal(sd: spread)) * 10).rounded() / 10
        let touchY = ((target.y + bias.y * M.pxPerMM + random.normal(sd: spread)) * 10).rounded() / 10
        let hit = abs(touchX - target.x) <= target.size / 2 && abs(touchY - target.y) <= target.size / 2
        return (time, (touchX, touchY), hit)
    }

    /// The events of one practice trial: a tap on the start button at the trial's start
    /// (role `start`), then the selection's down, moves and up (role `target`), the up
    /// ending the trial's time.
    private mutating func logTouches(
        _ person: Person, level: [String], geometry: [String], technique: String,
        sizeMM: Double, time: Double, touch: (x: Double, y: Double)
    ) {
        let start = person.clockMS
        let startButton = (x: M.startButtonPx.x, y: M.startButtonPx.y)
        var events = [
            (start, startButton.x, startButton.y, "down", "start"),
            (start + M.startTapMS, startButton.x, startButton.y, "up", "start"),
        ]
        let plainTap = technique == "Shift" && sizeMM == M.sizesMM.last!
        let duration = plainTap ? M.shiftPlainTapMS : M.contactMS[technique]!
        let contact = min(max(40, random.normal(mean: duration.mean, sd: duration.sd)), 0.8 * time - M.startTapMS)
        let landing = M.landingSpreadMM[technique]! * M.pxPerMM
        let downX = touch.x + random.normal(sd: landing)
        let downY = touch.y + random.normal(sd: landing)
        let up = start + time
        let down = up - contact
        events.append((down, downX, downY, "down", "target"))
        var moment = down + M.eventIntervalMS
        while moment < up {
            let share = (moment - down) / contact
            events.append(
                (moment, downX + share * (touch.x - downX), downY + share * (touch.y - downY), "move", "target"))
            moment += M.eventIntervalMS
        }
        events.append((up, touch.x, touch.y, "up", "target"))
        for (timestamp, x, y, phase, role) in events {
            touches.append(level + [fixed(timestamp, 1), fixed(x, 1), fixed(y, 1), phase] + geometry + [role])
        }
    }

    private mutating func answerQuestionnaires(_ person: Person, technique: String) {
        let theta = M.preference[technique]! + person.preference + random.normal(sd: M.preferenceNoiseSD)
        for item in 1...10 {
            let centre = item % 2 == 1 ? 3.2 + theta : 2.8 - theta
            let value = min(5, max(1, (centre + random.normal(sd: 0.6)).rounded()))
            responses.append([person.id, technique, "SUS", String(item), fixed(value, 0)])
        }
        let satisfaction = min(7, max(1, (4.4 + 1.2 * theta + random.normal(sd: 0.7)).rounded()))
        responses.append([person.id, technique, "satisfaction", "overall", fixed(satisfaction, 0)])
    }
}
