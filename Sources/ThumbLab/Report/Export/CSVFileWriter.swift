import Foundation

/// Writes a CSV file row by row: a header, then each value as it is (a null as an empty
/// field), quoted where it holds a comma, a quote or a line break (RFC 4180).
final class CSVFileWriter {
    let path: String
    private let handle: FileHandle
    private var pending: [UInt8] = []
    private var startsRow = true

    init(path: String, header: [String]) throws(ThumbLabError) {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw .output(.cannotWrite(path: path, reason: "the file cannot be created")) }
        self.handle = handle
        try add(header.map { Array($0.utf8) })
    }

    /// Adds a row of fields, nil for a null.
    func add(_ fields: [[UInt8]?]) throws(ThumbLabError) {
        for field in fields {
            if let field { field.withUnsafeBufferPointer { self.field($0) } } else { self.field(nil) }
        }
        try endRow()
    }

    /// Adds the next field of the current row: its bytes, or nil for a null (an empty field).
    func field(_ bytes: UnsafeBufferPointer<UInt8>?) {
        if startsRow { startsRow = false } else { pending.append(UInt8(ascii: ",")) }
        guard let bytes else { return }
        if bytes.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }) {
            pending.append(UInt8(ascii: "\""))
            for byte in bytes {
                if byte == UInt8(ascii: "\"") { pending.append(byte) }
                pending.append(byte)
            }
            pending.append(UInt8(ascii: "\""))
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    /// Ends the current row.
    func endRow() throws(ThumbLabError) {
        pending.append(10)
        startsRow = true
        if pending.count >= 1 << 20 { try flush() }
    }

    func finish() throws(ThumbLabError) {
        try flush()
        handle.closeFile()
    }

    private func flush() throws(ThumbLabError) {
        do {
            try handle.write(contentsOf: Data(pending))
        } catch {
            throw .output(.cannotWrite(path: path, reason: error.localizedDescription))
        }
        pending.removeAll(keepingCapacity: true)
    }
}
