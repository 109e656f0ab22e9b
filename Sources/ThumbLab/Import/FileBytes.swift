import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open input file read in fixed-size chunks with read(2), so that memory stays flat
/// whatever the file size. Owns the file descriptor and closes it in `deinit`.
///
/// Opened with `hashingReads`, it feeds every byte that ``read(into:)`` returns to a
/// SHA-256 as the reader streams the file, so that the import reads its file once for both
/// the rows and the hash (``streamedSHA256()``).
final class FileBytes {
    let path: String
    /// Size of the file in bytes when it was opened.
    let size: Int
    private let descriptor: Int32
    /// The hash of the bytes read since the start of the file; nil when reads are not hashed.
    private var streamHash: SHA256?
    /// The digest once the reads reached the end of the file, kept across a rewind.
    private var streamDigest: String?

    /// Opens `path` for reading; with `hashingReads`, the reads from the start of the file
    /// are hashed as they go.
    /// - Throws: ``ThumbLabError/fileNotFound(path:)`` when the file is missing or unreadable.
    init(path: String, hashingReads: Bool = false) throws {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw ThumbLabError.fileNotFound(path: path)
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ThumbLabError.fileNotFound(path: path) }
        self.path = path
        self.descriptor = fd
        self.size = Int(info.st_size)
        if hashingReads { streamHash = SHA256() }
    }

    deinit { close(descriptor) }

    /// The size of a buffer to read the file in chunks of at most `limit` bytes: small
    /// files get a small buffer (at least 4 KiB), so that reading many of them stays cheap.
    func chunkSize(limit: Int) -> Int {
        max(4096, min(limit, size))
    }

    /// Reads up to `buffer.count` bytes at the current position; 0 means end of file.
    /// A read error is reported as ``ThumbLabError/fileNotFound(path:)`` (not readable).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 {
                if streamHash != nil, streamDigest == nil {
                    hashStreamed(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                }
                return count
            }
            if errno == EINTR { continue }
            throw ThumbLabError.fileNotFound(path: path)
        }
    }

    /// Moves the read position back to the start of the file. A hash of the reads starts
    /// again, unless they had reached the end of the file.
    func rewind() throws {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw ThumbLabError.fileNotFound(path: path) }
        if streamHash != nil, streamDigest == nil { streamHash = SHA256() }
    }

    /// Adds bytes just read to the hash of the reads; an empty read is the end of the file.
    private func hashStreamed(_ bytes: UnsafeRawBufferPointer) {
        if bytes.isEmpty {
            streamDigest = SHA256.hex(streamHash!.finalize())
        } else {
            streamHash!.update(bytes)
        }
    }

    /// SHA-256 of the whole file as 64 hexadecimal digits, from the reads of a file opened
    /// with `hashingReads`: what the reads have not reached yet is read (and hashed) now,
    /// so the digest is the file's however far its reader went. The read position is then
    /// at the end of the file.
    func streamedSHA256() throws -> String {
        guard streamHash != nil else { return try sha256() }
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while streamDigest == nil { _ = try read(into: buffer) }
        return streamDigest!
    }

    /// Reads `count` bytes at `offset` without moving the position (for the raw text of a
    /// rejected row).
    func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var result = [UInt8](repeating: 0, count: count)
        let got = result.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        if got < count { result.removeLast(count - max(got, 0)) }
        return result
    }

    /// SHA-256 of the whole file as 64 hexadecimal digits, read from the start with
    /// pread(2) so the stream position is untouched; nil when `stop` (asked before each
    /// mebibyte) says to give up.
    func sha256(stoppingWhen stop: () -> Bool) throws -> String? {
        var hasher = SHA256()
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while true {
            if stop() { return nil }
            let got = pread(descriptor, buffer.baseAddress, chunk, off_t(offset))
            if got < 0 {
                if errno == EINTR { continue }
                throw ThumbLabError.fileNotFound(path: path)
            }
            if got == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
            offset += got
        }
        return SHA256.hex(hasher.finalize())
    }

    /// SHA-256 of the whole file as 64 hexadecimal digits.
    func sha256() throws -> String {
        try sha256(stoppingWhen: { false })!
    }
}
