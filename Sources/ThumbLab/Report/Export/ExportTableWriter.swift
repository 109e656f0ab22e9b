import Foundation

/// Writes one table of an export into its folder: each column's type from its declared
/// type (a scan of the rows only for columns without one), every column nullable, then the
/// rows streamed into one Parquet or CSV file, or one per participant, each row followed by
/// its condition's factor columns.
struct ExportTableWriter {
    let database: StudyDatabase
    let table: ExportTable
    let folder: String
    let format: ExportFormat
    let partition: ExportPartition?
    let rowGroupSize: Int
    let metadata: [(key: String, value: String)]

    func write() throws -> ExportSummary.Table {
        let statement = try database.connection.prepare(table.sql)
        let names = (0..<statement.columnCount).map(statement.columnName)
        let columns =
            try types(names: names, declared: (0..<statement.columnCount).map(statement.declaredType))
            + table.conditionColumns.map { ParquetColumn(name: $0, type: .string, optional: true) }
        let split = partition == .participant ? names.firstIndex(of: "participant") : nil
        let kept = names.indices.filter { $0 != split }
        let fileColumns = kept.map { columns[$0] } + columns[names.count...]
        let conditionSlot = table.conditionColumns.isEmpty ? nil : names.firstIndex(of: "condition_id").map(Int32.init)
        let conditionValues = table.conditionValues.mapValues { $0.map { $0.map { Array($0.utf8) } } }
        let noCondition = [[UInt8]?](repeating: nil, count: table.conditionColumns.count)
        var files: [String] = []
        var rows = 0
        var sink: ExportFileSink? = nil
        var current: [UInt8]? = nil
        while try statement.step() {
            let key = split.map { statement.textBytes(Int32($0)) }
            if sink == nil || key != current {
                try sink?.finish()
                let name = key.map { "participant=\(Self.partitionValue($0))/part-0" } ?? table.name
                files.append("\(table.name)/\(name).\(format.rawValue)")
                sink = try makeSink(folder + "/" + files[files.count - 1], columns: fileColumns)
                current = key
            }
            let extra = conditionSlot.map { conditionValues[statement.int64($0)] ?? noCondition } ?? []
            try sink?.add(statement, columns: kept, extra: extra)
            rows += 1
        }
        if let sink {
            try sink.finish()
        } else {
            // No rows: one empty file that still carries the schema.
            files.append("\(table.name)/\(table.name).\(format.rawValue)")
            try makeSink(folder + "/" + files[0], columns: fileColumns).finish()
        }
        return ExportSummary.Table(name: table.name, rows: rows, files: files)
    }

    /// Each column's type from its declared type: TEXT a string, REAL a double, INTEGER a
    /// whole number. A column without one (an expression) is scanned: text anywhere makes a
    /// string, else a real anywhere a double, else a whole number.
    private func types(names: [String], declared: [String?]) throws -> [ParquetColumn] {
        var types = declared.map { declared -> ParquetColumnType? in
            let type = declared?.uppercased() ?? ""
            if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return .string }
            if type.contains("INT") { return .int64 }
            if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return .double }
            return nil
        }
        let unknown = types.indices.filter { types[$0] == nil }
        if !unknown.isEmpty {
            let sums = unknown.map { index in
                let name = SQLiteConnection.quotedIdentifier(names[index])
                return "sum(typeof(\(name)) = 'real'), sum(typeof(\(name)) IN ('text', 'blob'))"
            }
            let scan = try database.connection.prepare(
                "SELECT \(sums.joined(separator: ", ")) FROM (\(table.sql))")
            _ = try scan.step()
            for (position, index) in unknown.enumerated() {
                let (reals, texts) = (scan.int(Int32(2 * position)), scan.int(Int32(2 * position + 1)))
                types[index] = texts > 0 ? .string : reals > 0 ? .double : .int64
            }
        }
        return names.indices.map { ParquetColumn(name: names[$0], type: types[$0] ?? .string, optional: true) }
    }

    private func makeSink(_ path: String, columns: [ParquetColumn]) throws -> ExportFileSink {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ThumbLabError.output(.cannotCreateFolder(path: directory, folder: .export, reason: "\(error)"))
        }
        switch format {
        case .parquet:
            return .parquet(
                try ParquetFileWriter(
                    path: path, columns: columns, rowGroupSize: rowGroupSize,
                    metadata: metadata + [("thumblab.table", table.name)]))
        case .csv:
            return .csv(try CSVFileWriter(path: path, header: columns.map(\.name)))
        }
    }

    /// A participant's label as a Hive partition value: bytes outside letters, digits and
    /// `-_.` written `%XX`, as Hive, Spark and pyarrow escape and unescape them.
    static func partitionValue(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let scalar = Unicode.Scalar(byte)
            let plain =
                ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || "-_.".unicodeScalars.contains(scalar)
            return plain ? String(scalar) : String(format: "%%%02X", byte)
        }.joined()
    }
}

/// Where the rows of one file go.
enum ExportFileSink {
    case parquet(ParquetFileWriter)
    case csv(CSVFileWriter)

    /// Adds the current row of `statement`: the values of `columns` in order, then `extra`
    /// (the condition's columns, as text or nil).
    func add(_ statement: SQLiteStatement, columns: [Int], extra: [[UInt8]?]) throws {
        switch self {
        case .parquet(let writer):
            try writer.addRow { (buffers: inout [ParquetColumnBuffer]) throws(ThumbLabError) in
                for (slot, index) in columns.enumerated() {
                    let column = Int32(index)
                    let type = statement.valueType(column)
                    if type == .null {
                        buffers[slot].appendNull()
                        continue
                    }
                    switch (buffers[slot].column.type, type) {
                    case (.int64, .integer): buffers[slot].append(statement.int64(column))
                    case (.double, .integer), (.double, .real): buffers[slot].append(statement.double(column))
                    case (.string, _): statement.withText(column) { buffers[slot].append(text: $0) }
                    default:
                        // A value that SQLite's flexible typing let in against the declared type.
                        let value = String(decoding: statement.textBytes(column), as: UTF8.self)
                        let column = buffers[slot].column
                        throw ThumbLabError.output(
                            .cannotWrite(
                                path: writer.path,
                                reason: "column \(column.name) is declared \(column.type) but holds '\(value)'; "
                                    + "correct that value in the database and export again"))
                    }
                }
                for (offset, value) in extra.enumerated() {
                    if let value {
                        value.withUnsafeBufferPointer { buffers[columns.count + offset].append(text: $0) }
                    } else {
                        buffers[columns.count + offset].appendNull()
                    }
                }
            }
        case .csv(let writer):
            for index in columns {
                let column = Int32(index)
                if statement.valueType(column) == .null {
                    writer.field(nil)
                } else {
                    statement.withText(column, writer.field)
                }
            }
            for value in extra {
                if let value { value.withUnsafeBufferPointer { writer.field($0) } } else { writer.field(nil) }
            }
            try writer.endRow()
        }
    }

    func finish() throws {
        switch self {
        case .parquet(let writer): try writer.finish()
        case .csv(let writer): try writer.finish()
        }
    }
}
