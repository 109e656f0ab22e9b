/// A row the batch writer stores in bulk: its table, its columns after `batch_id`, and
/// how to bind its values to consecutive parameters.
protocol StorableRow {
    static var table: String { get }
    /// Column names after `batch_id`, in binding order.
    static var columns: [String] { get }
    /// Binds the values of ``columns`` to parameters `first`, `first + 1`, ...
    func bind(to statement: SQLiteStatement, from first: Int32) throws
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

    /// Binds participant, condition, block and trial to parameters `first` ... `first + 3`.
    func bindTrialColumns(to statement: SQLiteStatement, from first: Int32) throws {
        try statement.bind(first, participant)
        try statement.bind(first + 1, condition)
        try statement.bind(first + 2, block)
        try statement.bind(first + 3, trialNumber)
    }
}

/// Inserts rows of one table through a multi-row `INSERT ... VALUES (...), (...), ...`
/// (https://sqlite.org/lang_insert.html), which halves SQLite's work per row compared
/// with one statement execution per row. Rows wait in a small buffer of plain values until
/// a statement's worth has arrived; ``flush()`` writes the rest one by one.
struct RowInserter<Row: StorableRow> {
    /// Rows per statement: 32 x 18 parameters stays far below SQLite's limit of 32,766.
    static var rowsPerStatement: Int { 32 }

    private let connection: SQLiteConnection
    private let many: SQLiteStatement
    private let one: SQLiteStatement
    private var pending: [Row] = []
    /// Rows written to the database so far; the pending ones come after.
    private(set) var stored = 0
    /// The rowid the first row gets; row *i* gets `firstRowID + i`.
    let firstRowID: Int64
    /// False once a row did not get the rowid predicted for it.
    private(set) var rowIDsAsPredicted = true

    /// - Parameter firstRowID: the rowid the table gives the first row (one past its
    ///   largest), from which every later row's id follows while the transaction is open.
    init(connection: SQLiteConnection, batchID: Int64, firstRowID: Int64) throws {
        self.connection = connection
        self.firstRowID = firstRowID
        many = try connection.prepare(Self.insert(rows: Self.rowsPerStatement))
        one = try connection.prepare(Self.insert(rows: 1))
        try many.bind(1, batchID)
        try one.bind(1, batchID)
        pending.reserveCapacity(Self.rowsPerStatement)
    }

    /// `INSERT INTO table (batch_id, ...) VALUES (?1, ?2, ...), (?1, ...)`: every row
    /// shares `?1`, the batch id.
    private static func insert(rows: Int) -> String {
        let width = Row.columns.count
        let tuples = (0..<rows).map { row in
            let parameters = (0..<width).map { "?\(2 + row * width + $0)" }
            return "(?1, " + parameters.joined(separator: ", ") + ")"
        }
        return "INSERT INTO \(Row.table) (batch_id, \(Row.columns.joined(separator: ", "))) VALUES "
            + tuples.joined(separator: ", ")
    }

    /// Rows added, stored or pending.
    var count: Int { stored + pending.count }

    mutating func add(_ row: Row) throws {
        pending.append(row)
        if pending.count == Self.rowsPerStatement { try flush() }
    }

    /// Writes every pending row.
    mutating func flush() throws {
        if pending.isEmpty { return }
        if pending.count == Self.rowsPerStatement {
            let width = Int32(Row.columns.count)
            for (index, row) in pending.enumerated() {
                try row.bind(to: many, from: 2 + Int32(index) * width)
            }
            try many.run()
        } else {
            for row in pending {
                try row.bind(to: one, from: 2)
                try one.run()
            }
        }
        stored += pending.count
        pending.removeAll(keepingCapacity: true)
        if connection.lastInsertRowID != firstRowID + Int64(stored) - 1 { rowIDsAsPredicted = false }
    }
}

/// A trial with its participant, condition and attempt resolved.
struct TrialRow: TrialKeyedRow {
    var participant: Int64
    var condition: Int64
    var attempt: Int
    var record: TrialRecord

    static let table = "trial"
    static let columns = [
        "participant_id", "condition_id", "block", "trial", "attempt", "target_x", "target_y",
        "target_width", "target_height", "start_x", "start_y", "touch_x", "touch_y", "time_ms",
        "hit", "errors", "line", "effective_amplitude", "deviation",
    ]

    var block: Int? { record.block }
    var trialNumber: Int? { record.trial }

    func bind(to s: SQLiteStatement, from p: Int32) throws {
        try bindTrialColumns(to: s, from: p)
        try s.bind(p + 4, attempt)
        try s.bind(p + 5, record.targetX)
        try s.bind(p + 6, record.targetY)
        try s.bind(p + 7, record.targetWidth)
        try s.bind(p + 8, record.targetHeight)
        try s.bind(p + 9, record.startX)
        try s.bind(p + 10, record.startY)
        try s.bind(p + 11, record.touchX)
        try s.bind(p + 12, record.touchY)
        try s.bind(p + 13, record.timeMS)
        try s.bind(p + 14, record.hit)
        try s.bind(p + 15, record.errors)
        try s.bind(p + 16, record.line)
        try s.bind(p + 17, record.effectiveAmplitude)
        try s.bind(p + 18, record.deviation)
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

    func bind(to s: SQLiteStatement, from p: Int32) throws {
        try bindTrialColumns(to: s, from: p)
        try s.bind(p + 4, record.timeMS)
        try s.bind(p + 5, record.x)
        try s.bind(p + 6, record.y)
        try s.bind(p + 7, record.phase.rawValue)
        try s.bind(p + 8, record.line)
        try s.bind(p + 9, trialID)
    }
}
