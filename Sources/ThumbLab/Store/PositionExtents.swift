/// The bounding boxes of the finite target and touch positions of one batch's trials, per
/// condition, gathered as the trials are written and stored in `position_extent` with the
/// batch.
struct PositionExtents {
    /// The finite points seen so far; empty (infinite bounds) before the first.
    struct Box: Equatable {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity

        var isEmpty: Bool { minX > maxX }

        /// Takes in the point when both coordinates are there and finite.
        @inline(__always) mutating func add(_ x: Double?, _ y: Double?) {
            guard let x, let y, x.isFinite, y.isFinite else { return }
            minX = Swift.min(minX, x)
            minY = Swift.min(minY, y)
            maxX = Swift.max(maxX, x)
            maxY = Swift.max(maxY, y)
        }
    }

    /// One condition's boxes.
    struct Entry {
        let condition: Int64
        var target = Box()
        var touch = Box()
    }

    private(set) var entries: [Entry] = []
    private var indexOfCondition: [Int64: Int] = [:]
    /// The entry of the condition of the last trial: trials mostly come in runs of one.
    private var last = -1

    /// Takes in a trial's positions under its condition.
    mutating func add(condition: Int64, _ values: TrialValues) {
        if last < 0 || entries[last].condition != condition {
            if let index = indexOfCondition[condition] {
                last = index
            } else {
                last = entries.count
                indexOfCondition[condition] = last
                entries.append(Entry(condition: condition))
            }
        }
        entries[last].target.add(values.targetX, values.targetY)
        entries[last].touch.add(values.touchX, values.touchY)
    }
}

extension StudyDatabase {
    /// Stores a batch's extents, one row per condition and position that has a finite point.
    /// Zero is stored without its sign, as SQLite reads a stored -0.0 back as 0.
    func recordPositionExtents(_ extents: PositionExtents, batchID: Int64) throws {
        let statement = try connection.prepare(
            """
            INSERT INTO position_extent (batch_id, condition_id, position, min_x, min_y, max_x, max_y)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        for entry in extents.entries {
            for (position, box) in [("target", entry.target), ("touch", entry.touch)] where !box.isEmpty {
                try statement.bind(1, batchID)
                try statement.bind(2, entry.condition)
                try statement.bind(3, position)
                try statement.bind(4, box.minX + 0)
                try statement.bind(5, box.minY + 0)
                try statement.bind(6, box.maxX + 0)
                try statement.bind(7, box.maxY + 0)
                try statement.run()
            }
        }
    }

    /// The union of the stored extents of `position` over the batches of study `studyID`
    /// that name no device, in the given conditions; `nil` when no such row exists (the
    /// batches were imported before the extents were kept, or hold no finite position).
    func storedPositionExtent(
        studyID: Int64, conditionIDs: [Int64], columns: PositionColumns
    ) throws -> PositionExtents.Box? {
        let statement = try connection.prepare(
            """
            SELECT count(*), min(e.min_x), min(e.min_y), max(e.max_x), max(e.max_y)
            FROM position_extent e JOIN batch b ON b.id = e.batch_id
            WHERE b.study_id = ?1 AND b.device_id IS NULL AND e.position = ?2
                AND e.condition_id IN (SELECT value FROM json_each(?3))
            """)
        try statement.bind(1, studyID)
        try statement.bind(2, columns == .target ? "target" : "touch")
        try statement.bind(3, Self.jsonArray(conditionIDs.map(String.init)))
        guard try statement.step(), statement.int(0) > 0 else { return nil }
        return PositionExtents.Box(
            minX: statement.double(1), minY: statement.double(2), maxX: statement.double(3),
            maxY: statement.double(4))
    }
}
