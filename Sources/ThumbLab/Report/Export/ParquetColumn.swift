import Foundation

/// The physical type of an exported column, chosen from what SQLite holds in it: whole
/// numbers as `INT64`, any real number as `DOUBLE`, any text as a UTF-8 `BYTE_ARRAY`
/// (a string, dictionary-encoded).
enum ParquetColumnType: Sendable, Equatable {
    case int64
    case double
    case string

    /// Parquet's `Type` code.
    var code: Int32 {
        switch self {
        case .int64: 2
        case .double: 5
        case .string: 6
        }
    }
}

/// One column of a Parquet file: its name, type and whether it holds nulls.
struct ParquetColumn: Sendable, Equatable {
    var name: String
    var type: ParquetColumnType
    var optional: Bool
}

/// One row group's values of a column, as they are added, and their encoding as a column
/// chunk: a dictionary page and indices for text, plain values otherwise; definition levels
/// for an optional column; every page GZIP-compressed; the statistics (nulls, min, max).
struct ParquetColumnBuffer {
    let column: ParquetColumn
    private(set) var count = 0
    private var present: [UInt32] = []
    private var integers: [Int64] = []
    private var reals: [Double] = []
    private var indices: [UInt32] = []
    private var dictionary: [[UInt8]: UInt32] = [:]
    private var entries: [[UInt8]] = []
    private var nulls = 0

    init(_ column: ParquetColumn) { self.column = column }

    mutating func appendNull() {
        count += 1
        nulls += 1
        if column.optional { present.append(0) }
    }

    /// Adds a whole number to an `INT64` column.
    mutating func append(_ value: Int64) {
        count += 1
        if column.optional { present.append(1) }
        integers.append(value)
    }

    /// Adds a real number to a `DOUBLE` column.
    mutating func append(_ value: Double) {
        count += 1
        if column.optional { present.append(1) }
        reals.append(value)
    }

    /// Adds a text, as its UTF-8 bytes, to a string column.
    mutating func append(text bytes: [UInt8]) {
        count += 1
        if column.optional { present.append(1) }
        if let index = dictionary[bytes] {
            indices.append(index)
        } else {
            let index = UInt32(entries.count)
            dictionary[bytes] = index
            entries.append(bytes)
            indices.append(index)
        }
    }

    /// The chunk's pages, compressed, with their headers, and its metadata once placed at
    /// `offset` in the file.
    func chunk(at offset: Int64) throws(ThumbLabError) -> (bytes: [UInt8], metadata: ParquetChunkMetadata) {
        var out: [UInt8] = []
        var uncompressedTotal = 0
        var dictionaryOffset: Int64? = nil
        var levels: [UInt8] = []
        if column.optional {
            let encoded = RLEHybridEncoder.encode(present, bitWidth: 1)
            levels = littleEndian(UInt32(encoded.count)) + encoded
        }
        var values: [UInt8] = []
        var encoding: Int32 = 0
        switch column.type {
        case .int64:
            values.reserveCapacity(integers.count * 8)
            for value in integers { values += littleEndian(UInt64(bitPattern: value)) }
        case .double:
            values.reserveCapacity(reals.count * 8)
            for value in reals { values += littleEndian(value.bitPattern) }
        case .string:
            var plain: [UInt8] = []
            for entry in entries { plain += littleEndian(UInt32(entry.count)) + entry }
            let page = try Self.page(
                plain,
                header: { header, sizes in
                    header.field(1, i32: 2)
                    header.field(2, i32: sizes.uncompressed)
                    header.field(3, i32: sizes.compressed)
                    header.field(7) {
                        $0.field(1, i32: Int32(entries.count))
                        $0.field(2, i32: 0)
                    }
                })
            dictionaryOffset = offset
            out += page.bytes
            uncompressedTotal += page.uncompressed
            let width = max(1, RLEHybridEncoder.bitWidth(entries.count - 1))
            values = [UInt8(width)] + RLEHybridEncoder.encode(indices, bitWidth: width)
            encoding = 8
        }
        let dataOffset = offset + Int64(out.count)
        let data = try Self.page(
            levels + values,
            header: { header, sizes in
                header.field(1, i32: 0)
                header.field(2, i32: sizes.uncompressed)
                header.field(3, i32: sizes.compressed)
                header.field(5) {
                    $0.field(1, i32: Int32(count))
                    $0.field(2, i32: encoding)
                    $0.field(3, i32: 3)
                    $0.field(4, i32: 3)
                }
            })
        out += data.bytes
        uncompressedTotal += data.uncompressed
        let metadata = ParquetChunkMetadata(
            column: column, encodings: column.type == .string ? [0, 3, 8] : [0, 3], valueCount: Int64(count),
            uncompressedSize: Int64(uncompressedTotal), compressedSize: Int64(out.count), dataPageOffset: dataOffset,
            dictionaryPageOffset: dictionaryOffset, nullCount: Int64(nulls), bounds: bounds)
        return (out, metadata)
    }

    /// The smallest and largest value, plain-encoded as Parquet's statistics hold them; nil
    /// when there is none (all null, or every real NaN).
    private var bounds: (min: [UInt8], max: [UInt8])? {
        switch column.type {
        case .int64:
            guard let low = integers.min(), let high = integers.max() else { return nil }
            return (littleEndian(UInt64(bitPattern: low)), littleEndian(UInt64(bitPattern: high)))
        case .double:
            let finite = reals.filter { !$0.isNaN }
            guard var low = finite.min(), var high = finite.max() else { return nil }
            // A zero bound is written -0.0 as a minimum and +0.0 as a maximum.
            if low == 0 { low = -0.0 }
            if high == 0 { high = 0.0 }
            return (littleEndian(low.bitPattern), littleEndian(high.bitPattern))
        case .string:
            guard let first = entries.first else { return nil }
            var (low, high) = (first, first)
            for entry in entries.dropFirst() {
                if entry.lexicographicallyPrecedes(low) { low = entry }
                if high.lexicographicallyPrecedes(entry) { high = entry }
            }
            return (low, high)
        }
    }

    /// A page: its header (written by `header` given the sizes) and its GZIP-compressed body.
    private static func page(
        _ body: [UInt8], header: (inout ThriftCompactWriter, (uncompressed: Int32, compressed: Int32)) -> Void
    ) throws(ThumbLabError) -> (bytes: [UInt8], uncompressed: Int) {
        let compressed = try Zlib.gzip(body)
        var writer = ThriftCompactWriter()
        header(&writer, (Int32(body.count), Int32(compressed.count)))
        writer.stop()
        return (writer.bytes + compressed, writer.bytes.count + body.count)
    }
}

/// What a file's footer says of one column chunk.
struct ParquetChunkMetadata {
    var column: ParquetColumn
    var encodings: [Int32]
    var valueCount: Int64
    var uncompressedSize: Int64
    var compressedSize: Int64
    var dataPageOffset: Int64
    var dictionaryPageOffset: Int64?
    var nullCount: Int64
    var bounds: (min: [UInt8], max: [UInt8])?
}

/// `value`'s bytes, least significant first.
func littleEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
    (0..<(Value.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}
