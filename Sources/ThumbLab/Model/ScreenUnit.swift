/// A unit of length on a screen: the unit a log writes its coordinates and sizes in (an
/// import's units), a layout's frames are given in, or a spatial result reports in.
/// The study database stores pixels; the other units convert through the device.
///
/// - `px`: screen pixels, stored as they are.
/// - `pt`: Apple's points, px = pt × the device's ``Device/scale`` (2 on a 2x screen).
/// - `dp`: Android's density-independent pixels, 1 dp = 1/160 in: px = dp × dpi / 160.
///   The device's ``Device/scale`` is that ratio as the device reports it (Android's
///   `DisplayMetrics.density`, densityDpi / 160) and is used when known; without it the
///   ratio comes from the screen's measured density, ppi / 160 = ``Device/pxPerMM`` × 25.4 / 160.
/// - `mm`: millimetres, px = mm × the device's ``Device/pxPerMM``.
///
/// The raw values are the words the command line and JSON use. A use that takes only some
/// units checks them where it takes them: a density reports in ``mm`` or ``px`` only.
public enum ScreenUnit: String, CaseIterable, Sendable {
    /// Screen pixels.
    case px
    /// Apple's points: px = pt × the device's scale.
    case pt
    /// Android's density-independent pixels: px = dp × the device's scale, else dp × ppi / 160.
    case dp
    /// Millimetres: px = mm × the device's px per mm.
    case mm

    /// Millimetres, as spatial results name their unit.
    public static var millimetres: ScreenUnit { .mm }
    /// Screen pixels, as spatial results name their unit.
    public static var pixels: ScreenUnit { .px }

    /// Pixels per unit on `device`; nil for `pt` when the device has no scale.
    public func pixelsPerUnit(on device: Device) -> Double? {
        switch self {
        case .px: 1
        case .pt: device.scale
        case .dp: device.scale ?? device.pxPerMM * Self.millimetresPerInch / Self.dpPerInch
        case .mm: device.pxPerMM
        }
    }

    /// Android's density-independent pixels per inch: 1 dp = 1/160 in.
    static let dpPerInch = 160.0
    /// Millimetres per inch.
    static let millimetresPerInch = 25.4

    /// What the device must know for the conversion, as a sentence fragment.
    var deviceFigure: String {
        switch self {
        case .px: "nothing"
        case .pt, .dp: "its scale factor (px per \(rawValue))"
        case .mm: "its pixels per millimetre"
        }
    }
}
