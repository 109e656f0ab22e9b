/// A row the batch writer stores in bulk: its table, its columns after `batch_id`, and
/// how to bind its values to consecutive parameters.
protocol StorableRow {
    static var table: String { get }
    /// Column names after `batch_id`, in binding order.
    static var columns: [String] { get }
    /// The columns of ``columns`` this row has a value for, bit *i* for column *i*; the
    /// others may be left out of its insert and so become NULL.
    var valuedColumns: ColumnSet { get }
    /// Binds the values of the columns in `columns`, in the order of ``columns``, to
    /// parameters `first`, `first + 1`, ...
    func bind(to statement: SQLiteStatement, from first: Int32, columns: ColumnSet) throws
}

/// A set of a row's columns, by their index in ``StorableRow/columns``.
struct ColumnSet: Hashable {
    var bits: UInt64

    static func all(_ count: Int) -> ColumnSet { ColumnSet(bits: count >= 64 ? ~0 : (1 << UInt64(count)) - 1) }

    func contains(_ column: Int) -> Bool { bits & (1 << UInt64(column)) != 0 }

    /// The set with `column` added when `present` holds.
    func adding(_ column: Int, if present: Bool) -> ColumnSet {
        present ? ColumnSet(bits: bits | 1 << UInt64(column)) : self
    }

    var count: Int { bits.nonzeroBitCount }
}

/// A row whose first four columns are `participant_id`, `condition_id`, `block` and
/// `trial`: trials and touches, which the batch writer matches up by that key.
protocol TrialKeyedRow: StorableRow {
    var participant: Int64 { get }
    var condition: Int64 { get }
    var block: Int? { get }
    var trialNumber: Int? { get }
}

extension TrialKeyedRow {
    /// The row's trial identity, or nil without a trial number.
    var key: TrialKey? {
        TrialKey(participant: participant, condition: condition, block: block, trial: trialNumber)
    }

    /// Binds participant, condition, block and trial (columns 0 to 3).
    func bindTrialColumns(_ binder: inout RowBinder) {
        binder.bind(participant)
        binder.bind(condition)
        binder.bind(block)
        binder.bind(trialNumber)
    }

    /// Columns 0 to 3 as ``StorableRow/valuedColumns`` counts them.
    var valuedTrialColumns: ColumnSet {
        ColumnSet(bits: 0b11).adding(2, if: block != nil).adding(3, if: trialNumber != nil)
    }
}

/// Inserts rows of one table through a multi-row `INSERT ... VALUES (...), (...), ...`
/// (https://sqlite.org/lang_insert.html), which halves SQLite's work per row compared
/// with one statement execution per row. Rows wait in a small buffer of plain values until
/// a statement's worth has arrived; ``flush()`` writes the rest one by one. A statement
/// names only the columns some of its rows have a value for (a log without start points
/// binds no NULL start points), so there is one prepared statement per such set of columns.
struct RowInserter<Row: StorableRow> {
    /// Rows per statement: 128 x 20 parameters stays far below SQLite's limit of 32,766.
    static var rowsPerStatement: Int { 128 }

    private let connection: SQLiteConnection
    private let batchID: Int64
    /// Statements of ``rowsPerStatement`` rows and of one row, by the columns they name.
    private var many: [ColumnSet: SQLiteStatement] = [:]
    private var one: [ColumnSet: SQLiteStatement] = [:]
    private var pending: [Row] = []
    private var pendingColumns = ColumnSet(bits: 0)
    /// Rows written to the database so far; the pending ones come after.
    private(set) var stored = 0
    /// The columns that hold a value in at least one row stored so far.
    private(set) var storedColumns = ColumnSet(bits: 0)
    /// The rowid the first row gets; row *i* gets `firstRowID + i`.
    let firstRowID: Int64
    /// False once a row did not get the rowid predicted for it.
    private(set) var rowIDsAsPredicted = true

    /// - Parameter firstRowID: the rowid the table gives the first row (one past its
    ///   largest), from which every later row's id follows while the transaction is open.
    init(connection: SQLiteConnection, batchID: Int64, firstRowID: Int64) throws {
        self.connection = connection
        self.batchID = batchID
        self.firstRowID = firstRowID
        pending.reserveCapacity(Self.rowsPerStatement)
    }

    /// The statement inserting `rows` rows of `columns`, prepared on first use.
    private mutating func statement(rows: Int, columns: ColumnSet) throws -> SQLiteStatement {
        if let ready = (rows == 1 ? one : many)[columns] { return ready }
        let statement = try connection.prepare(Self.insert(rows: rows, columns: columns))
        try statement.bind(1, batchID)
        if rows == 1 { one[columns] = statement } else { many[columns] = statement }
        return statement
    }

    /// `INSERT INTO table (batch_id, ...) VALUES (?1, ?2, ...), (?1, ...)`: every row
    /// shares `?1`, the batch id.
    private static func insert(rows: Int, columns: ColumnSet) -> String {
        let names = Row.columns.indices.filter(columns.contains).map { Row.columns[$0] }
        let width = names.count
        let tuples = (0..<rows).map { row in
            let parameters = (0..<width).map { "?\(2 + row * width + $0)" }
            return "(?1" + parameters.map { ", " + $0 }.joined() + ")"
        }
        return "INSERT INTO \(Row.table) (batch_id\(names.map { ", " + $0 }.joined())) VALUES "
            + tuples.joined(separator: ", ")
    }

    /// Rows added, stored or pending.
    var count: Int { stored + pending.count }

    mutating func add(_ row: Row) throws {
        pending.append(row)
        pendingColumns.bits |= row.valuedColumns.bits
        if pending.count == Self.rowsPerStatement { try flush() }
    }

