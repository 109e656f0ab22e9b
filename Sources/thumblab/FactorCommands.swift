import ThumbLab

/// `thumblab factor`: factors derived from the study's own.
enum FactorCommands {
    static let group = CommandSpec(
        name: "factor",
        abstract: "Derive factors from the study's factors, participant attributes or participants.",
        discussion: """
            A mapping table gives every trial new factors by the values of its key columns: \
            `location,handed,column,row` derives a screen column and row from a location and the hand. \
            The derivation is a batch of its own, listed by 'thumblab batches' and removed by 'thumblab undo'.
            """,
        examples: ["thumblab factor add --from mapping.csv"])

    static var node: CommandNode {
        CommandNode(group: group, children: [CommandNode(FactorAddCommand.self)])
    }
}

/// `thumblab factor add --from TABLE`.
enum FactorAddCommand: Command {
    static let from = Option<String?>(
        "--from", value: "table",
        help: "A CSV whose columns name keys (factors, participant attributes or participant) and new factors.")
    static let attribute = Option<String?>(
        "--attribute", value: "name",
        help: "A participant attribute (from a demographics import) to make a factor of the same name.")

    static let spec = CommandSpec(
        name: "add",
        abstract:
            "Give every trial of the study the new factors of a mapping table, or a participant attribute as a factor.",
        discussion: """
            Columns naming a factor, a participant attribute or the participant are keys; the others are new \
            factors, one row per key. Every key the study's rows have needs a row (exit 65 lists those \
            missing, and nothing changes). Rows whose conditions lack a key factor are left as they are. \
            With --attribute, the attribute becomes a between-subjects factor. Logs imported later do not get \
            the factors: undo the batch and add it again. Details: the Importing article, "Derived factors".
            """,
        options: [from, attribute, SelectionOptions.study, SharedOptions.textOrJSON, SharedOptions.database],
        examples: [
            "thumblab factor add --from location-to-column-row.csv",
            "thumblab factor add --from groups.csv --study pilot",
            "thumblab factor add --attribute handedness",
        ],
        invalidInputNote: "Nothing was changed. Fix the table and run 'thumblab factor add' again.")

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let database = try arguments.openDatabase(console: console, mustExist: true)
        let study = try arguments[SelectionOptions.study] ?? database.onlyStudy()
        let summary: DerivedFactorsSummary
        switch (arguments[Self.from], arguments[Self.attribute]) {
        case (let table?, nil): summary = try database.addFactors(FactorMapping(path: table), study: study)
        case (nil, let name?): summary = try database.addFactor(fromAttribute: name, study: study)
        default: throw CLIError.usage("Give one of --from TABLE and --attribute NAME.")
        }
        switch arguments[SharedOptions.textOrJSON] {
        case .json: console.print(DerivedFactorsText.json(summary))
        default:
            console.out(
                DerivedFactorsText.text(summary) + SummaryLine.row("undo", "thumblab undo \(summary.batch.id)") + "\n")
        }
    }
}
