import CZlib

/// Every call ThumbLab makes into zlib (https://zlib.net/manual.html): deflate
/// compression for PNG image data and the CRC-32 of PNG chunks.
enum Zlib {
    /// `data` as one zlib stream (RFC 1950) at the best compression, as `compress2` makes
    /// it; throws when zlib refuses, which only happens when it runs out of memory.
    static func compress(_ data: [UInt8]) throws(ThumbLabError) -> [UInt8] {
        var capacity = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = output.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &capacity, source.baseAddress, uLong(source.count), Z_BEST_COMPRESSION)
            }
        }
        guard status == Z_OK else {
            throw .figure(.compressionFailed(status: status))
        }
        return Array(output.prefix(Int(capacity)))
    }

    /// The CRC-32 (ISO 3309, as PNG uses it) of `bytes`, continuing from `crc` (0 to start).
    static func crc(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        let value = bytes.withUnsafeBufferPointer { buffer in
            CZlib.crc32(uLong(crc), buffer.baseAddress, uInt(buffer.count))
        }
        return UInt32(truncatingIfNeeded: value)
    }
}
