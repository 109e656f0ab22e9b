import Foundation

/// A CSV file built in memory and written with `\n` line ends. Numbers are formatted
/// with a fixed number of decimals so that the output is the same on every machine.
struct CSVFile {
    var header: [String]
    private(set) var lines: [String] = []

    init(header: [String]) { self.header = header }

    /// Appends one row; its fields must not contain commas, quotes or line breaks.
    mutating func append(_ fields: [String]) {
        precondition(fields.count == header.count, "row has \(fields.count) fields, header \(header.count)")
        lines.append(fields.joined(separator: ","))
    }

    var rowCount: Int { lines.count }

    func write(to url: URL) throws {
        let text = ([header.joined(separator: ",")] + lines).joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: url)
    }
}

/// `value` with exactly `decimals` digits after the point, and no negative zero.
func fixed(_ value: Double, _ decimals: Int) -> String {
    let text = String(format: "%.\(decimals)f", value)
    if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
        return String(text.dropFirst())
    }
    return text
}

/// `P01`, `P02`, ... `P16`: participant labels, two digits at least.
func participantID(_ number: Int) -> String {
    number < 10 ? "P0\(number)" : "P\(number)"
}
