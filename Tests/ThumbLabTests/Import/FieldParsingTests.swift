import Foundation
import Testing

@testable import ThumbLab

/// Numbers, booleans and phases parsed straight from bytes.
@Suite struct FieldParsingTests {
    private func double(_ text: String, decimalComma: Bool = false) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer {
            if case .value(let value) = FieldParsing.double($0, decimalComma: decimalComma) { return value }
            return nil
        }
    }

    /// Whether `parse` refuses `text` as invalid (rather than reading it or calling it missing).
    private func isInvalid<T>(_ text: String, _ parse: (UnsafeBufferPointer<UInt8>) -> FieldParsing.Value<T>) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer {
            if case .invalid = parse($0) { return true }
            return false
        }
    }

    /// The fast path must give the correctly rounded double, as strtod does.
    @Test func fastPathAgreesWithTheStandardLibraryOnManyDecimals() {
        var state: UInt64 = 42
        for _ in 0..<200_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let digits = Int(state >> 60) + 1
            let mantissa = (state >> 8) % 1_000_000_000_000_000
            let scale = Int((state >> 4) % 16)
            var text = String(mantissa).prefix(digits)
            if scale < text.count { text.insert(".", at: text.index(text.endIndex, offsetBy: -scale)) }
            let negative = state & 1 == 1
            let spelled = (negative ? "-" : "") + String(text)
            #expect(double(spelled) == Double(spelled), "\(spelled)")
        }
    }

    /// Fields of at most 15 bytes are read in one pass; its edges read as the general path
    /// reads them: signs, a point at either end, and what is not a number.
    @Test func shortFieldsAtTheEdgesOfTheOnePassRead() {
        let values: [(String, Double)] = [
            (".5", 0.5), ("5.", 5), ("-.5", -0.5), ("007", 7), ("-12.250", -12.25), ("+5", 5), (" 5 ", 5),
            ("123456789012345", 123_456_789_012_345), ("1234567890.12345", 1_234_567_890.12345),
            ("0.000000000001", 1e-12),
        ]
        for (text, value) in values { #expect(double(text) == value, "\(text)") }
        #expect(double("-0")?.sign == .minus && double("-0") == 0)
        for text in ["1.2.3", "-", ".", "-.", "--1", "1-", "1e", "0x1"] {
            #expect(isInvalid(text) { FieldParsing.double($0) }, "\(text)")
        }
        #expect(!isInvalid("") { FieldParsing.double($0) } && double("") == nil)
        #expect(!isInvalid("NA") { FieldParsing.double($0) } && double("NA") == nil)
    }

    /// Whole numbers take a one-pass read of their own; everything it refuses reads as a
    /// decimal that must be whole.
    @Test func wholeNumbersAtTheEdgesOfTheOnePassRead() {
        func integer(_ text: String) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer {
                if case .value(let value) = FieldParsing.integer($0) { return value }
                return nil
            }
        }
        let values: [(String, Int)] = [
            ("0", 0), ("-0", 0), ("7", 7), ("007", 7), ("-12", -12), ("+5", 5), (" 5 ", 5), ("3.0", 3),
            ("999999999999999", 999_999_999_999_999), ("-99999999999999", -99_999_999_999_999),
            ("1234567890123456", 1_234_567_890_123_456),
        ]
        for (text, value) in values { #expect(integer(text) == value, "\(text)") }
        for text in ["-", "--1", "1-", "1.5", "1e", "0x1", "12a", "99999999999999999"] {
            #expect(isInvalid(text) { FieldParsing.integer($0) }, "\(text)")
        }
        #expect(!isInvalid("") { FieldParsing.integer($0) } && integer("") == nil)
        #expect(!isInvalid("NA") { FieldParsing.integer($0) } && integer("NA") == nil)
    }

    /// Long decimals (16 to 19 digits, as loggers that print every digit of a double write
    /// them) must read as strtod reads them, whatever path they take.
    @Test func longDecimalsAgreeWithTheStandardLibrary() {
        var state: UInt64 = 2026
        for _ in 0..<200_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let digits = 16 + Int(state >> 62)
            var power: UInt64 = 1
            for _ in 0..<digits { power *= 10 }
            var text = String((state >> 1) % power)
            let fraction = Int((state >> 8) % 28)
            if fraction >= text.count { text = String(repeating: "0", count: fraction - text.count + 1) + text }
            if fraction > 0 { text.insert(".", at: text.index(text.endIndex, offsetBy: -fraction)) }
            let spelled = (state & 1 == 1 ? "-" : "") + text
            #expect(double(spelled) == Double(spelled), "\(spelled)")
        }
        for _ in 0..<100_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Double(bitPattern: 0x3FF0_0000_0000_0000 | (state >> 12)) * Double(1 << ((state >> 6) % 40))
            #expect(double(value.description) == value, "\(value)")
        }
    }

    /// Decimals of 19 digits next to the halfway point between two doubles: the extended
    /// division must leave the ones it cannot round for certain to strtod.
    @Test func decimalsNextToHalfwayPointsAgreeWithTheStandardLibrary() {
        var state: UInt64 = 99
        var leftToStrtod = 0
        for _ in 0..<50_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = 1 + Double(state >> 11) / Double(1 << 53) * 999
            let integerDigits = String(Int(value)).count
            var scale: UInt64 = 1
            for _ in 0..<(19 - integerDigits) { scale *= 10 }
            let halfway = (value + value.ulp / 2) * Double(scale)
            let base = UInt64(halfway) - 2
            for mantissa in base...(base + 4) {
                var text = String(mantissa)
                text.insert(".", at: text.index(text.startIndex, offsetBy: integerDigits))
                #expect(double(text) == Double(text), "\(text)")
                if FieldParsing.plainDecimal(mantissa, fractionDigits: 19 - integerDigits, negative: false) == nil {
                    leftToStrtod += 1
                }
            }
        }
        #if arch(x86_64)
            #expect(leftToStrtod > 0 && leftToStrtod < 50_000)
        #endif
    }

    @Test(arguments: [
        "0.1", "123456789012345678", "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308",
        "0.000000000000000000000000123", "9007199254740993", "1e22", "1e23", "-0", "+7.5", "00012.50",
    ])
    func slowAndEdgeCasesMatchTheStandardLibrary(text: String) {
        #expect(double(text) == Double(text))
    }

    @Test(arguments: ["", "  ", "NA", " NA "])
    func missingValues(text: String) {
        let missing = Array(text.utf8).withUnsafeBufferPointer {
            if case .missing = FieldParsing.double($0) { return true }
            return false
        }
        #expect(missing)
    }

    @Test(arguments: [
        "inf", "-Infinity", "nan", "NaN", "1e999", "0x1p3", "1.2.3", "12ms", "-", ".", "1,5", "e5", "1e", "--1", "١٢",
    ])
    func invalidNumbers(text: String) {
        #expect(isInvalid(text) { FieldParsing.double($0) })
    }

    @Test func decimalCommaOnlyWhenAsked() {
        #expect(double("2,5", decimalComma: true) == 2.5)
        #expect(double("2.5", decimalComma: true) == 2.5)
        #expect(double("-1,25e1", decimalComma: true) == -12.5)
        #expect(double("1.234,5", decimalComma: true) == nil)
        #expect(double("2,5") == nil)
    }

    @Test(arguments: [
        ("down", EventPhase.down), ("Began", .down), ("touchstart", .down), ("ACTION_DOWN", .down), ("0", .down),
        ("pointerdown", .down), ("5", .down), ("move", .move), ("touchmove", .move), ("Moved", .move), ("2", .move),
        ("up", .up), ("ended", .up), ("touchend", .up), ("action_up", .up), ("1", .up), ("6", .up), ("release", .up),
        ("cancel", .cancel), ("touchcancel", .cancel), ("Cancelled", .cancel), ("ACTION_CANCEL", .cancel),
        ("3", .cancel),
    ])
    func phaseSpellings(text: String, phase: EventPhase) {
        let parsed = Array(text.utf8).withUnsafeBufferPointer { buffer -> EventPhase? in
            if case .value(let value) = FieldParsing.phase(buffer) { return value }
            return nil
        }
        #expect(parsed == phase)
    }

    @Test(arguments: ["hover", "4", "touch", "downward", "7"])
    func unknownPhases(text: String) {
        #expect(isInvalid(text, FieldParsing.phase))
    }

    @Test(arguments: ["2", "yess", "truth", "-1", "0.5", "timeout", "successfully", "errors"])
    func invalidHitValues(text: String) {
        #expect(isInvalid(text) { FieldParsing.hit($0, inMissColumn: false) })
        #expect(isInvalid(text) { FieldParsing.hit($0, inMissColumn: true) })
    }
}
