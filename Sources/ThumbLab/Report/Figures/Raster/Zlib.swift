import CZlib

/// Every call ThumbLab makes into zlib (https://zlib.net/manual.html): deflate
/// compression for PNG image data, the CRC-32 of PNG chunks, and the gzip streams of
/// Parquet pages.
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

    /// `data` as one gzip stream (RFC 1952: zlib's deflate with `windowBits` 31) at the
    /// fastest level, for a Parquet page; throws when zlib refuses.
    static func gzip(_ data: [UInt8]) throws(ThumbLabError) -> [UInt8] {
        var stream = z_stream()
        var status = deflateInit2_(
            &stream, Z_BEST_SPEED, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .output(.compressionFailed(status: status)) }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 32)
        var input = data
        status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw .output(.compressionFailed(status: status)) }
        return Array(output.prefix(Int(stream.total_out)))
    }
}
