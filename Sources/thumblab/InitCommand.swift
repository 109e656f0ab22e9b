import Foundation
import ThumbLab

/// `thumblab init`: creates the study database, or brings an existing one up to date.
enum InitCommand: Command {

    static let spec = CommandSpec(
        name: "init",
        abstract: "Create the study database, or bring an existing one up to the current schema.",
        discussion:
            "Any command that writes creates the database when it is missing, so init is optional; it is a way to choose where the database lives before the first import.",
        options: [SharedOptions.textOrJSON, SharedOptions.database],
        examples: [
            "thumblab init",
            "thumblab init --db studies/pilot.sqlite",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let path = arguments.databasePath(console: console)
        let existed = FileManager.default.fileExists(atPath: path)
        let database = try StudyDatabase(path: path)
        switch arguments[SharedOptions.textOrJSON] {
        case .json:
            console.print(
                .object([
                    ("path", .string(path)), ("created", .bool(!existed)),
                    ("schema_version", .int(try database.schemaVersion())),
                ]))
        default:
            console.out(
                existed
                    ? "Study database \(path) is ready (it already existed).\n" : "Created study database \(path).\n")
        }
    }
}
