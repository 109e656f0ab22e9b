/// A colour map: colours at evenly spaced anchors from 0 to 1, interpolated linearly in
/// sRGB between them. The anchors were sampled from matplotlib (33 per map) by
/// `Tests/ThumbLabTests/Fixtures/figures/colour_maps.py`, and the tests hold the
/// interpolated colours to the continuous maps within 3 of 255 per component.
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
            (71, 45, 123), (69, 54, 129), (66, 64, 134), (63, 73, 137),
            (59, 82, 139), (55, 90, 141), (51, 99, 141), (47, 106, 142),
            (44, 114, 142), (41, 122, 142), (38, 129, 142), (35, 137, 142),
            (33, 144, 140), (31, 152, 139), (31, 159, 136), (33, 166, 133),
            (40, 174, 128), (49, 181, 123), (62, 188, 116), (76, 194, 108),
            (93, 201, 99), (110, 206, 88), (130, 211, 76), (150, 216, 63),
            (171, 220, 50), (192, 223, 36), (213, 226, 26), (234, 229, 26),
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
            (23, 41, 114), (26, 50, 137), (29, 59, 161), (32, 68, 185),
            (40, 78, 207), (60, 89, 222), (81, 101, 230), (101, 113, 237),
            (119, 125, 243), (136, 138, 249), (152, 151, 252), (169, 165, 252),
            (184, 179, 250), (199, 194, 248), (213, 208, 246), (226, 222, 242),
            (238, 227, 232), (246, 218, 213), (251, 201, 191), (252, 183, 168),
            (253, 164, 146), (252, 145, 124), (248, 126, 104), (241, 108, 86),
            (232, 91, 70), (222, 73, 55), (212, 53, 40), (200, 30, 26),
            (184, 7, 16), (165, 0, 11), (143, 3, 9), (122, 6, 6),
            (102, 7, 2),
        ]), isDiverging: true)

    private static func bytes(_ triples: [(Double, Double, Double)]) -> [Colour] {
        triples.map { Colour(red255: $0.0, green255: $0.1, blue255: $0.2) }
    }
}
