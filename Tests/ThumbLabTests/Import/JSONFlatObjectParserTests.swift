import Testing

@testable import ThumbLab

/// The flat JSON object parser on its own: strings, numbers, literals, whitespace,
/// nesting, keys and syntax errors, each checked against RFC 8259.
@Suite struct JSONFlatObjectParserTests {
    /// A parsed object: the parser and the bytes its values lie in.
    private struct Parsed {
        var parser: JSONFlatObjectParser
        var bytes: [UInt8]

        var problem: JSONFlatObjectParser.Problem? { parser.problem }
        var keyOffsets: [Int] { parser.keyOffsets }
    }

    /// Parses `json` into `columns` and returns the parser with the bytes, or the syntax error.
    private func parse(_ json: String, columns: [String] = ["a", "b"]) -> Result<Parsed, JSONCursor.SyntaxError> {
        var parser = JSONFlatObjectParser()
        parser.setColumns(columns)
        let bytes = Array(json.utf8)
        do {
            try bytes.withUnsafeBufferPointer { buffer throws(JSONCursor.SyntaxError) in try parser.parse(buffer) }
            return .success(Parsed(parser: parser, bytes: bytes))
        } catch {
            return .failure(error)
        }
    }

    private func texts(_ parsed: Parsed) -> [String?] {
        parsed.bytes.withUnsafeBufferPointer { bytes in
            parsed.parser.columns.indices.map {
                parsed.parser.value($0, in: bytes).map { String(decoding: $0, as: UTF8.self) }
            }
        }
    }

