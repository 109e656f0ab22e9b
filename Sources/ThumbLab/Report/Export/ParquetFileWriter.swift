import Foundation

/// Writes one Parquet file as its rows come: the magic, a row group of column chunks each
/// time `rowGroupSize` rows have been added, then the footer (the schema, the row groups'
/// metadata, each column's type-defined order and the key-value metadata) in Thrift's
/// compact protocol, its length and the magic again. Only the current row group is held in
/// memory, its pages compressed as they fill.
final class ParquetFileWriter {
    let path: String
    let columns: [ParquetColumn]
    let rowGroupSize: Int
    let metadata: [(key: String, value: String)]
    private let handle: FileHandle
    private var buffers: [ParquetColumnBuffer]
    private var offset: Int64 = 4
    private var rowGroups: [(rows: Int64, chunks: [ParquetChunkMetadata])] = []
    private(set) var rows: Int64 = 0

    static let magic = Array("PAR1".utf8)

    /// Creates the file at `path` (replacing one that is there) for rows of `columns`.
    init(
        path: String, columns: [ParquetColumn], rowGroupSize: Int = 1 << 20,
        metadata: [(key: String, value: String)] = []
    ) throws(ThumbLabError) {
        self.path = path
        self.columns = columns
        self.rowGroupSize = max(rowGroupSize, 1)
        self.metadata = metadata
        buffers = columns.map(ParquetColumnBuffer.init)
        guard FileManager.default.createFile(atPath: path, contents: Data(Self.magic)),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw .output(.cannotWrite(path: path, reason: "the file cannot be created")) }
        self.handle = handle
        handle.seekToEndOfFile()
    }

    /// Adds one row: `add` puts a value (or a null) into each column's buffer, in order.
    func addRow(_ add: (inout [ParquetColumnBuffer]) throws(ThumbLabError) -> Void) throws(ThumbLabError) {
        try add(&buffers)
        rows += 1
        if buffers[0].pageIsFull {
            for index in buffers.indices { try buffers[index].finishPage() }
        }
        if buffers[0].count >= rowGroupSize { try flush() }
    }

    /// Writes what is left and the footer, and closes the file.
    func finish() throws(ThumbLabError) {
        if buffers.first.map({ $0.count > 0 }) ?? false { try flush() }
        var footer = ThriftCompactWriter()
        footer.field(1, i32: 1)
        footer.field(2, structures: columns.count + 1) { element, index in
            guard index > 0 else {
                element.field(4, string: "schema")
                element.field(5, i32: Int32(self.columns.count))
                return
            }
            let column = self.columns[index - 1]
            element.field(1, i32: column.type.code)
            element.field(3, i32: column.optional ? 1 : 0)
            element.field(4, string: column.name)
            if column.type == .string {
                element.field(6, i32: 0)
                element.field(10) { logical in logical.field(1) { _ in } }
            }
        }
        footer.field(3, i64: rows)
        footer.field(4, structures: rowGroups.count) { group, index in
            let rowGroup = self.rowGroups[index]
            group.field(1, structures: rowGroup.chunks.count) { chunk, column in
                Self.write(rowGroup.chunks[column], into: &chunk)
            }
            group.field(2, i64: rowGroup.chunks.map(\.uncompressedSize).reduce(0, +))
            group.field(3, i64: rowGroup.rows)
        }
        if !metadata.isEmpty {
            footer.field(5, structures: metadata.count) { pair, index in
                pair.field(1, string: self.metadata[index].key)
                pair.field(2, string: self.metadata[index].value)
            }
        }
        footer.field(6, string: "ThumbLab")
        footer.field(7, structures: columns.count) { order, _ in order.field(1) { _ in } }
        footer.stop()
        try write(footer.bytes + littleEndian(UInt32(footer.bytes.count)) + Self.magic)
        handle.closeFile()
    }

    private func flush() throws(ThumbLabError) {
        var chunks: [ParquetChunkMetadata] = []
        let count = Int64(buffers.first?.count ?? 0)
        for index in buffers.indices {
            let (bytes, chunk) = try buffers[index].chunk(at: offset)
            try write(bytes)
            chunks.append(chunk)
            buffers[index] = ParquetColumnBuffer(columns[index])
        }
        rowGroups.append((count, chunks))
    }

    private func write(_ bytes: [UInt8]) throws(ThumbLabError) {
        do {
            try handle.write(contentsOf: Data(bytes))
        } catch {
            throw .output(.cannotWrite(path: path, reason: error.localizedDescription))
        }
        offset += Int64(bytes.count)
    }

    private static func write(_ chunk: ParquetChunkMetadata, into writer: inout ThriftCompactWriter) {
        writer.field(2, i64: chunk.dictionaryPageOffset ?? chunk.dataPageOffset)
        writer.field(3) { meta in
            meta.field(1, i32: chunk.column.type.code)
            meta.field(2, i32s: chunk.encodings)
            meta.field(3, strings: [chunk.column.name])
            meta.field(4, i32: 2)
            meta.field(5, i64: chunk.valueCount)
            meta.field(6, i64: chunk.uncompressedSize)
            meta.field(7, i64: chunk.compressedSize)
            meta.field(9, i64: chunk.dataPageOffset)
            if let dictionary = chunk.dictionaryPageOffset { meta.field(11, i64: dictionary) }
            meta.field(12) { statistics in
                statistics.field(3, i64: chunk.nullCount)
                if let bounds = chunk.bounds {
                    statistics.field(5, binary: bounds.max)
                    statistics.field(6, binary: bounds.min)
                }
            }
        }
    }
}
