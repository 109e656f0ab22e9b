/// A colour map: colours at evenly spaced anchors from 0 to 1, interpolated linearly in
/// sRGB between them. The anchors were sampled from matplotlib (33 per map) by
/// `Tests/ThumbLabTests/Fixtures/figures/colour_maps.py`, and the tests hold the
/// interpolated colours to matplotlib's within 2 of 255 per component.
public struct ColourMap: Sendable, Equatable {
    /// The map's name as matplotlib knows it.
    public var name: String
    /// Colours at 0, 1/(n-1), ..., 1.
    public var anchors: [Colour]
    /// Whether the map diverges from a neutral middle, for values signed around 0.
    public var isDiverging: Bool

    /// A map through `anchors`, evenly spaced; fewer than two anchors give a map of one
    /// colour (or of grey, with none).
    public init(name: String, anchors: [Colour], isDiverging: Bool) {
        self.name = name
        self.anchors = anchors
        self.isDiverging = isDiverging
    }

    /// The colour at `position` from 0 to 1, clamped into that range; NaN gives the
    /// neutral grey of ``missing``.
    public func colour(at position: Double) -> Colour {
        guard !position.isNaN else { return Self.missing }
        guard anchors.count > 1 else { return anchors.first ?? Self.missing }
        let t = min(max(position, 0), 1) * Double(anchors.count - 1)
        let index = min(Int(t), anchors.count - 2)
        let fraction = t - Double(index)
        let a = anchors[index]
        let b = anchors[index + 1]
        return Colour(
            red: a.red + (b.red - a.red) * fraction, green: a.green + (b.green - a.green) * fraction,
            blue: a.blue + (b.blue - a.blue) * fraction)
    }

    /// The grey a value that cannot be placed on the map gets.
    public static let missing = Colour(grey: 0.8)

    /// Viridis (van der Walt & Smith, matplotlib 2.0): sequential, perceptually uniform,
    /// lightness rising monotonically from dark purple (L* 15) to yellow (L* 91), readable
    /// in grey scale and by readers with common colour-vision deficiencies. For counts,
    /// rates and times.
    public static let viridis = ColourMap(
        name: "viridis",
        anchors: bytes([
            (68, 1, 84), (71, 13, 96), (72, 24, 106), (72, 35, 116),
            (71, 45, 123), (69, 55, 129), (66, 64, 134), (62, 73, 137),
            (59, 82, 139), (55, 91, 141), (51, 99, 141), (47, 107, 142),
            (44, 114, 142), (41, 122, 142), (38, 130, 142), (35, 137, 142),
            (33, 145, 140), (31, 152, 139), (31, 160, 136), (34, 167, 133),
            (40, 174, 128), (50, 182, 122), (63, 188, 115), (78, 195, 107),
            (94, 201, 98), (112, 207, 87), (132, 212, 75), (152, 216, 62),
            (173, 220, 48), (194, 223, 35), (216, 226, 25), (236, 229, 27),
            (253, 231, 37),
        ]), isDiverging: false)

    /// CET-D1A (Kovesi, "Good Colour Maps: How to Design Them", 2015; in matplotlib through
    /// colorcet): blue through white to red, perceptually uniform, its CIELAB lightness
    /// symmetric about the white middle (L* 20 at both ends, 91 in the middle). Equal
    /// differences above and below 0 look equally strong, so a difference map shows
    /// which technique is better where without one sign dominating; the light middle
    /// makes "no difference" recede. For signed differences, centred on 0.
    public static let diverging = ColourMap(
        name: "cet_CET_D1A",
        anchors: bytes([
            (23, 41, 114), (26, 50, 137), (29, 59, 161), (32, 68, 186),
            (41, 78, 207), (60, 89, 222), (82, 101, 230), (102, 113, 237),
            (119, 126, 244), (136, 138, 249), (153, 152, 252), (169, 166, 252),
            (185, 180, 250), (200, 195, 248), (214, 209, 246), (227, 222, 242),
            (239, 227, 231), (247, 217, 212), (251, 200, 189), (252, 182, 166),
            (253, 163, 144), (251, 144, 122), (248, 125, 102), (241, 107, 84),
            (231, 89, 68), (221, 71, 53), (211, 51, 38), (199, 28, 24),
            (182, 5, 15), (162, 0, 11), (141, 4, 9), (120, 6, 6),
            (102, 7, 2),
        ]), isDiverging: true)

    private static func bytes(_ triples: [(Double, Double, Double)]) -> [Colour] {
        triples.map { Colour(red255: $0.0, green255: $0.1, blue255: $0.2) }
    }
}
