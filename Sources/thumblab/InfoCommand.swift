import ThumbLab

/// `thumblab info`: what the study database holds.
enum InfoCommand: Command {
    static let spec = CommandSpec(
        name: "info",
        abstract: "Show what the study database holds: counts of rows, studies, factors and their levels.",
        discussion:
            "The JSON form has the integer counts studies, participants, trials, touches, responses, batches and rejected, and factors as {study: {factor: [levels]}}.",
        options: [SharedOptions.format(formats), SharedOptions.out(formats), SharedOptions.database],
        examples: [
            "thumblab info", "thumblab info --format json --db studies/pilot.sqlite", "thumblab info --out info.json",
        ])

    static let formats: [OutputFormat] = [.text, .json]

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let format = try arguments.resultFormat(allowed: formats)
        let info = try arguments.openDatabase(console: console, mustExist: true).info()
        let out = arguments.value("out")
        let text =
            switch format {
            case .json: InfoReport.json(info).rendered() + "\n"
            default: out == nil ? InfoReport.text(info, heading: console.heading) : InfoReport.text(info)
            }
        try console.deliver(text, to: out)
    }
}