    private func error(_ json: String) -> JSONCursor.SyntaxError? {
        if case .failure(let error) = parse(json) { return error }
        return nil
    }

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""a\"b""#, "a\"b"),
        (#""back\\slash\/""#, "back\\slash/"),
        (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
        (#""caf\u00e9 \u20AC""#, "café €"),
        (#""\ud83d\ude00!""#, "😀!"),
        (#""\uD834\uDD1E""#, "𝄞"),
        (#""nul\u0000""#, "nul\u{0}"),
        (#""raw é 😀""#, "raw é 😀"),
        (#""""#, ""),
    ])
    func stringEscapesAreDecoded(literal: String, expected: String) throws {
        let parser = try parse("{\"a\": \(literal)}").get()
        #expect(texts(parser) == [expected, nil])
    }

    @Test(arguments: [
        (#""\ud800""#, "after the high surrogate \\uD800, found none", 7),
        (#""x\ud800\u0041""#, "found \\u0041", 14),
        (#""\udc00x""#, "before the low surrogate \\uDC00", 7),
        (#""\x""#, "found '\\' followed by 'x'", 7),
        (#""\u12g4""#, "four hexadecimal digits after \\u, found 'g'", 11),
        ("\"tab\tin\"", "unescaped control character U+0009", 10),
        (#""open"#, "closing quote of the string, found the end", 6),
    ])
    func invalidStringsFailAtTheirEscape(literal: String, reason: String, offset: Int) throws {
        let failure = try #require(error("{\"a\": \(literal)}"))
        #expect(failure.reason.contains(reason), "\(failure.reason)")
        #expect(failure.offset == offset)
    }

    @Test(arguments: [
        ("0", "0"), ("-0", "0"), ("-12", "-12"), ("1.0", "1.0"), ("1e3", "1000.0"), ("1E+2", "100.0"),
        ("2.50", "2.5"), ("1.5e-7", "1.5e-07"), ("0.1", "0.1"), ("-0.0", "-0.0"), ("1e-2", "0.01"),
        ("123.456e1", "1234.56"), ("9223372036854775807", "9223372036854775807"),
        ("12345678901234567890", "12345678901234567890"), ("0.30000000000000004", "0.30000000000000004"),
        ("1e21", "1e+21"),
    ])
    func numbersTakeTheTextJSONSerializationGave(literal: String, expected: String) throws {
        let parser = try parse("{\"a\": \(literal), \"b\": 1}").get()
        #expect(texts(parser) == [expected, "1"])
    }

    @Test(arguments: [
        ("01", "without leading zeros"), ("1.", "a digit after the decimal point"), ("-", "a digit of the number"),
        (".5", "expected a value"), ("+1", "expected a value"), ("1e", "a digit of the exponent"),
        ("1e+", "a digit of the exponent"), ("1e400", "out of range"), ("NaN", "expected a value"),
        ("0x10", "',' or '}' after the value, found 'x'"), ("Infinity", "expected a value"),
    ])
    func malformedNumbersAreSyntaxErrors(literal: String, reason: String) throws {
        let failure = try #require(error("{\"a\": \(literal)}"))
        #expect(failure.reason.contains(reason), "\(failure.reason)")
    }

    @Test func literalsBecomeWordsAndNullIsMissing() throws {
        let parser = try parse(#"{"a": true, "b": null}"#).get()
        #expect(texts(parser) == ["true", nil])
        #expect(texts(try parse(#"{"a": false}"#).get()) == ["false", nil])
        #expect(error(#"{"a": tru}"#)?.reason.contains("the literal true") == true)
        #expect(error(#"{"a": nul"#)?.reason.contains("found the end of the object in it") == true)
    }

    @Test func whitespaceOfEveryKindIsSkipped() throws {
        let parser = try parse(" \t\r\n{ \"a\" :\t1 ,\r\n\"b\"\n:\"x\"\t}\r\n ").get()
        #expect(texts(parser) == ["1", "x"])
    }

    @Test func nestedValuesAreAProblemAtTheirKeyButTheRestIsRead() throws {
        let parser = try parse(#"{"a": {"x": [1, {"y": null}, "]"], "z": {}}, "b": 2}"#).get()
        #expect(parser.problem == .nested("a", keyOffset: 1))
        #expect(texts(parser) == [nil, "2"])
        #expect(try parse(#"{"b": [], "a": 1}"#).get().problem == .nested("b", keyOffset: 1))
    }

    @Test func brokenNestedValuesAreSyntaxErrors() throws {
        #expect(error(#"{"a": [1, 2}"#)?.reason.contains("',' or ']' in the nested array") == true)
        #expect(error(#"{"a": {"x" 1}}"#)?.reason.contains("':' after the key") == true)
        #expect(error(#"{"a": {1: 2}}"#)?.reason.contains("a key in double quotes") == true)
        let deep = "{\"a\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
        #expect(error(deep)?.reason.contains("at most 512 deep") == true)
    }

    @Test func unknownKeysAreAProblemAtTheFirstOne() throws {
        let parser = try parse(#"{"a": 1, "c": 2, "d": [3]}"#).get()
        #expect(parser.problem == .unknownKey("c", keyOffset: 9))
        #expect(texts(parser) == ["1", nil])
    }

    @Test func keysMatchInAnyOrderAndWithEscapes() throws {
        let parser = try parse(#"{"b": "first", "\u0061": "second"}"#).get()
        #expect(texts(parser) == ["second", "first"])
        #expect(parser.keyOffsets == [15, 1])
        #expect(texts(try parse(#"{"b": 1}"#).get()) == [nil, "1"])
        #expect(texts(try parse("{}").get()) == [nil, nil])
    }

    @Test func aRepeatedKeyKeepsItsLastValue() throws {
        let parser = try parse(#"{"a": 1, "b": 2, "a": "3"}"#).get()
        #expect(texts(parser) == ["3", "2"])
        #expect(parser.keyOffsets == [17, 9])
    }

    @Test func aRepeatedColumnNameIsFilledOnlyInItsFirstColumn() throws {
        let parser = try parse(#"{"a": 1, "a": 2}"#, columns: ["a", "a"]).get()
        #expect(texts(parser) == ["2", nil])
    }

    @Test(arguments: [
        (#"{"a": 1 "b": 2}"#, "',' or '}' after the value, found '\"'", 8),
        (#"{"a" 1}"#, "':' after the key, found '1'", 5),
        (#"{, "a": 1}"#, "a key in double quotes, found ','", 1),
        (#"{a: 1}"#, "a key in double quotes, found 'a'", 1),
        (#"{"a": 1} {"#, "nothing after the closing '}'", 9),
        (#"{"a": 1"#, "',' or '}' after the value, found the end of the object", 7),
        (#"["a"]"#, "'{' opening the object, found '['", 0),
        (#"{"a": }"#, "a value (a string, number, true, false or null), found '}'", 6),
    ])
    func structuralErrorsNameWhatWasExpected(json: String, reason: String, offset: Int) throws {
        let failure = try #require(error(json))
        #expect(failure.reason.contains(reason), "\(failure.reason)")
        #expect(failure.offset == offset)
    }

    @Test(arguments: [
        (#"{"a": 1, }"#, "expected another key after ',', found '}'", 7),
        (#"{"a": 1,}"#, "expected another key after ',', found '}'", 7),
        (#"{"a": [1, 2, ], "b": 1}"#, "expected another value after ',', found ']'", 11),
        (#"{"a": {"x": 1,}, "b": 1}"#, "expected another key after ',', found '}'", 13),
        (#"{"a": [[1,], 2]}"#, "expected another value after ',', found ']'", 9),
    ])
    func aCommaBeforeAClosingBracketIsATrailingCommaError(json: String, reason: String, offset: Int) throws {
        let failure = try #require(error(json))
        #expect(failure.reason.contains(reason), "\(failure.reason)")
        #expect(failure.reason.contains("remove the trailing comma"))
        #expect(failure.offset == offset)
    }

    @Test func placedValuesReadAsTheCopiedOnes() throws {
        let columns = ["p", "note", "n", "x", "flag", "gone", "empty"]
        let json =
            #"{"p": "P1", "note": "a \"b\" \u00e9", "n": 1e3, "x": 2.50, "flag": true, "gone": null, "empty": ""}"#
        var parsed = try parse(json, columns: columns + ["missing"]).get()
        let copied = FieldBuffer()
        let placed = FieldBuffer(byteCapacity: 4, fieldCapacity: 2)
        parsed.bytes.withUnsafeBufferPointer { bytes in
            parsed.parser.copyValues(from: bytes, into: copied)
            parsed.parser.placeValues(from: bytes, into: placed)
            #expect(placed.count == copied.count)
            #expect((0..<copied.count).map(placed.string) == (0..<copied.count).map(copied.string))
        }
        #expect((0..<placed.count).map(placed.string) == ["P1", "a \"b\" é", "1000.0", "2.5", "true", "", "", ""])
        #expect(placed.firstInvalidUTF8() == nil)
        placed.reset()
        placed.appendField([UInt8]("built again".utf8))
        #expect(placed.count == 1 && placed.string(0) == "built again")
    }
}
