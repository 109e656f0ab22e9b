import Foundation

/// One of 8 compass sectors of 45° a movement's direction falls in, centred on north
/// (up the screen), north-east, east and so on clockwise. Directions are measured on the
/// screen with y down: north is towards the top edge, east towards the right edge.
public enum CompassSector: String, CaseIterable, Sendable {
    /// Up the screen: bearings from 337.5° to 22.5°.
    case north = "N"
    /// Up and right: bearings from 22.5° to 67.5°.
    case northEast = "NE"
    /// Right: bearings from 67.5° to 112.5°.
    case east = "E"
    /// Down and right: bearings from 112.5° to 157.5°.
    case southEast = "SE"
    /// Down the screen: bearings from 157.5° to 202.5°.
    case south = "S"
    /// Down and left: bearings from 202.5° to 247.5°.
    case southWest = "SW"
    /// Left: bearings from 247.5° to 292.5°.
    case west = "W"
    /// Up and left: bearings from 292.5° to 337.5°.
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
        /// From the top-left towards the bottom-right and back: the NW and SE sectors.
        case northWestSouthEast = "NW-SE"
        /// From the top-right towards the bottom-left and back: the NE and SW sectors.
        case northEastSouthWest = "NE-SW"
    }
}
