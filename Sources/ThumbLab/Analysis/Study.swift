import Foundation

/// A study database opened for analysis: the entry point of research scripts. Every
/// `thumblab` analysis command is one method here, `study.<analysis>(request or
/// arguments, selection:)`, which returns a `Sendable` report conforming to
/// ``AnalysisReport``: its figures as properties, the selection it resolved, the tables
/// and JSON the command prints, and its methods in words. ``Selection`` chooses the trials
/// by study, kept and excluded levels and attempts.
///
/// ```swift
/// import ThumbLab
///
/// let study = try Study(path: "thumblab-demo/study.sqlite")
/// let selection = Selection(exclude: [LevelFilter(factor: "block", levels: ["0"])])
/// let time = try study.compare(ComparisonRequest(measure: .time, factors: ["technique"]), selection: selection)
/// print(time.sentences.joined(separator: "\n"))
/// ```
public struct Study {
    /// The database the study is read from.
    public let database: StudyDatabase

    /// The number of trials from which a pass over them is read in two halves on two
    /// threads (``StudyDatabase/readSplit(_:minimumTrials:start:read:merge:)``).
    static let trialsForTwoReaders = 1 << 20

    /// ``trialsForTwoReaders`` for this study's passes; tests lower it to split small studies.
    var twoReadersFrom = Study.trialsForTwoReaders

    /// Opens an existing study database.
    /// - Throws: ``ThumbLabError/fileNotFound(path:)`` when there is no file at `path`.
    public init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw ThumbLabError.fileNotFound(path: path) }
        database = try StudyDatabase(path: path)
    }

    /// Reads from an open database.
    public init(database: StudyDatabase) {
        self.database = database
    }

    /// As ``resolve(_:)``, for an analysis of `measure`: a `log:` number or a phrase measure is
    /// read with each trial, and the cleaning steps judge the measure's values (time's for
    /// the measures not cleaned per trial).
    /// - Throws: also ``ThumbLabError/parameter(_:)`` when no log of the study kept that
    ///   number, or no phrase of the study has that measure.
    func resolve(_ selection: Selection, measuring measure: Measure) throws -> ResolvedSelection {
        var resolved = try resolveFilters(selection)
        if let name = measure.loggedName {
            try requireLoggedValue(name, study: resolved.layout.study)
            resolved.loggedValue = name
        }
        if case .phrase(let column) = measure {
            let counts = try database.phraseCounts(column, study: resolved.layout.study)
            guard counts.withValue > 0 else {
                throw ThumbLabError.parameter(
                    .phraseMeasureUnavailable(measure: measure.description, phrases: counts.phrases))
            }
            resolved.phraseColumn = column
        }
        if let (filter, summary) = try TimeCleaning.run(resolved, measure: measure, database: database) {
            resolved.timeFilter = filter
            resolved.cleaning = summary
        }
        return resolved
    }

    /// - Throws: ``ThumbLabError/parameter(_:)``, listing the numbers kept, when no log of
    ///   the study kept numbers named `name` per trial.
    func requireLoggedValue(_ name: String, study: String) throws {
        guard try !database.keptLoggedValue(name, study: study) else { return }
        throw ThumbLabError.parameter(
            .unknownLoggedValue(name: name, known: try database.loggedValueNames(study: study)))
    }

    /// The selection checked against the study it names (or the database's only study),
    /// with the fences of its outlier rule computed in one pass over its trials.
    /// - Throws: ``ThumbLabError/study(_:)`` when `selection` names no study and the
    ///   database holds none or several, or an unknown one; ``ThumbLabError/selection(_:)``
    ///   for an unknown factor, level or block.
    public func resolve(_ selection: Selection) throws -> ResolvedSelection {
        try resolve(selection, measuring: .time)
    }

    /// The selection checked against its study, without the cleaning steps.
    private func resolveFilters(_ selection: Selection) throws -> ResolvedSelection {
        let name = try selection.study ?? database.onlyStudy()
        // Listing the blocks scans every trial: only block filters need them.
        let filtersBlocks = (selection.keep + selection.exclude).contains { $0.factor == "block" }
        var resolved = try ResolvedSelection(selection, layout: database.layout(study: name, withBlocks: filtersBlocks))
        for filter in resolved.valueFilters {
            guard case .logged(let column) = filter.column, try !database.keptLoggedValue(column, study: name) else {
                continue
            }
            throw ThumbLabError.selection(
                .unknownFactor(
                    name: column, study: name, known: resolved.layout.factors.map(\.name), blockAllowed: true))
        }
        resolved.names = try database.storedLabels(study: name)
        return resolved
    }
}
