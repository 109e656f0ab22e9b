import Foundation
import Testing

@testable import ThumbLab

/// The CSV reader against the cases of RFC 4180 and the variants real logs bring.
@Suite struct CSVReaderTests {
    @Test func plainRecords() throws {
        let records = try csvRecords("a,b,c\n1,2,3\n")
        #expect(records.map(\.fields) == [["a", "b", "c"], ["1", "2", "3"]])
        #expect(records.map(\.line) == [1, 2])
    }

    @Test func lastRecordWithoutLineBreak() throws {
        #expect(try csvRecords("a,b\n1,2").map(\.fields) == [["a", "b"], ["1", "2"]])
    }

    @Test func crlfLineBreaks() throws {
        let records = try csvRecords("a,b\r\n1,2\r\n3,4\r\n")
        #expect(records.map(\.fields) == [["a", "b"], ["1", "2"], ["3", "4"]])
        #expect(records.map(\.line) == [1, 2, 3])
    }

    @Test func loneCarriageReturnsEndRecords() throws {
        #expect(try csvRecords("a,b\r1,2\r").map(\.fields) == [["a", "b"], ["1", "2"]])
    }

    @Test func quotedFieldWithDelimiter() throws {
        #expect(try csvRecords("a,b\n\"x,y\",2\n")[1].fields == ["x,y", "2"])
    }

    @Test func doubledQuotesBecomeOneQuote() throws {
        #expect(try csvRecords("a,b\n\"say \"\"hi\"\"\",2\n")[1].fields == ["say \"hi\"", "2"])
    }

    @Test func quotedLineBreaksKeepLineNumbersRight() throws {
        let records = try csvRecords("a,b\n\"line one\nline two\",2\n\"x\r\ny\",3\nlast,4\n")
        #expect(records[1].fields == ["line one\nline two", "2"])
        #expect(records[2].fields == ["x\r\ny", "3"])
        #expect(records.map(\.line) == [1, 2, 4, 6])
    }

    @Test func emptyFieldsQuotedAndUnquoted() throws {
        #expect(try csvRecords("a,b,c\n,\"\",\n")[1].fields == ["", "", ""])
    }

    @Test func blankLinesAreSkippedButCounted() throws {
        let records = try csvRecords("a,b\n\n1,2\n\r\n3,4\n")
        #expect(records.map(\.fields) == [["a", "b"], ["1", "2"], ["3", "4"]])
        #expect(records.map(\.line) == [1, 3, 5])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let records = try csvRecords([0xEF, 0xBB, 0xBF] + Array("participant,time\nP1,5\n".utf8))
        #expect(records[0].fields == ["participant", "time"])
    }

    @Test(arguments: [
        ("a;b;c\n1;2,5;3\n", ["1", "2,5", "3"]),
        ("a\tb\tc\n1\t2\t3\n", ["1", "2", "3"]),
        ("a,b,c\n1,2;5,3\n", ["1", "2;5", "3"]),
        ("\"a;x\",b,c\n1,2,3\n", ["1", "2", "3"]),
    ])
    func delimiterIsDetectedFromTheHeader(text: String, second: [String]) throws {
        #expect(try csvRecords(text)[1].fields == second)
    }

    @Test func nonASCIITextIsKeptExactly() throws {
        let text = "participant,technique\nJosé,Daumen-Zoom\n参加者,直接 👍\n"
        let records = try csvRecords(text)
        #expect(records[1].fields == ["José", "Daumen-Zoom"])
        #expect(records[2].fields == ["参加者", "直接 👍"])
        #expect(records.allSatisfy { $0.problem == nil })
    }

    @Test func quoteInsideUnquotedFieldIsKeptAsText() throws {
        #expect(try csvRecords("a,b\n5\" phone,2\n")[1].fields == ["5\" phone", "2"])
    }

    @Test func textAfterClosingQuoteIsAProblem() throws {
        let record = try csvRecords("a,b\n\"x\"y,2\n")[1]
        #expect(record.problem?.contains("after the closing quote") == true)
    }

    @Test func unterminatedQuoteIsAProblem() throws {
        let records = try csvRecords("a,b\n1,\"open\n2,3\n")
        #expect(records.count == 2)
        #expect(records[1].problem?.contains("closing quote for the field opened on line 2") == true)
    }

    @Test func invalidUTF8IsAProblemOfItsField() throws {
        let records = try csvRecords(Array("a,b\n1,".utf8) + [0xC3, 0x28] + Array("\n".utf8))
        #expect(records[1].problem?.contains("UTF-8") == true)
    }

