import Foundation

/// Writes one table of an export into its folder: scans the rows once for each column's
/// type and nulls (so that every file of a partitioned table has one schema), then streams
/// them into one Parquet or CSV file, or one per participant.
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
        let columns = try scan(names: names, declared: (0..<statement.columnCount).map(statement.declaredType))
        let split = partition == .participant ? names.firstIndex(of: "participant") : nil
        let kept = names.indices.filter { $0 != split }
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
                sink = try makeSink(folder + "/" + files[files.count - 1], columns: kept.map { columns[$0] })
                current = key
            }
            try sink?.add(statement, columns: kept)
            rows += 1
        }
        if let sink {
            try sink.finish()
        } else {
            // No rows: one empty file that still carries the schema.
            files.append("\(table.name)/\(table.name).\(format.rawValue)")
            try makeSink(folder + "/" + files[0], columns: kept.map { columns[$0] }).finish()
        }
        return ExportSummary.Table(name: table.name, rows: rows, files: files)
    }

    /// Each column's type: text anywhere, or declared TEXT, makes a string; else a real
    /// anywhere, or declared REAL, a double; else a whole number. A column with a null is optional.
    private func scan(names: [String], declared: [String?]) throws -> [ParquetColumn] {
        let sums = names.indices.map { index in
            let name = "\"" + names[index].replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return
                "sum(typeof(\(name)) = 'null'), sum(typeof(\(name)) = 'real'), sum(typeof(\(name)) IN ('text', 'blob'))"
        }
        let statement = try database.connection.prepare(
            "SELECT \(sums.joined(separator: ", ")) FROM (\(table.sql))")
        _ = try statement.step()
        return names.indices.map { index in
            let (nulls, reals, texts) = (
                statement.int(Int32(3 * index)), statement.int(Int32(3 * index + 1)),
                statement.int(Int32(3 * index + 2))
            )
            let declaredType = declared[index]?.uppercased() ?? ""
            let type: ParquetColumnType =
                texts > 0 || declaredType.contains("TEXT") || declaredType.contains("CHAR")
                ? .string
                : reals > 0 || declaredType.contains("REAL") || declaredType.contains("DOUB") ? .double : .int64
            return ParquetColumn(name: names[index], type: type, optional: nulls > 0)
        }
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

    /// Adds the current row of `statement`, the values of `columns` in order.
    func add(_ statement: SQLiteStatement, columns: [Int]) throws {
        switch self {
        case .parquet(let writer):
            try writer.addRow { buffers in
                for (slot, index) in columns.enumerated() {
                    let column = Int32(index)
                    if statement.valueType(column) == .null {
                        buffers[slot].appendNull()
                        continue
                    }
                    switch buffers[slot].column.type {
                    case .int64: buffers[slot].append(statement.int64(column))
                    case .double: buffers[slot].append(statement.double(column))
                    case .string: buffers[slot].append(text: statement.textBytes(column))
                    }
                }
            }
        case .csv(let writer):
            try writer.add(
                columns.map { statement.valueType(Int32($0)) == .null ? nil : statement.textBytes(Int32($0)) })
        }
    }

    func finish() throws {
        switch self {
        case .parquet(let writer): try writer.finish()
        case .csv(let writer): try writer.finish()
        }
    }
}
