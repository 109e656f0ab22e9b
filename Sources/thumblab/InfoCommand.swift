import ThumbLab

/// `thumblab info`: what the study database holds.
enum InfoCommand: Command {
    static let spec = CommandSpec(
        name: "info",
        abstract: "Show what the study database holds: counts of rows, studies, factors and their levels.",
        discussion: "The JSON form has the integer counts studies, participants, trials, touches, responses, batches and rejected, and factors as {study: {factor: [levels]}}.",
        options: [SharedOptions.format([.text, .json]), SharedOptions.database],
        examples: ["thumblab info", "thumblab info --format json --db studies/pilot.sqlite"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let info = try arguments.openDatabase(console: console, mustExist: true).info()
        switch arguments.format {
        case .json: console.print(InfoReport.json(info))
        default: console.out(InfoReport.text(info, heading: console.heading))
        }
    }
}
