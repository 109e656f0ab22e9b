import ThumbLab
import ThumbLabStats

/// The trial selection every analysis command takes: `--study`, `--where`, `--exclude`
/// and `--attempts`, spelled and explained the same way everywhere.
enum SelectionOptions {
    static let study = Option<String?>(
        "--study", value: "name", help: "The study to analyse.", defaultDescription: "the database's only study")
    static let keep = Option<[LevelFilter]>(
        "--where", value: "factor=level[,level...]",
        help:
            "Keep only trials at these levels of a factor (or block), or in a range A..B of numeric levels; repeatable."
    )
    static let exclude = Option<[LevelFilter]>(
        "--exclude", value: "factor=level[,level...]",
        help:
            "Leave out trials at these levels (--exclude block=0 drops practice; trial=1-5 the first trials); repeatable."
    )

    /// `--attempts`, with the default the analysis states.
    static func attempts(default policy: AttemptPolicy) -> Option<AttemptPolicy> {
        Option(
            "--attempts", value: "which", default: policy,
            help: "Which attempts of a repeated trial count: its first, its last, or each as a trial.")
    }

    static let trials = Option<TimeTrials?>(
        "--trials", value: "which",
        help: "Time measures on every trial or on hit trials only; error rates always count every trial.",
        defaultDescription: "the study's plan, else all")
    static let outliers = Option<OutlierSetting?>(
        "--outliers", value: "rule",
        help: """
            Remove outlying times from the time measures, within each participant and condition: \
            sd:K, mad:K, iqr:K, range:LOW-HIGH (ms), or none.
            """,
        defaultDescription: "the study's plan, else none")
    static let outlierScale = Option<OutlierScale?>(
        "--outlier-scale", value: "scale",
        help: "Judge outliers on ln time (log) or on ms (raw); range is always in ms.",
        defaultDescription: "the study's plan, else log")

    /// The selection options, for a command's option list.
    static func all(attempts: Option<AttemptPolicy>) -> [any OptionDeclaration] {
        [study, keep, exclude, attempts, trials, outliers, outlierScale]
    }
}

extension OutlierSetting: ExpressibleByArgument {
    init?(argument: String) {
        guard let setting = try? OutlierSetting(parsing: argument) else { return nil }
        self = setting
    }

    var argumentText: String { description }

    static var expectation: String { OutlierRule.forms + ", or none" }

    /// The library's own words for a rule it cannot read, which name the accepted forms.
    static func invalidMessage(_ word: String, for label: String) -> String {
        do {
            _ = try OutlierRule(parsing: word)
            return "\(label) expects \(expectation), found '\(word)'."
        } catch {
            return "\(label): \(error)"
        }
    }
}

extension ParsedArguments {
    /// The selection the command line states, over the study's analysis plan: each
    /// option given overrides the plan's setting.
    func selection(attempts: Option<AttemptPolicy>, in study: Study) throws -> Selection {
        try study.plannedSelection(settings(attempts: attempts), defaultAttempts: self[attempts])
    }

    /// The selection settings the command line gives explicitly.
    func settings(attempts: Option<AttemptPolicy>) -> SelectionSettings {
        SelectionSettings(
            study: self[SelectionOptions.study],
            keep: contains(SelectionOptions.keep) ? self[SelectionOptions.keep] : nil,
            exclude: contains(SelectionOptions.exclude) ? self[SelectionOptions.exclude] : nil,
            attempts: contains(attempts) ? self[attempts] : nil,
            timeTrials: self[SelectionOptions.trials], outliers: self[SelectionOptions.outliers],
            outlierScale: self[SelectionOptions.outlierScale])
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
    static var expectation: String {
        "factor=level[,level...] or factor=A..B, such as technique=Shift,Direct or size=4..8"
    }
}

extension AttemptPolicy: ExpressibleByArgument {}
extension TimeTrials: ExpressibleByArgument {}
extension OutlierScale: ExpressibleByArgument {}
extension ComparisonTest: ExpressibleByArgument {}
extension Aggregate: ExpressibleByArgument {}
extension PValueAdjustment: ExpressibleByArgument {}
extension PostHocScope: ExpressibleByArgument {}
extension MixedModelDFMethod: ExpressibleByArgument {}
extension LogisticMixedModelCovariance: ExpressibleByArgument {}
extension RandomEffectsStructure: ExpressibleByArgument {}

extension Measure: ExpressibleByArgument {
    init?(argument: String) {
        guard let measure = try? Measure(parsing: argument) else { return nil }
        self = measure
    }

    var argumentText: String { description }
    static var expectation: String {
        "time, error, score:INSTRUMENT, item:NAME, log:NAME, a text-entry measure "
            + "(\(PhraseColumn.allCases.map(\.measureName).joined(separator: ", "))) or a trial column "
            + "(\(TrialColumn.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
}
