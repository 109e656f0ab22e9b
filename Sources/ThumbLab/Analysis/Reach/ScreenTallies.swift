/// Per screen cell figures of one device's trials, one map per cell of a ``CellScheme``,
/// with each participant's share: what heatmaps, difference maps and reach zones are
/// made of.
struct ScreenTallies {
    let grid: ScreenGrid
    let maps: Int
    /// `cells[map * grid.cellCount + cell]`.
    var cells: [CellTally]
    /// Participants numbered in the order they first appear.
    private var participantNumbers = FirstAppearanceNumbers<Int64>()
    /// Participants in the order they first appear.
    var participantIDs: [Int64] { participantNumbers.values }
    /// `participantCells[participant * maps * grid.cellCount + map * grid.cellCount + cell]`.
    var participantCells: [ParticipantTally] = []
    /// Trials placed in a cell, without the position used, and off the grid.
    var placed = 0
    var withoutPosition = 0
    var outside = 0

    init(grid: ScreenGrid, maps: Int) {
        self.grid = grid
        self.maps = maps
        cells = Array(repeating: CellTally(), count: maps * grid.cellCount)
    }

    /// Places a trial by `position` in map `map`.
    mutating func add(_ trial: StoredTrial, map: Int, position: HeatmapPosition) {
        let point = position.point(of: trial)
        guard let x = point.x, let y = point.y else {
            withoutPosition += 1
            return
        }
        guard let cell = grid.cell(x: x, y: y) else {
            outside += 1
            return
        }
        placed += 1
        let slot = map * grid.cellCount + cell
        let tallied = TalliedTrial(trial)
        cells[slot].add(tallied)
        let participant = participantNumbers.number(of: trial.participantID)
        if participant.isNew {
            participantCells.append(contentsOf: repeatElement(ParticipantTally(), count: maps * grid.cellCount))
        }
        participantCells[participant.number * maps * grid.cellCount + slot].add(tallied)
    }

    /// Adds the trials `other` placed on the same grid and maps, read after this one's:
    /// participants keep the order in which they first appear over both.
    mutating func merge(_ other: ScreenTallies) {
        precondition(other.grid == grid && other.maps == maps, "tallies of different grids merged")
        for index in cells.indices { cells[index].merge(other.cells[index]) }
        let stride = maps * grid.cellCount
        for (index, id) in other.participantIDs.enumerated() {
            let participant = participantNumbers.number(of: id)
            if participant.isNew {
                participantCells.append(contentsOf: repeatElement(ParticipantTally(), count: stride))
            }
            for slot in 0..<stride {
                participantCells[participant.number * stride + slot].merge(
                    other.participantCells[index * stride + slot])
            }
        }
        placed += other.placed
        withoutPosition += other.withoutPosition
        outside += other.outside
    }

    /// Each participant's tally of a map's cell, for participants with a trial there.
    func participants(map: Int, cell: Int) -> [(id: Int64, tally: ParticipantTally)] {
        let stride = maps * grid.cellCount
        let slot = map * grid.cellCount + cell
        let ids = participantIDs
        return ids.indices.compactMap { index in
            let tally = participantCells[index * stride + slot]
            return tally.trials > 0 ? (ids[index], tally) : nil
        }
    }

    /// Participants with a placed trial in the map.
    func participantCount(map: Int) -> Int {
        let stride = maps * grid.cellCount
        return participantIDs.indices.filter { index in
            (0..<grid.cellCount).contains { participantCells[index * stride + map * grid.cellCount + $0].trials > 0 }
        }.count
    }
}
