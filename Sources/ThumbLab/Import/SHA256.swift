/// SHA-256 as specified in FIPS 180-4, section 6.2, fed incrementally.
///
/// The import uses it to recognise a file whose content was imported before. Foundation on
/// Linux has no CryptoKit, hence this implementation. Reference: NIST FIPS PUB 180-4,
/// *Secure Hash Standard* (2015), sections 4.1.2 (functions), 4.2.2 (constants), 5.1.1
/// (padding), 5.3.3 (initial hash value) and 6.2.2 (computation).
public struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
        0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// Bytes waiting for a full 64-byte block.
    private var pending: [UInt8] = []
    private var totalBytes: UInt64 = 0

    /// Starts a new hash of an empty message.
    public init() {}

    /// Adds bytes to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress else { return }
        var count = bytes.count
        totalBytes &+= UInt64(count)
        if !pending.isEmpty {
            let take = min(64 - pending.count, count)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
            base += take
            count -= take
            if pending.count == 64 {
                pending.withUnsafeBytes { compress(blocks: $0.baseAddress!, count: 1) }
                pending.removeAll(keepingCapacity: true)
            }
        }
        let blocks = count / 64
        if blocks > 0 { compress(blocks: base, count: blocks) }
        let rest = count - blocks * 64
        if rest > 0 {
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base + blocks * 64, count: rest))
        }
    }

    /// Adds the bytes of an array.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Pads the message (FIPS 180-4 5.1.1) and returns the 32-byte digest.
    public mutating func finalize() -> [UInt8] {
        let bitLength = totalBytes &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBytes { compress(blocks: $0.baseAddress!, count: tail.count / 64) }
        pending.removeAll()
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return words.flatMap { word in
            [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) }
        }
    }

    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    public static func hexDigest(of bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hex(hasher.finalize())
    }

    /// Lowercase hexadecimal spelling of a digest.
    public static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The SHA-256 compression function (FIPS 180-4 6.2.2) over `count` 64-byte blocks.
    /// Rounds are unrolled by eight with the working variables renamed instead of moved.
    private mutating func compress(blocks: UnsafeRawPointer, count: Int) {
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state
        SHA256.roundConstants.withUnsafeBufferPointer { constants in
            let k = constants.baseAddress!
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                let w = schedule.baseAddress!
                for block in 0..<count {
                    let bytes = blocks.advanced(by: block * 64)
                    for t in 0..<16 {
                        w[t] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
                    }
                    for t in 16..<64 {
                        let x = w[t - 15]
                        let y = w[t - 2]
                        let sigma0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >> 3)
                        let sigma1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >> 10)
                        w[t] = sigma1 &+ w[t - 7] &+ sigma0 &+ w[t - 16]
                    }
                    var a = h0
                    var b = h1
                    var c = h2
                    var d = h3
                    var e = h4
                    var f = h5
                    var g = h6
                    var h = h7
                    for t in stride(from: 0, to: 64, by: 8) {
                        round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
                        round(h, a, b, &c, d, e, f, &g, k[t + 1] &+ w[t + 1])
                        round(g, h, a, &b, c, d, e, &f, k[t + 2] &+ w[t + 2])
                        round(f, g, h, &a, b, c, d, &e, k[t + 3] &+ w[t + 3])
                        round(e, f, g, &h, a, b, c, &d, k[t + 4] &+ w[t + 4])
                        round(d, e, f, &g, h, a, b, &c, k[t + 5] &+ w[t + 5])
                        round(c, d, e, &f, g, h, a, &b, k[t + 6] &+ w[t + 6])
                        round(b, c, d, &e, f, g, h, &a, k[t + 7] &+ w[t + 7])
                    }
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                }
            }
        }
        state = (h0, h1, h2, h3, h4, h5, h6, h7)
    }

    /// One round (FIPS 180-4 6.2.2 step 3): `d` becomes the new `e` and `h` the new `a`;
    /// the caller renames the rest. Ch(e,f,g) = g ^ (e & (f ^ g)) and
    /// Maj(a,b,c) = (a & b) | (c & (a | b)) are the usual equivalent forms.
    @inline(__always) private func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
        _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ constantPlusWord: UInt32
    ) {
        let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ (g ^ (e & (f ^ g))) &+ constantPlusWord
        let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) | (c & (a | b)))
        d &+= t1
        h = t1 &+ t2
    }

    @inline(__always) private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x >> n) | (x << (32 - n))
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes
    /// (FIPS 180-4 4.2.2).
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
