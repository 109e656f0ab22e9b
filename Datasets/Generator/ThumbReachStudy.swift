import Foundation

/// A phone of the thumb-reach study.
struct Phone {
    var name: String
    var widthPx: Double
    var heightPx: Double
    var ppi: Double
    var pxPerMM: Double { ppi / 25.4 }
    var widthMM: Double { widthPx / pxPerMM }
    var heightMM: Double { heightPx / pxPerMM }
}

/// The simulated thumb-reach tapping study: right-handed participants tap targets at
/// the centres of a grid on two phones, one attempt per target. Times grow and accuracy
/// falls away from the thumb's comfortable arc and near the NW-SE diagonal, as Karlson
/// et al. observed for right-handed one-handed use. Every number is stated in
/// `Datasets/thumb-reach/README.md`; change one and regenerate both.
struct ThumbReachStudy {
    static let seed: UInt64 = 2008
    static let participants = 12
    static let phones = [
        Phone(name: "small", widthPx: 640, heightPx: 1136, ppi: 326),
        Phone(name: "large", widthPx: 1080, heightPx: 2340, ppi: 401),
    ]
    static let columns = 4
    static let rows = 7
    static let blocks = 3
    static let targetMM = 7.0
    /// The thumb's pivot: 8 mm right of the right edge, 10 mm above the bottom edge.
    static let pivotMM = (right: 8.0, up: 10.0)
    /// Where the thumb rests between trials: 15 mm left of the right edge, 25 mm above the bottom.
    static let restMM = (left: 15.0, up: 25.0)
    static let comfortableRadiusMM = 55.0
    static let comfortableBandMM = 15.0
    static let diagonalWidthMM = 10.0

    private var random = Xoshiro256StarStar(seed: seed)
    var files: [String: CSVFile] = [:]

    mutating func generate() {
        let header = [
            "participant", "phone", "block", "trial", "target_x", "target_y", "target_w", "target_h",
            "start_x", "start_y", "touch_x", "touch_y", "time_ms", "hit",
        ]
        for phone in Self.phones { files[phone.name] = CSVFile(header: header) }
        for number in 1...Self.participants {
            let id = participantID(number)
            let timeOffset = random.normal(sd: 0.15)
            let spreadFactor = exp(random.normal(sd: 0.15))
            let order = number % 2 == 1 ? Self.phones : Self.phones.reversed()
            for phone in order {
                for block in 1...Self.blocks {
                    var cells = Array(0..<(Self.columns * Self.rows))
                    random.shuffle(&cells)
                    for (index, cell) in cells.enumerated() {
                        let row = [id, phone.name, String(block), String(index + 1)]
                        files[phone.name]!.append(
                            row
                                + tap(
                                    cell: cell, on: phone, block: block,
                                    timeOffset: timeOffset, spreadFactor: spreadFactor))
                    }
                }
            }
        }
    }

    /// Reach difficulty D = max(0, |d - 55| - 15) / 10 for distance d (mm) from the pivot.
    static func reachDifficulty(xMM: Double, yMM: Double, phone: Phone) -> Double {
        let dx = xMM - (phone.widthMM + pivotMM.right)
        let dy = yMM - (phone.heightMM - pivotMM.up)
        let distance = (dx * dx + dy * dy).squareRoot()
        return max(0, abs(distance - comfortableRadiusMM) - comfortableBandMM) / 10
    }

    /// Nearness to the NW-SE diagonal, G = exp(-(e / 10)^2 / 2) for distance e (mm) from
    /// the line through the top-left and bottom-right corners.
    static func diagonalNearness(xMM: Double, yMM: Double, phone: Phone) -> Double {
        let length = (phone.widthMM * phone.widthMM + phone.heightMM * phone.heightMM).squareRoot()
        let distance = abs(phone.heightMM * xMM - phone.widthMM * yMM) / length
        return exp(-0.5 * (distance / diagonalWidthMM) * (distance / diagonalWidthMM))
    }

    /// ln T = ln 650 + u_p + 0.06 [large] + 0.08 D + 0.10 G - 0.03 (block - 1) + N(0, 0.2^2);
    /// touch = centre + (0.3, 1.0) mm + N(0, s^2) per axis,
    /// s = 1.0 mm (1 + 0.2 D)(1 + 0.3 G) exp(v_p).
    private mutating func tap(cell: Int, on phone: Phone, block: Int, timeOffset: Double, spreadFactor: Double)
        -> [String]
    {
        let cellWidth = phone.widthMM / Double(Self.columns)
        let cellHeight = phone.heightMM / Double(Self.rows)
        let xMM = (Double(cell % Self.columns) + 0.5) * cellWidth
        let yMM = (Double(cell / Self.columns) + 0.5) * cellHeight
        let reach = Self.reachDifficulty(xMM: xMM, yMM: yMM, phone: phone)
        let diagonal = Self.diagonalNearness(xMM: xMM, yMM: yMM, phone: phone)
        var logTime = log(650.0) + timeOffset + (phone.name == "large" ? 0.06 : 0)
        logTime += 0.08 * reach + 0.10 * diagonal - 0.03 * Double(block - 1)
        let time = exp(logTime + random.normal(sd: 0.2))
        let spread = 1.0 * (1 + 0.2 * reach) * (1 + 0.3 * diagonal) * spreadFactor
        let scale = phone.pxPerMM
        func px(_ mm: Double) -> Double { (mm * scale * 10).rounded() / 10 }
        let target = (x: px(xMM), y: px(yMM), size: px(Self.targetMM))
        let touch = (x: px(xMM + 0.3 + random.normal(sd: spread)), y: px(yMM + 1.0 + random.normal(sd: spread)))
        let hit = abs(touch.x - target.x) <= target.size / 2 && abs(touch.y - target.y) <= target.size / 2
        let start = (x: px(phone.widthMM - Self.restMM.left), y: px(phone.heightMM - Self.restMM.up))
        return [target.x, target.y, target.size, target.size, start.x, start.y, touch.x, touch.y].map { fixed($0, 1) }
            + [fixed(time, 1), hit ? "1" : "0"]
    }
}
