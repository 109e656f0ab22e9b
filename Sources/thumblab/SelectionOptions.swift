import ThumbLab
import ThumbLabStats

/// The trial selection every analysis command takes: `--study`, `--where`, `--exclude`
/// and `--attempts`, spelled and explained the same way everywhere.
enum SelectionOptions {
    static let study = Option<String?>(
        "--study", value: "name", help: "The study to analyse.", defaultDescription: "the database's only study")
    static let keep = Option<[LevelFilter]>(
        "--where", value: "factor=level[,level...]",
        help: "Keep only trials at these levels of a factor (or block); repeatable.")
    static let exclude = Option<[LevelFilter]>(
        "--exclude", value: "factor=level[,level...]",
        help: "Leave out trials at these levels (--exclude block=0 drops practice); repeatable.")

    /// `--attempts`, with the default the analysis states.
    static func attempts(default policy: AttemptPolicy) -> Option<AttemptPolicy> {
        Option(
            "--attempts", value: "which", default: policy,
            help: "Which attempts of a repeated trial count: its first, its last, or each as a trial.")
    }

    /// The selection options, for a command's option list.
    static func all(attempts: Option<AttemptPolicy>) -> [any OptionDeclaration] {
        [study, keep, exclude, attempts]
    }
}

extension ParsedArguments {
    /// The selection the command line states.
    func selection(attempts: Option<AttemptPolicy>) -> Selection {
        Selection(
            study: self[SelectionOptions.study], keep: self[SelectionOptions.keep],
            exclude: self[SelectionOptions.exclude], attempts: self[attempts])
    }

    /// The study the command line names, opened for analysis.
    func openStudy(console: Console) throws -> Study {
        Study(database: try openDatabase(console: console, mustExist: true))
    }
}

extension LevelFilter: ExpressibleByArgument {
    init?(argument: String) {
        guard let filter = try? LevelFilter(parsing: argument) else { return nil }
        self = filter
    }

    var argumentText: String { description }
    static var expectation: String { "factor=level[,level...], such as technique=Shift,Direct" }
}

extension AttemptPolicy: ExpressibleByArgument {}
extension ComparisonTest: ExpressibleByArgument {}
extension Aggregate: ExpressibleByArgument {}
extension PValueAdjustment: ExpressibleByArgument {}
extension MixedModelDFMethod: ExpressibleByArgument {}

extension Measure: ExpressibleByArgument {
    init?(argument: String) {
        guard let measure = try? Measure(parsing: argument) else { return nil }
        self = measure
    }

    var argumentText: String { description }
    static var expectation: String {
        "time, error, score:INSTRUMENT or a trial column (\(TrialColumn.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
}
