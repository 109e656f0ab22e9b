import ThumbLab

/// `thumblab info`: what the study database holds.
enum InfoCommand: Command {
    static let out = SharedOptions.out([.text, .json])

    static let spec = CommandSpec(
        name: "info",
        abstract: "Show what the study database holds: counts of rows, studies, factors and their levels.",
        discussion:
            "The JSON form has the integer counts studies, participants, trials, touches, responses, batches and rejected, and factors as {study: {factor: [levels]}}.",
        options: [SharedOptions.textOrJSON, out, SharedOptions.database],
        examples: [
            "thumblab info", "thumblab info --format json --db studies/pilot.sqlite", "thumblab info --out info.json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.resultFormat(SharedOptions.textOrJSON, out: Self.out)
        let info = try arguments.openDatabase(console: console, mustExist: true).info()
        let path = arguments[Self.out]
        let text =
            switch chosen {
            case .json: InfoReport.json(info).rendered() + "\n"
            default:
                (path == nil ? InfoReport.text(info, heading: console.heading) : InfoReport.text(info))
                    + (info.studyFactors.isEmpty ? "\nNo studies yet: 'thumblab import FILE' adds one.\n" : "")
            }
        try console.deliver(text, to: path)
    }
}
