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

/// One row group's values of a column and their encoding as a column chunk. Values gather
/// into a page of ``pageValues``; a full page is encoded (definition levels for an
/// optional column, then plain values or dictionary indices) and GZIP-compressed at once,
/// so that a row group holds its pages compressed. Text gets a dictionary page, written
/// before the data pages when the chunk is. The statistics (nulls, min, max) run along.
struct ParquetColumnBuffer {
    let column: ParquetColumn
    /// Values to a data page.
    static let pageValues = 1 << 16

    /// Values (nulls included) in the row group so far.
    private(set) var count = 0
    private var nulls = 0
    private var levels: [UInt8] = []
    private var integers: [Int64] = []
    private var reals: [Double] = []
    private var indices: [UInt32] = []
    private var pageCount = 0
    private var pages: [UInt8] = []
    private var pagesUncompressed = 0
    private var dictionary: [[UInt8]: UInt32] = [:]
    private var entries: [[UInt8]] = []
    private var last: (bytes: [UInt8], index: UInt32)? = nil
    private var integerBounds: (min: Int64, max: Int64)? = nil
    private var realBounds: (min: Double, max: Double)? = nil

    init(_ column: ParquetColumn) { self.column = column }

    /// Whether the current page holds its ``pageValues`` and should be compressed.
    var pageIsFull: Bool { pageCount >= Self.pageValues }

    mutating func appendNull() {
        count += 1
        pageCount += 1
        nulls += 1
        levels.append(0)
    }

    /// Adds a whole number to an `INT64` column.
    mutating func append(_ value: Int64) {
        present()
        integers.append(value)
        integerBounds = integerBounds.map { (Swift.min($0.min, value), Swift.max($0.max, value)) } ?? (value, value)
    }

    /// Adds a real number to a `DOUBLE` column.
    mutating func append(_ value: Double) {
        present()
        reals.append(value)
        guard !value.isNaN else { return }
        realBounds = realBounds.map { (Swift.min($0.min, value), Swift.max($0.max, value)) } ?? (value, value)
    }

    /// Adds a text, as its UTF-8 bytes, to a string column; a value equal to the one before
    /// reuses its dictionary index without a lookup.
    mutating func append(text bytes: UnsafeBufferPointer<UInt8>) {
        present()
        if let last, last.bytes.elementsEqual(bytes) {
            indices.append(last.index)
            return
        }
        let key = Array(bytes)
        let index: UInt32
        if let known = dictionary[key] {
            index = known
        } else {
            index = UInt32(entries.count)
            dictionary[key] = index
            entries.append(key)
        }
        indices.append(index)
        last = (key, index)
    }

    private mutating func present() {
        count += 1
        pageCount += 1
        if column.optional { levels.append(1) }
    }

    /// Encodes and compresses the current page, with its header, into the chunk's pages.
    mutating func finishPage() throws(ThumbLabError) {
        guard pageCount > 0 else { return }
        var body: [UInt8] = []
        if column.optional {
            let encoded = RLEHybridEncoder.encode(levels.map(UInt32.init), bitWidth: 1)
            body = littleEndian(UInt32(encoded.count)) + encoded
        }
        let encoding: Int32
        switch column.type {
        case .int64:
            #if _endian(little)
                // Plain values are the numbers' bytes as they lie in memory.
                integers.withUnsafeBytes { body.append(contentsOf: $0) }
            #else
                for value in integers { body += littleEndian(UInt64(bitPattern: value)) }
            #endif
            encoding = 0
        case .double:
            #if _endian(little)
                reals.withUnsafeBytes { body.append(contentsOf: $0) }
            #else
                for value in reals { body += littleEndian(value.bitPattern) }
            #endif
            encoding = 0
        case .string:
            // Indices in the fewest bits that hold the dictionary as it stands; later pages may
            // need more, and say so in their own first byte.
            let width = Swift.max(1, RLEHybridEncoder.bitWidth(entries.count - 1))
            body += [UInt8(width)] + RLEHybridEncoder.encode(indices, bitWidth: width)
            encoding = 8
        }
        let values = Int32(pageCount)
        let page = try Self.page(body) { header, sizes in
            header.field(1, i32: 0)
            header.field(2, i32: sizes.uncompressed)
            header.field(3, i32: sizes.compressed)
            header.field(5) {
                $0.field(1, i32: values)
                $0.field(2, i32: encoding)
                $0.field(3, i32: 3)
                $0.field(4, i32: 3)
            }
        }
        pages += page.bytes
        pagesUncompressed += page.uncompressed
        levels.removeAll(keepingCapacity: true)
        integers.removeAll(keepingCapacity: true)
        reals.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        pageCount = 0
    }

    /// The chunk's pages (the dictionary page first for text) and its metadata once placed
    /// at `offset` in the file.
    mutating func chunk(at offset: Int64) throws(ThumbLabError) -> (bytes: [UInt8], metadata: ParquetChunkMetadata) {
        try finishPage()
        var out: [UInt8] = []
        var uncompressed = pagesUncompressed
        var dictionaryOffset: Int64? = nil
        if column.type == .string {
            var plain: [UInt8] = []
            for entry in entries { plain += littleEndian(UInt32(entry.count)) + entry }
            let size = Int32(entries.count)
            let page = try Self.page(plain) { header, sizes in
                header.field(1, i32: 2)
                header.field(2, i32: sizes.uncompressed)
                header.field(3, i32: sizes.compressed)
                header.field(7) {
                    $0.field(1, i32: size)
                    $0.field(2, i32: 0)
                }
            }
            dictionaryOffset = offset
            out = page.bytes
            uncompressed += page.uncompressed
        }
        let dataOffset = offset + Int64(out.count)
        out += pages
        let metadata = ParquetChunkMetadata(
            column: column, encodings: column.type == .string ? [0, 3, 8] : [0, 3], valueCount: Int64(count),
            uncompressedSize: Int64(uncompressed), compressedSize: Int64(out.count), dataPageOffset: dataOffset,
            dictionaryPageOffset: dictionaryOffset, nullCount: Int64(nulls), bounds: bounds)
        return (out, metadata)
    }

    /// The smallest and largest value, plain-encoded as Parquet's statistics hold them; nil
    /// when there is none (all null, or every real NaN).
    private var bounds: (min: [UInt8], max: [UInt8])? {
        switch column.type {
        case .int64:
            return integerBounds.map {
                (littleEndian(UInt64(bitPattern: $0.min)), littleEndian(UInt64(bitPattern: $0.max)))
            }
        case .double:
            guard var (low, high) = realBounds else { return nil }
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
