import Foundation
import ThumbLab

/// `thumblab demo`: the main job on the bundled study, from any directory.
enum DemoCommand: Command {
    static let out = Option<String>(
        "--out", value: "folder", default: "thumblab-demo", help: "Where the database and the report go.")
    static let dataset = Option<String?>(
        "--dataset", value: "folder", help: "The bundled thumbspace-vs-shift folder.",
        defaultDescription: "$THUMBLAB_DATASETS, else found beside the executable")

    static let spec = CommandSpec(
        name: "demo",
        abstract: "Import the bundled ThumbSpace-vs-Shift study and write its report.",
        discussion: """
            Imports the bundled, simulated study (Datasets/thumbspace-vs-shift: trial log, touch \
            log, SUS and satisfaction answers) into a fresh study.sqlite in the folder, writes \
            the report of the main blocks beside it (report.md, report.json, report.html, tables/*.csv, and \
            latex/report.tex with its tables and PDF figures) and \
            prints the headline results. An earlier demo database in the folder is replaced.
            """,
        options: [out, dataset],
        examples: ["thumblab demo", "thumblab demo --out /tmp/demo"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let folder = try arguments[Self.dataset] ?? bundledDataset(environment: console.environment)
        let outcome = try Demo.run(dataset: folder, into: arguments[Self.out])
        let report = outcome.report
        var lines = [
            "Imported \(outcome.imports.map { "\($0.rows) \($0.kind.rawValue)" }.joined(separator: ", ")) "
                + "into \(outcome.database).",
            "Report of \(report.selection.sentence):",
        ]
        let out = arguments[Self.out]
        let latex = out.hasSuffix("/") ? out + "latex" : out + "/latex"
        let parts = outcome.written.filter { $0.hasPrefix(latex + "/tables/") || $0.hasPrefix(latex + "/figures/") }
        lines += outcome.written.filter { !$0.hasSuffix(".csv") && !parts.contains($0) }.map { "  \($0)" }
        lines.append(
            "  \(outcome.written.filter { $0.hasSuffix(".csv") }.count) CSV tables in \(arguments[Self.out])/tables")
        lines.append(
            "  \(parts.filter { $0.hasSuffix(".tex") }.count) LaTeX tables and "
                + "\(parts.filter { $0.hasSuffix(".pdf") && !$0.hasSuffix("-column.pdf") }.count) PDF figures "
                + "(each for the page and for a column) in \(latex)")
        lines.append("")
        lines.append("Headline results:")
        lines += outcome.headlines.map { "  \($0)" }
        lines.append("")
        lines.append("Next: thumblab compare --factor technique --exclude block=0 --db \(outcome.database)")
        console.out(lines.joined(separator: "\n") + "\n")
    }

    /// The bundled study's folder: `THUMBLAB_DATASETS`, else `Datasets/thumbspace-vs-shift`
    /// (or `share/thumblab/Datasets/...`) in the executable's folder or one above it, else
    /// in the package the executable was built from.
    static func bundledDataset(environment: [String: String]) throws -> String {
        let name = "thumbspace-vs-shift"
        if let root = environment["THUMBLAB_DATASETS"], !root.isEmpty {
            return URL(fileURLWithPath: root).appendingPathComponent(name).path
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // Beside the executable (an install, or a build inside the package), then in the
        // package the executable was built from (a build with another --scratch-path).
        let starts = [
            executable.deletingLastPathComponent(), URL(fileURLWithPath: #filePath).deletingLastPathComponent(),
        ]
        for start in starts {
            var folder = start
            while folder.path != "/" {
                for candidate in ["Datasets", "share/thumblab/Datasets"] {
                    let path = folder.appendingPathComponent(candidate).appendingPathComponent(name)
                    if FileManager.default.fileExists(atPath: path.appendingPathComponent("trials.csv").path) {
                        return path.path
                    }
                }
                folder.deleteLastPathComponent()
            }
        }
        throw CLIError.usage(
            "cannot find the bundled dataset beside \(executable.path); give its folder with --dataset "
                + "or set THUMBLAB_DATASETS to the folder that holds \(name)/")
    }
}
