import Foundation
import Testing

@testable import ThumbLab

/// How an import hands trials from its reading thread to the writer (participants and
/// level combinations as numbers, trials as plain values) and how the writer inserts them
/// (128 rows per statement, naming only the columns those rows have values for).
@Suite struct BulkInsertTests {
    /// 700 trials (five full statements and a remainder) of 40 participants and 6
    /// conditions that come and go in no simple order; optional measures are left empty in
    /// different rows, so statements of different column sets follow each other.
    private func unevenLog() -> String {
        var text = "participant,technique,size,block,trial,start_x,start_y,target_x,touch_x,time_ms,hit,errors\n"
        for row in 0..<700 {
            let participant = "P\((row * 7 + row / 50) % 40 + 1)"
            let technique = ["Direct", "Shift", "ThumbSpace"][(row / 3 + row % 2) % 3]
            let size = row % 5 == 0 ? "" : ["3.6", "9.6"][row / 11 % 2]
            let start = row < 300 || row % 9 == 0 ? "\(row % 310).5,\(row % 470).25" : ","
            let target = row / 128 == 2 ? "" : "\(row % 300).5"
            let errors = row % 7 == 0 ? "\(row % 3)" : ""
            let hit = row % 13 == 0 ? "" : (row % 6 == 0 ? "0" : "1")
            text +=
                "\(participant),\(technique),\(size),\(row / 200 + 1),\(row % 20 + 1),\(start),\(target),"
                + "\(row % 301).75,\(300 + row % 97).5,\(hit),\(errors)\n"
        }
        return text
    }

    /// The trial table without its row ids and batch, in row order, and the names behind
    /// the participant and condition ids.
    private func stored(_ database: StudyDatabase) throws -> [String] {
        try rows(
            database,
            """
            SELECT p.label, c.label, t.block, t.trial, t.attempt, t.target_x, t.target_y, t.target_width,
                t.target_height, t.start_x, t.start_y, t.touch_x, t.touch_y, t.time_ms, t.hit, t.errors,
                t.line, t.effective_amplitude, t.deviation
            FROM trial t JOIN participant p ON p.id = t.participant_id JOIN condition c ON c.id = t.condition_id
            ORDER BY t.id
            """)
    }

    @Test func rowsLackingDifferentColumnsKeepExactlyTheirOwnValues() throws {
        let folder = TemporaryFolder()
        let path = folder.write(unevenLog(), named: "uneven.csv")
        let directory = try TestDirectory()
        let database = try directory.database()
        let report = try Importer(database: database).importFile(at: path, options: ImportOptions(study: "s"))
        #expect(report.rows == 700)
        let table = try stored(database)
        #expect(table.count == 700)
        // Row 0: every column present; row 301: no start point; row 260: no target_x
        // (rows 256 to 383 share one statement without it); rows 0 and 13: no hit; row 0: no size.
        #expect(
            table[0]
                == "P1|technique=Direct; size=(missing)|1|1|1|0.5|NULL|NULL|NULL|0.5|0.25|0.75|NULL|300.5|NULL|0|2|NULL|NULL"
        )
        #expect(table[301].split(separator: "|")[9] == "NULL" && table[301].split(separator: "|")[10] == "NULL")
        #expect(table[260].split(separator: "|")[5] == "NULL")
        #expect(table[259].split(separator: "|")[5] == "NULL" && table[255].split(separator: "|")[5] == "255.5")
        #expect(table[13].split(separator: "|")[14] == "NULL")
        #expect(table[14].split(separator: "|")[15] == "2")
        #expect(table[15].split(separator: "|")[15] == "NULL")
        // The same rows given one by one to the writer, outside the pipeline, are stored
        // identically: the same values and NULLs, and the same participant and condition ids.
        var records = MemorySink()
        _ = try Importer(database: nil).read(fileAt: path, options: ImportOptions(study: "s"), into: &records)
        let other = try directory.database("direct.sqlite")
        let writer = try other.beginImport(.trials("uneven.csv", study: "s"))
        try writer.declareFactors(records.factors)
        for trial in records.trials { try writer.add(trial) }
        _ = try writer.commit()
        #expect(try stored(other) == table)
        let ids = "SELECT t.participant_id, t.condition_id FROM trial t ORDER BY t.id"
        #expect(try rows(other, ids) == rows(database, ids))
        for names in [
            "SELECT id, label FROM participant ORDER BY id", "SELECT id, key, label FROM condition ORDER BY id",
        ] {
            #expect(try rows(other, names) == rows(database, names))
        }
    }

    @Test func aStatementNamesOnlyTheColumnsItsRowsHaveValuesFor() {
        var values = TrialRecord(participant: "P1", trial: 3, timeMS: 400, line: 2).values
        let row = TrialRow(participant: 1, condition: 1, attempt: 1, values: values)
        let named = TrialRow.columns.indices.filter(row.valuedColumns.contains).map { TrialRow.columns[$0] }
        #expect(named == ["participant_id", "condition_id", "trial", "attempt", "time_ms", "line"])
        values.deviation = -1.5
        values.hit = false
        let more = TrialRow(participant: 1, condition: 1, attempt: 1, values: values).valuedColumns
        #expect(more.contains(TrialRow.columns.firstIndex(of: "deviation")!))
        #expect(more.contains(TrialRow.columns.firstIndex(of: "hit")!))
        #expect(!more.contains(TrialRow.columns.firstIndex(of: "block")!))
    }

    /// A row bound from parameter 0, which does not exist, fails in SQLite's own words for
    /// the first failing bind, though the binds after it (in range) clear the connection's
    /// error. A row bound in range then stores its values, NULL included.
    @Test func aBindThatFailsIsReportedAfterTheRow() throws {
        let folder = try TestDirectory()
        let connection = try SQLiteConnection(path: folder.path("bind.sqlite"))
        try connection.execute("CREATE TABLE t (a INTEGER, b REAL, c TEXT)")
        let statement = try connection.prepare("INSERT INTO t VALUES (?1, ?2, ?3)")
        var binder = RowBinder(statement, from: 0, columns: .all(3))
        binder.bind(Int64(1))
        binder.bind(2.5)
        binder.bind("x")
        do {
            try binder.finish()
            Issue.record("expected the out-of-range bind to fail")
        } catch ThumbLabError.database(let code, let message, let sql) {
            #expect(code == 25)
            #expect(message.contains("out of range"), "\(message)")
            #expect(sql == "INSERT INTO t VALUES (?1, ?2, ?3)")
        }
        var inRange = RowBinder(statement, from: 1, columns: .all(3))
        inRange.bind(Int64(1))
        inRange.bind(nil as Double?)
        inRange.bind("x")
        try inRange.finish()
        try statement.run()
        let count = try connection.prepare("SELECT count(*), sum(b IS NULL) FROM t")
        #expect(try count.step())
        #expect(count.int64(0) == 1 && count.int64(1) == 1)
    }
}
