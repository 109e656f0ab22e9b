import Foundation

/// Writes a CSV file row by row: a header, then each value as it is (a null as an empty
/// field), quoted where it holds a comma, a quote or a line break (RFC 4180).
final class CSVFileWriter {
    let path: String
    private let handle: FileHandle
    private var pending: [UInt8] = []

    init(path: String, header: [String]) throws(ThumbLabError) {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw .output(.cannotWrite(path: path, reason: "the file cannot be created")) }
        self.handle = handle
        try add(header.map { Array($0.utf8) })
    }

    func add(_ fields: [[UInt8]?]) throws(ThumbLabError) {
        for (index, field) in fields.enumerated() {
            if index > 0 { pending.append(UInt8(ascii: ",")) }
            guard let field else { continue }
            if field.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }) {
                pending.append(UInt8(ascii: "\""))
                for byte in field {
                    if byte == UInt8(ascii: "\"") { pending.append(byte) }
                    pending.append(byte)
                }
                pending.append(UInt8(ascii: "\""))
            } else {
                pending += field
            }
        }
        pending.append(10)
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
