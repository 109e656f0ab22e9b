import Foundation
import Testing

@testable import ThumbLab

/// Known-answer tests from NIST's SHA-256 examples (FIPS 180-4 example values).
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func knownVectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(of: Array(message.utf8)) == digest)
    }

    @Test func oneMillionLettersFedInUnevenPieces() {
        var hasher = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 997)
        var fed = 0
        while fed < 1_000_000 {
            let count = min(piece.count - (fed % 7), 1_000_000 - fed)
            hasher.update(Array(piece[0..<count]))
            fed += count
        }
        #expect(SHA256.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(arguments: [55, 56, 63, 64, 65, 119, 120])
    func paddingBoundariesMatchOneShotHashing(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var split = SHA256()
        split.update(Array(bytes[0..<(length / 3)]))
        split.update(Array(bytes[(length / 3)...]))
        #expect(SHA256.hex(split.finalize()) == SHA256.hexDigest(of: bytes))
    }

    @Test func fileDigestEqualsInMemoryDigest() throws {
        let folder = TemporaryFolder()
        let bytes = (0..<3_000_001).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let path = folder.write(bytes, named: "big.bin")
        #expect(try FileBytes(path: path).sha256() == SHA256.hexDigest(of: bytes))
    }
}
