/// A phone or tablet screen: its size in pixels and its pixel density, so that
/// target sizes and touch offsets can be reported in millimetres.
public struct Device: Equatable, Sendable {
    /// The device's name, unique in a database, such as `iPhone 13 mini`.
    public var name: String
    /// Screen width, in px.
    public var widthPx: Double
    /// Screen height, in px.
    public var heightPx: Double
    /// Pixels per millimetre (ppi / 25.4).
    public var pxPerMM: Double
    /// Pixels per device-independent unit (iOS pt, Android dp, whose density the phone reports
    /// as this ratio): 2 on a 2x screen; nil when not known. Lengths in `pt` need it; lengths
    /// in `dp` use it when known, else ppi / 160 (``ScreenUnit``).
    public var scale: Double?

    /// Creates a device; `scale` is needed only for logs in `pt` (and used for `dp`).
    public init(name: String, widthPx: Double, heightPx: Double, pxPerMM: Double, scale: Double? = nil) {
        self.name = name
        self.widthPx = widthPx
        self.heightPx = heightPx
        self.pxPerMM = pxPerMM
        self.scale = scale
    }

    /// Creates a device from a density in pixels per inch.
    public init(name: String, widthPx: Double, heightPx: Double, ppi: Double, scale: Double? = nil) {
        self.init(name: name, widthPx: widthPx, heightPx: heightPx, pxPerMM: ppi / 25.4, scale: scale)
    }

    /// Converts a length in pixels on this screen to millimetres.
    public func millimetres(_ px: Double) -> Double { px / pxPerMM }
}
