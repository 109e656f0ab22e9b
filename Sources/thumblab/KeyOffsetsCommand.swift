import ThumbLab

/// `thumblab key-offsets`: where a text-entry study's key presses land relative to the
/// keys' centres, per condition and key.
enum KeyOffsetsCommand: Command {
    static let attempts = SelectionOptions.attempts(default: .first)

    static let spec = CommandSpec(
        name: "key-offsets",
        abstract: "Key-press offsets of a text-entry study: where taps land on each key, per condition.",
        discussion: """
            For each condition and key, the mean and SD of the touch point's offset from the key's \
            centre, over the taps that phrase logs give with their touch points (JSON key events \
            with x and y) and a key centre (key_x, key_y, or import --keyboard). The figure draws each \
            condition's keyboard with its mean offsets as arrows, as the reach heatmaps draw theirs. \
            Takes the analyses' selection options; the cleaning options judge times, not places.
            """,
        options: SelectionOptions.all(attempts: attempts) + SharedOptions.figureOutput,
        examples: [
            "thumblab key-offsets",
            "thumblab key-offsets --where posture=thumb --format csv",
            "thumblab key-offsets --out offsets.svg",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.figureResultFormat()
        let report = try arguments.analyse(attempts: Self.attempts, console: console) { study, selection in
            try study.keyOffsets(selection: selection)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { KeyOffsetTables.json(report) },
            tables: {
                $0 == .csv
                    ? KeyOffsetTables.keys(report, decimals: nil).rendered(as: .csv)
                    : KeyOffsetTables.tables(report).rendered(as: $0)
            },
            figure: { try KeyOffsetTables.figure(report).figure(size: $0) })
    }
}