    /// Writes every pending row.
    mutating func flush() throws {
        if pending.isEmpty { return }
        let columns = pendingColumns
        if pending.count == Self.rowsPerStatement {
            let many = try statement(rows: pending.count, columns: columns)
            let width = Int32(columns.count)
            for index in pending.indices {
                try pending[index].bind(to: many, from: 2 + Int32(index) * width, columns: columns)
            }
            try many.run()
        } else {
            let one = try statement(rows: 1, columns: columns)
            for row in pending {
                try row.bind(to: one, from: 2, columns: columns)
                try one.run()
            }
        }
        stored += pending.count
        storedColumns.bits |= columns.bits
        pending.removeAll(keepingCapacity: true)
        pendingColumns = ColumnSet(bits: 0)
        if connection.lastInsertRowID != firstRowID + Int64(stored) - 1 { rowIDsAsPredicted = false }
    }
}

/// Binds a row's values to consecutive parameters of a statement, column by column in the
/// order of ``StorableRow/columns``, skipping the columns the statement leaves out.
struct RowBinder {
    let statement: SQLiteStatement
    let columns: ColumnSet
    private var parameter: Int32
    private var column = 0
    /// The code of the first bind that failed, or `SQLITE_OK` (0).
    private var firstFailure: Int32 = 0

    init(_ statement: SQLiteStatement, from first: Int32, columns: ColumnSet) {
        self.statement = statement
        self.columns = columns
        parameter = first
    }

    @inline(__always) private mutating func next() -> Int32? {
        defer { column += 1 }
        guard columns.contains(column) else { return nil }
        defer { parameter += 1 }
        return parameter
    }

    @inline(__always) mutating func bind(_ value: Int64?) { if let p = next() { note(statement.bindCode(p, value)) } }
    @inline(__always) mutating func bind(_ value: Int?) { if let p = next() { note(statement.bindCode(p, value)) } }
    @inline(__always) mutating func bind(_ value: Bool?) { if let p = next() { note(statement.bindCode(p, value)) } }
    @inline(__always) mutating func bind(_ value: Double?) { if let p = next() { note(statement.bindCode(p, value)) } }
    @inline(__always) mutating func bind(_ value: String?) { if let p = next() { note(statement.bindCode(p, value)) } }

    @inline(__always) private mutating func note(_ code: Int32) {
        firstFailure = firstFailure != 0 ? firstFailure : code
    }

    /// Throws if any value failed to bind.
    func finish() throws { try statement.checkBindings(firstFailure) }
}

/// A trial with its participant, condition and attempt resolved.
struct TrialRow: TrialKeyedRow {
    var participant: Int64
    var condition: Int64
    var attempt: Int
    var values: TrialValues

    static let table = "trial"
    static let columns = [
        "participant_id", "condition_id", "block", "trial", "attempt", "target_x", "target_y",
        "target_width", "target_height", "start_x", "start_y", "touch_x", "touch_y", "time_ms",
        "hit", "errors", "line", "effective_amplitude", "deviation",
    ]

    var block: Int? { values.block }
    var trialNumber: Int? { values.trial }

    var valuedColumns: ColumnSet {
        let v = values
        return valuedTrialColumns.adding(4, if: true)
            .adding(5, if: v.targetX != nil).adding(6, if: v.targetY != nil)
            .adding(7, if: v.targetWidth != nil).adding(8, if: v.targetHeight != nil)
            .adding(9, if: v.startX != nil).adding(10, if: v.startY != nil)
            .adding(11, if: v.touchX != nil).adding(12, if: v.touchY != nil)
            .adding(13, if: v.timeMS != nil).adding(14, if: v.hit != nil).adding(15, if: v.errors != nil)
            .adding(16, if: true).adding(17, if: v.effectiveAmplitude != nil).adding(18, if: v.deviation != nil)
    }

    func bind(to s: SQLiteStatement, from p: Int32, columns: ColumnSet) throws {
        var binder = RowBinder(s, from: p, columns: columns)
        bindTrialColumns(&binder)
        let v = values
        binder.bind(attempt)
        binder.bind(v.targetX)
        binder.bind(v.targetY)
        binder.bind(v.targetWidth)
        binder.bind(v.targetHeight)
        binder.bind(v.startX)
        binder.bind(v.startY)
        binder.bind(v.touchX)
        binder.bind(v.touchY)
        binder.bind(v.timeMS)
        binder.bind(v.hit)
        binder.bind(v.errors)
        binder.bind(v.line)
        binder.bind(v.effectiveAmplitude)
        binder.bind(v.deviation)
        try binder.finish()
    }
}

/// A raw touch event with its participant and condition resolved.
struct TouchRow: TrialKeyedRow {
    var participant: Int64
    var condition: Int64
    var record: TouchRecord
    /// The trial row the touch belongs to, when known as it is stored.
    var trialID: Int64? = nil

    static let table = "touch"
    static let columns = [
        "participant_id", "condition_id", "block", "trial", "t_ms", "x", "y", "phase", "line", "trial_id",
    ]

    var block: Int? { record.block }
    var trialNumber: Int? { record.trial }

    var valuedColumns: ColumnSet {
        valuedTrialColumns.adding(4, if: true).adding(5, if: true).adding(6, if: true).adding(7, if: true)
            .adding(8, if: true).adding(9, if: trialID != nil)
    }

    func bind(to s: SQLiteStatement, from p: Int32, columns: ColumnSet) throws {
        var binder = RowBinder(s, from: p, columns: columns)
        bindTrialColumns(&binder)
        binder.bind(record.timeMS)
        binder.bind(record.x)
        binder.bind(record.y)
        binder.bind(record.phase.rawValue)
        binder.bind(record.line)
        binder.bind(trialID)
        try binder.finish()
    }
}
