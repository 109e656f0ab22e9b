extension Study {
    func scoreValues(instrument: String, resolved: ResolvedSelection, scheme: CellScheme) throws -> ParticipantCellValues {
        throw ThumbLabError.usage("x")
    }
}
