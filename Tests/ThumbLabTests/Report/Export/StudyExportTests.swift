import Foundation
import Testing

@testable import ThumbLab

/// The pieces of the Parquet writer against bytes worked out by hand from the format's
/// specification, and the export's files, errors and reruns. pyarrow and DuckDB read the
/// files back in Notebooks/test_export.py.
@Suite struct StudyExportTests {
    let folder = TemporaryFolder()

    @Test func thriftCompactFieldsAreDeltasTypesAndZigzagVarints() {
        var writer = ThriftCompactWriter()
        writer.field(1, i32: 1)  // delta 1, type 5; zigzag(1) = 2
        writer.field(2, string: "ab")  // delta 1, type 8; length 2
        writer.field(20, i64: -1)  // delta 19: type 6, then zigzag(20) = 40; zigzag(-1) = 1
        writer.field(21, i32s: [1, -2])  // delta 1, list; 2 elements of type 5
        writer.field(22) { $0.field(1, bool: true) }  // nested struct: its own deltas, then stop
        writer.stop()
        #expect(
            writer.bytes == [
                0x15, 0x02, 0x18, 0x02, 0x61, 0x62, 0x06, 0x28, 0x01, 0x19, 0x25, 0x02, 0x03, 0x1C, 0x11, 0x00, 0x00,
            ])
        var long = ThriftCompactWriter()
        long.field(1, strings: Array(repeating: "", count: 15))
        #expect(long.bytes == [0x19, 0xF8, 0x0F] + [UInt8](repeating: 0, count: 15))
    }

    @Test func theHybridEncodingRunsRepeatsAndBitPacksTheRest() {
        // The specification's example: 0 to 7 in 3 bits pack to 10001000 11000110 11111010.
        #expect(RLEHybridEncoder.encode([0, 1, 2, 3, 4, 5, 6, 7], bitWidth: 3) == [0x03, 0x88, 0xC6, 0xFA])
        #expect(RLEHybridEncoder.encode([UInt32](repeating: 1, count: 300), bitWidth: 1) == [0xD8, 0x04, 0x01])
        // Eight ones run; then 0,1,0 are packed into one padded group of 8.
        #expect(RLEHybridEncoder.encode([1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0], bitWidth: 1) == [0x10, 0x01, 0x03, 0x02])
        #expect(RLEHybridEncoder.bitWidth(0) == 0 && RLEHybridEncoder.bitWidth(1) == 1)
        #expect(RLEHybridEncoder.bitWidth(255) == 8 && RLEHybridEncoder.bitWidth(256) == 9)
    }

    func database() throws -> StudyDatabase {
        try bundledStudy(["trials.csv", "touches.csv", "responses.csv"], folder: folder).database
    }

    func count(_ database: StudyDatabase, _ table: String) throws -> Int {
        let statement = try database.connection.prepare("SELECT count(*) FROM \(table)")
        _ = try statement.step()
        return statement.int(0)
    }

    @Test func everyTableIsWrittenWholeAsParquetAndAsCSV() throws {
        let database = try database()
        for format in ExportFormat.allCases {
            let path = folder.url.appendingPathComponent("export-\(format)").path
            let summary = try StudyExport.write(database, to: path, format: format)
            #expect(summary.tables.map(\.name) == ["trial", "touch", "response", "participant", "device"])
            for (table, source) in [("trial", "trial"), ("touch", "touch"), ("response", "response")] {
                let written = try #require(summary.tables.first { $0.name == table })
                #expect(written.rows == (try count(database, source)))
                #expect(written.files == ["\(table)/\(table).\(format.rawValue)"])
            }
            #expect(summary.tables.map(\.rows).suffix(2) == [16, 1])
            let data = try Data(contentsOf: URL(fileURLWithPath: path + "/trial/trial.\(format.rawValue)"))
            if format == .parquet {
                #expect(Array(data.prefix(4)) == ParquetFileWriter.magic)
                #expect(Array(data.suffix(4)) == ParquetFileWriter.magic)
                let footer = data.dropLast(4).suffix(4).enumerated().reduce(0) {
                    $0 | Int($1.element) << (8 * $1.offset)
                }
                #expect(footer > 100 && footer < data.count - 12)
            } else {
                let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
                #expect(lines.count == 7478 + 1)
                #expect(lines[0].hasPrefix("id,study,participant,condition_id,condition,block,trial,attempt,"))
                #expect(lines[0].hasSuffix(",technique,target_size_mm,mobility"))
                #expect(
                    lines[1].hasPrefix("1,default,P01,1,technique=Direct; target_size_mm=3.6; mobility=standing,1,1,1,")
                )
                #expect(lines[1].hasSuffix(",Direct,3.6,standing"))
            }
        }
    }

    @Test func theSameDatabaseGivesTheSameBytes() throws {
        let database = try database()
        let first = folder.url.appendingPathComponent("first").path
        let second = folder.url.appendingPathComponent("second").path
        _ = try StudyExport.write(database, to: first, format: .parquet, partition: .participant)
        let summary = try StudyExport.write(database, to: second, format: .parquet, partition: .participant)
        let trial = try #require(summary.tables.first)
        #expect(trial.files.count == 16 && trial.files.first == "trial/participant=P01/part-0.parquet")
        for file in summary.tables.flatMap(\.files) {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: first + "/" + file))
                    == Data(contentsOf: URL(fileURLWithPath: second + "/" + file)), "\(file)")
        }
    }

    @Test func aFolderThatHoldsFilesIsLeftAsItIs() throws {
        let database = try database()
        let path = folder.url.appendingPathComponent("taken").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path + "/notes.txt"))
        #expect {
            try StudyExport.write(database, to: path, format: .parquet)
        } throws: { error in
            guard case .output(.cannotWrite(let where_, let reason)) = error as? ThumbLabError else { return false }
            return where_ == path && reason.contains("new or empty folder")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["notes.txt"])
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!siblings.contains { $0.contains(".partial-") })
    }

    @Test func aValueAgainstItsColumnsDeclaredTypeStopsTheExportWithNothingWritten() throws {
        let database = try database()
        try database.connection.execute("UPDATE trial SET time_ms = 'fast' WHERE id = 3")
        let path = folder.url.appendingPathComponent("typed").path
        #expect {
            try StudyExport.write(database, to: path, format: .parquet)
        } throws: { error in
            guard case .output(.cannotWrite(_, let reason)) = error as? ThumbLabError else { return false }
            return reason.contains("column time_ms is declared double but holds 'fast'")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!siblings.contains { $0.contains(".partial-") })
    }

    @Test func aFileOfTheFoldersNameIsLeftAsItIs() throws {
        let database = try database()
        let path = folder.url.appendingPathComponent("notes.txt").path
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try StudyExport.write(database, to: path, format: .csv)
        } throws: { error in
            guard case .output(.cannotWrite(_, let reason)) = error as? ThumbLabError else { return false }
            return reason.contains("a file has that name")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")
    }

    @Test func aFolderThatCannotBeCreatedIsNamed() throws {
        let database = try database()
        let blocker = folder.url.appendingPathComponent("file").path
        try Data().write(to: URL(fileURLWithPath: blocker))
        #expect(throws: ThumbLabError.self) {
            try StudyExport.write(database, to: blocker + "/export", format: .csv)
        }
    }

    @Test func csvFieldsAreQuotedWhereTheyHoldCommasQuotesOrLineBreaks() throws {
        let path = folder.url.appendingPathComponent("quoted.csv").path
        let writer = try CSVFileWriter(path: path, header: ["a", "b,c"])
        try writer.add([Array("say \"hi\"".utf8), nil])
        try writer.add([Array("two\nlines".utf8), Array("plain".utf8)])
        try writer.finish()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "a,\"b,c\"\n\"say \"\"hi\"\"\",\n\"two\nlines\",plain\n")
    }

    @Test func partitionValuesAreEscapedAsHiveEscapesThem() {
        #expect(ExportTableWriter.partitionValue(Array("P01".utf8)) == "P01")
        #expect(ExportTableWriter.partitionValue(Array("P 01/é".utf8)) == "P%2001%2F%C3%A9")
        #expect(ExportTableWriter.partitionValue(Array("a-b_c.d=e".utf8)) == "a-b_c.d%3De")
    }
}
