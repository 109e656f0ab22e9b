import Testing

@testable import ThumbLab

/// Byte strings numbered in order of first appearance, against a dictionary of their texts.
@Suite struct ByteStringNumbersTests {
    @Test func numbersAgreeWithADictionaryAcrossManyRehashes() {
        var numbers = ByteStringNumbers()
        var reference: [[UInt8]: Int] = [:]
        var state: UInt64 = 11
        for _ in 0..<60_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Short texts, many sharing prefixes, the empty one among them; one in eight long.
            let length = state >> 61 == 0 ? Int(state >> 40) % 300 : Int(state >> 40) % 5
            let text = (0..<length).map { UInt8(truncatingIfNeeded: (state >> UInt64(8 + $0 % 24)) & 0x0F) }
            let found = text.withUnsafeBufferPointer { numbers.number(of: $0) }
            let known = reference[text]
            #expect(found.isNew == (known == nil))
            #expect(found.number == known ?? reference.count)
            if known == nil { reference[text] = reference.count }
        }
        #expect(numbers.count == reference.count && reference.count > 1000)
    }

    @Test func aTextAndItsPrefixesAreDifferentStrings() {
        var numbers = ByteStringNumbers()
        let texts: [[UInt8]] = [Array("P1".utf8), Array("P".utf8), [], Array("P10".utf8), Array("P1".utf8), []]
        let found = texts.map { text in text.withUnsafeBufferPointer { numbers.number(of: $0) } }
        #expect(found.map(\.number) == [0, 1, 2, 3, 0, 2])
        #expect(found.map(\.isNew) == [true, true, true, true, false, false])
    }

    /// A factor's few levels in no order at all, as counterbalanced logs give them: each is
    /// found again whether or not it follows the one before as it did last time.
    @Test func aFewLevelsInRandomOrderKeepTheirNumbers() {
        var numbers = ByteStringNumbers()
        let levels: [[UInt8]] = ["Shift", "ThumbSpace", "Direct", "", "Shift ", "Shif", "S", "Direct2", "X"].map {
            Array($0.utf8)
        }
        var reference: [[UInt8]: Int] = [:]
        var state: UInt64 = 5
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let text = levels[Int(state >> 33) % levels.count]
            let found = text.withUnsafeBufferPointer { numbers.number(of: $0) }
            let known = reference[text]
            #expect(found.isNew == (known == nil))
            #expect(found.number == known ?? reference.count)
            if known == nil { reference[text] = reference.count }
        }
        #expect(numbers.count == levels.count)
    }
}
