import Foundation

/// Devices as a result table and as one line for people.
public enum DeviceTable {
    /// One row per device: `name, width_px, height_px, px_per_mm, ppi, width_mm, height_mm,
    /// scale`, millimetres being pixels divided by pixels per millimetre, the scale the
    /// pixels per pt or dp (null when not given).
    public static func table(_ devices: [Device]) -> ResultTable {
        ResultTable(
            columns: ["name", "width_px", "height_px", "px_per_mm", "ppi", "width_mm", "height_mm", "scale"],
            rows: devices.map { device in
                [
                    .string(device.name), .number(device.widthPx), .number(device.heightPx),
                    .number(rounded(device.pxPerMM, 4)), .number(rounded(device.pxPerMM * 25.4, 2)),
                    .number(rounded(device.millimetres(device.widthPx), 1)),
                    .number(rounded(device.millimetres(device.heightPx), 1)),
                    device.scale.map(JSONValue.number) ?? .null,
                ]
            })
    }

    /// One device as a JSON object with the table's columns.
    public static func json(_ device: Device) -> JSONValue {
        let table = table([device])
        return .object(Array(zip(table.columns, table.rows[0])))
    }

    /// `320 x 480 px, 6.4173 px/mm (163 ppi), 49.9 x 74.8 mm`, then `, scale 2` when the
    /// device has a scale factor.
    public static func summary(_ device: Device) -> String {
        let width = JSONValue.format(device.widthPx)
        let height = JSONValue.format(device.heightPx)
        let pxPerMM = JSONValue.format(rounded(device.pxPerMM, 4))
        let ppi = JSONValue.format(rounded(device.pxPerMM * 25.4, 2))
        let widthMM = String(format: "%.1f", device.millimetres(device.widthPx))
        let heightMM = String(format: "%.1f", device.millimetres(device.heightPx))
        let scale = device.scale.map { ", scale \(JSONValue.format($0))" } ?? ""
        return "\(width) x \(height) px, \(pxPerMM) px/mm (\(ppi) ppi), \(widthMM) x \(heightMM) mm\(scale)"
    }

    static func rounded(_ value: Double, _ decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded() / scale
    }
}
