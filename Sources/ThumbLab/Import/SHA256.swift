import CCrypto

/// SHA-256 (NIST FIPS 180-4), fed incrementally.
///
/// The import uses it to recognise a file whose content was imported before. Foundation on
/// Linux has no CryptoKit, so the digest comes from the system's libcrypto (OpenSSL), which
/// uses the processor's SHA instructions where it has them: hashing a file then costs a
/// small fraction of importing it. The hasher is a value: a copy continues on its own.
package struct SHA256: Sendable {
    private var context = SHA256_CTX()

    /// Starts a new hash of an empty message.
    package init() {
        SHA256_Init(&context)
    }

    /// Adds bytes to the message.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        SHA256_Update(&context, base, bytes.count)
    }

    /// Adds the bytes of an array.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Pads the message and returns the 32-byte digest. The hasher then starts again with
    /// an empty message.
    package mutating func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        digest.withUnsafeMutableBufferPointer { _ = SHA256_Final($0.baseAddress, &context) }
        SHA256_Init(&context)
        return digest
    }

    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    package static func hexDigest(of bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hex(hasher.finalize())
    }

    /// Lowercase hexadecimal spelling of a digest.
    package static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