    /// Records that straddle the 1 MiB read chunk, including a CRLF split between chunks.
    @Test func recordsAcrossChunkBoundaries() throws {
        var text = "a,b\r\n"
        var expected: [[String]] = []
        var row = 0
        while text.utf8.count < (1 << 20) * 2 + 100 {
            let quoted = row % 3 == 0
            let value = String(repeating: "x", count: 1 + row % 97)
            text += quoted ? "\"\(value)\r\n\",\(row)\r\n" : "\(value),\(row)\r\n"
            expected.append([quoted ? "\(value)\r\n" : value, String(row)])
            row += 1
        }
        for pad in 0..<3 {
            let records = try csvRecords(String(repeating: " ", count: pad) + text)
            #expect(Array(records.dropFirst().map(\.fields)) == expected)
            #expect(records.allSatisfy { $0.problem == nil })
        }
    }

    /// Plain records are read in one scan, others (quoted fields, blank lines, records
    /// across chunks, line ends split between chunks) by the general path: records mixing
    /// them all, over several chunks, come out field for field and line for line.
    @Test func plainAndQuotedRecordsMixedOverSeveralChunks() throws {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let plain = ["", "x", "12.5", "P07", "Daumen é", "a\"b", " spaced "]
        let quoted = [
            ("\"a,b\"", "a,b"), ("\"say \"\"hi\"\"\"", "say \"hi\""), ("\"two\nlines\"", "two\nlines"), ("\"\"", ""),
        ]
        let ends = ["\n", "\r\n", "\r"]
        var text = "a,b,c\n"
        var line = 2
        var expected: [(line: Int, fields: [String])] = []
        while text.utf8.count < (1 << 20) * 2 + 500 {
            var fields: [String] = []
            var written: [String] = []
            var breaks = 0
            for _ in 0..<3 {
                if next(4) == 0 {
                    let (raw, value) = quoted[next(quoted.count)]
                    written.append(raw)
                    fields.append(value)
                    breaks += raw.filter { $0 == "\n" }.count
                } else {
                    let value = plain[next(plain.count)]
                    written.append(value)
                    fields.append(value)
                }
            }
            let end = ends[next(ends.count)]
            text += written.joined(separator: ",") + end
            expected.append((line, fields))
            line += 1 + breaks
            // A blank line, ended as its record is (a CR then an LF would be one line end).
            if next(50) == 0 {
                text += end
                line += 1
            }
        }
        let records = try csvRecords(text).dropFirst()
        #expect(records.count == expected.count)
        for (record, wanted) in zip(records, expected)
        where record.fields != wanted.fields || record.line != wanted.line || record.problem != nil {
            Issue.record("line \(record.line): \(record.fields), expected line \(wanted.line): \(wanted.fields)")
            break
        }
    }

    @Test func invalidUTF8InAPlainRecordIsAProblemOfItsField() throws {
        let bytes = Array("a,b,c\n1,é,3\nx,".utf8) + [0x50, 0xED, 0xA0, 0x80] + Array(",z\n4,5,6\n".utf8)
        let folder = TemporaryFolder()
        let reader = try CSVReader(file: try FileBytes(path: folder.write(bytes, named: "bad.csv")))
        var problems: [(column: Int, message: String)?] = []
        while try reader.next() { problems.append(reader.recordProblem) }
        #expect(problems.map { $0?.column } == [nil, nil, 2, nil])
        #expect(problems[2]?.message.contains("byte 2 of the field") == true)
    }

    @Test func overlongRecordIsCutWithAProblemAndMemoryStaysBounded() throws {
        var text = "a,b\n1,\"never closed"
        text += String(repeating: "x,y\n", count: (5 << 20) / 4)
        let folder = TemporaryFolder()
        let reader = try CSVReader(file: try FileBytes(path: folder.write(text, named: "long.csv")))
        #expect(try reader.next())
        #expect(try reader.next())
        #expect(reader.recordProblem?.message.contains("shorter than 4 MiB") == true)
        #expect(reader.recordProblem?.message.contains("line 2") == true)
        #expect(reader.fields.byteCount < CSVReader.maximumRecordBytes + (1 << 20))
        #expect(try !reader.next())
    }

    @Test func problemInTheHeaderStopsBeforeAnyRow() throws {
        let list = try #require(problems { _ = try importInMemory("pid,\"time\"x\nP1,5\n") })
        #expect(list.problems.first?.line == 1 && list.problems.first?.column == 2)
    }

    @Test func byteOffsetsOfRecordsPointAtTheirRawText() throws {
        let text = "a,b\r\n\"x\ny\",2\r\n3,4"
        let folder = TemporaryFolder()
        let reader = try CSVReader(file: try FileBytes(path: folder.write(text, named: "o.csv")))
        var raw: [String] = []
        while try reader.next() {
            raw.append(
                String(
                    decoding: reader.file.bytes(at: reader.recordStart, count: reader.recordEnd - reader.recordStart),
                    as: UTF8.self))
        }
        #expect(raw == ["a,b", "\"x\ny\",2", "3,4"])
    }
}
