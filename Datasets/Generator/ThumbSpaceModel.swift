import Foundation

/// The generative model of the simulated ThumbSpace vs Shift vs Direct study, after the
/// design of Karlson & Bederson (2007, "ThumbSpace: generalized one-handed input for
/// touchscreen-based mobile devices", INTERACT). Every number here is stated in
/// `Datasets/thumbspace-vs-shift/README.md`; change one and regenerate both.
enum ThumbSpaceModel {
    static let seed: UInt64 = 2007
    static let participants = 16
    static let techniques = ["Direct", "Shift", "ThumbSpace"]
    static let sizesMM = [3.6, 5.8, 9.6]
    static let mobilities = ["standing", "walking"]
    static let blocks = 3
    /// Target positions per size in each block.
    static let positionsPerSize = 6
    /// A missed trial is repeated under the same number until hit, at most this often.
    static let maxAttempts = 4
    /// Practice trials per size in block 0, which only the raw touch logger recorded.
    static let practicePerSize = 2

    // Screen: a 3.5-inch phone, 320 x 480 px at 163 ppi.
    static let widthPx = 320.0
    static let heightPx = 480.0
    static let ppi = 163.0
    static var pxPerMM: Double { ppi / 25.4 }

    // Reach: distance d (mm) from the thumb's pivot, 5 mm right of and 10 mm below the
    // bottom-right corner; R = max(0, d - 60) / 10 + max(0, 20 - d) / 10.
    static let pivotOffsetMM = (x: 5.0, y: 10.0)
    static let comfortableReachMM = 60.0
    static let tooCloseMM = 20.0
    static let reachScaleMM = 10.0

    // Time: ln T = ln 850 + u_p + w_pt + technique + size + escalation + 0.12 walking
    //   + slope_t R - 0.04 (block - 1) + e, e ~ N(0, 0.22^2).
    static let baseTimeMS = 850.0
    static let participantTimeSD = 0.15
    static let participantTechniqueTimeSD = 0.05
    static let techniqueTime = ["Direct": 0.0, "Shift": 0.08, "ThumbSpace": 0.40]
    static let sizeTime = [3.6: 0.30, 5.8: 0.14, 9.6: 0.0]
    /// Shift's callout escalates only for small targets, which costs time.
    static let shiftEscalationTime = [3.6: 0.20, 5.8: 0.10, 9.6: 0.0]
    static let walkingTime = 0.12
    static let reachTimeSlope = ["Direct": 0.08, "Shift": 0.08, "ThumbSpace": 0.01]
    static let blockLearning = 0.04
    static let residualTimeSD = 0.22

    // Accuracy: touch = target centre + bias_t + N(0, s^2) per axis, in mm, with
    //   s = base_t (1 + reach_t R) (1.35 if walking) exp(v_p), v_p ~ N(0, 0.15^2).
    static let baseSpreadMM = ["Direct": 1.3, "Shift": 0.8, "ThumbSpace": 1.4]
    static let reachSpread = ["Direct": 0.22, "Shift": 0.18, "ThumbSpace": 0.02]
    static let biasMM = ["Direct": (x: 0.4, y: 1.1), "Shift": (x: 0.1, y: 0.2), "ThumbSpace": (x: 0.0, y: 0.0)]
    static let walkingSpread = 1.35
    static let participantSpreadSD = 0.15

    // Contact on the target in the touch log, ms: normal, clamped to [40, 0.8 T - 80].
    static let contactMS = [
        "Direct": (mean: 90.0, sd: 15.0), "Shift": (mean: 350.0, sd: 60.0),
        "ThumbSpace": (mean: 300.0, sd: 50.0),
    ]
    /// Shift on its largest target does not escalate: a plain tap.
    static let shiftPlainTapMS = (mean: 110.0, sd: 20.0)
    /// Where the thumb first lands, around the final point: SD in mm per axis.
    static let landingSpreadMM = ["Direct": 0.3, "Shift": 2.0, "ThumbSpace": 2.0]
    static let eventIntervalMS = 16.0
    /// Each trial starts with a tap on a start button at the bottom centre of the screen.
    static let startButtonPx = (x: 160.0, y: 450.0)
    static let startTapMS = 80.0
    static let interTrialMS = 800.0

    // Questionnaires: preference theta = base_t + a_p + N(0, 0.35^2), a_p ~ N(0, 0.5^2).
    // SUS odd items round(3.2 + theta + N(0, 0.6^2)), even items round(2.8 - theta +
    // N(0, 0.6^2)), both clamped to 1...5; satisfaction round(4.4 + 1.2 theta +
    // N(0, 0.7^2)) clamped to 1...7.
    static let preference = ["Direct": 0.0, "Shift": 0.45, "ThumbSpace": 0.15]
    static let participantPreferenceSD = 0.5
    static let preferenceNoiseSD = 0.35

    /// The reach difficulty R of a target centre given in px.
    static func reachDifficulty(xPx: Double, yPx: Double) -> Double {
        let pivotX = widthPx / pxPerMM + pivotOffsetMM.x
        let pivotY = heightPx / pxPerMM + pivotOffsetMM.y
        let dx = xPx / pxPerMM - pivotX
        let dy = yPx / pxPerMM - pivotY
        let distance = (dx * dx + dy * dy).squareRoot()
        return max(0, distance - comfortableReachMM) / reachScaleMM + max(0, tooCloseMM - distance) / reachScaleMM
    }

    /// Technique orders: all six orders of three, participant p takes order (p - 1) mod 6.
    static func techniqueOrder(participant: Int) -> [String] {
        let orders = [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 2, 1], [1, 0, 2], [2, 1, 0]]
        return orders[(participant - 1) % orders.count].map { techniques[$0] }
    }

    /// Odd-numbered participants start standing, even-numbered walking.
    static func mobilityOrder(participant: Int) -> [String] {
        participant % 2 == 1 ? mobilities : mobilities.reversed()
    }
}
