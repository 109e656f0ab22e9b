import Foundation

/// One of 8 compass sectors of 45° a movement's direction falls in, centred on north
/// (up the screen), north-east, east and so on clockwise. Directions are measured on the
/// screen with y down: north is towards the top edge, east towards the right edge.
public enum CompassSector: String, CaseIterable, Sendable {
    case north = "N"
    case northEast = "NE"
    case east = "E"
    case southEast = "SE"
    case south = "S"
    case southWest = "SW"
    case west = "W"
    case northWest = "NW"

    /// The compass bearing of a movement by (dx, dy) px on the screen (y down), in
    /// degrees clockwise from north (up): atan2(dx, −dy), in [0, 360). NaN for no movement.
    public static func bearing(dx: Double, dy: Double) -> Double {
        guard dx.isFinite, dy.isFinite, dx != 0 || dy != 0 else { return .nan }
        let degrees = atan2(dx, -dy) * 180 / Double.pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The sector of a movement by (dx, dy) px (y down): sector k spans bearings
    /// [45k − 22.5°, 45k + 22.5°), a boundary belonging to the sector clockwise of it.
    /// `nil` for no movement or a non-finite one.
    public init?(dx: Double, dy: Double) {
        let bearing = Self.bearing(dx: dx, dy: dy)
        guard bearing.isFinite else { return nil }
        let shifted = (bearing + 22.5).truncatingRemainder(dividingBy: 360)
        self = Self.allCases[min(7, Int(shifted / 45))]
    }

    /// The diagonal a sector lies on, when it lies on one: NW and SE on the NW-SE
    /// diagonal, NE and SW on the NE-SW one.
    public var diagonal: Diagonal? {
        switch self {
        case .northWest, .southEast: .northWestSouthEast
        case .northEast, .southWest: .northEastSouthWest
        default: nil
        }
    }

    /// The two diagonals of the screen Karlson et al. (2006) contrasted for thumb movements.
    public enum Diagonal: String, CaseIterable, Sendable {
        case northWestSouthEast = "NW-SE"
        case northEastSouthWest = "NE-SW"
    }
}
