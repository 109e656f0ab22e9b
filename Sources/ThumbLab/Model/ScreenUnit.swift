/// The unit a log writes its lengths in: coordinates, target sizes, amplitudes and
/// deviations. The study database stores pixels; an import converts the other units
/// through the device the data was logged on.
///
/// - `px`: screen pixels, stored as they are.
/// - `pt`, `dp`: device-independent units (Apple's points, Android's density-independent
///   pixels), px = value × the device's ``Device/scale`` (2 on a 2x screen). Android
///   defines px = dp × dpi / 160; the device's scale is that ratio, given once per device.
/// - `mm`: millimetres, px = value × the device's ``Device/pxPerMM``.
public enum ScreenUnit: String, CaseIterable, Sendable {
    /// Screen pixels.
    case px
    /// Apple's points: px = pt × the device's scale.
    case pt
    /// Android's density-independent pixels: px = dp × the device's scale.
    case dp
    /// Millimetres: px = mm × the device's px per mm.
    case mm

    /// Pixels per unit on `device`; nil for `pt` and `dp` when the device has no scale.
    public func pixelsPerUnit(on device: Device) -> Double? {
        switch self {
        case .px: 1
        case .pt, .dp: device.scale
        case .mm: device.pxPerMM
        }
    }

    /// What the device must know for the conversion, as a sentence fragment.
    var deviceFigure: String {
        switch self {
        case .px: "nothing"
        case .pt, .dp: "its scale factor (px per \(rawValue))"
        case .mm: "its pixels per millimetre"
        }
    }
}
