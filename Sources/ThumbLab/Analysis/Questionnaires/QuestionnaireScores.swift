import ThumbLabStats

/// The scores of one instrument: one score per participant and cell, the cells'
/// descriptives, the sheets that could not be scored and why, and for Likert item sets
/// the summary of each item. Computed by
/// ``compute(responses:layout:instrument:by:)``; printed by ``ScoresTables``.
public struct QuestionnaireScores: Sendable, Equatable {
    /// The instrument scored.
    public var instrument: Instrument
    /// The factors that define a cell (`by`), in the order given.
    public var factors: [String]
    /// One score per participant and cell, by participant (natural order) then cell.
    public var participants: [ParticipantScore]
    /// The cells in the order of the study's levels, including cells whose every sheet
    /// was excluded (n = 0).
    public var cells: [ScoreCell]
    /// The sheets left out, in the order of their first line.
    public var excluded: [ScoreExclusion]
    /// Likert item sets only: each item's median, IQR and distribution per cell.
    public var items: [LikertItemSummary]
    /// The scoring rule, the cell statistics and the pooling policy, each a fact of the
    /// Methods, with citations.
    public var methodFacts: [MethodsFact]
    /// ``methodFacts`` in words.
    public var method: String { MethodsFact.text(methodFacts) }
    /// The sheets read (one participant in one condition), scored or not.
    public var sheets: Int
    /// How factors and levels are shown in its tables.
    public var names = DisplayNames()

    /// The score of a participant (by label) in the cell with these levels (in
    /// ``factors`` order), if there is one.
    public func score(participant: String, levels: [String]) -> ParticipantScore? {
        participants.first { $0.participant == participant && $0.levels.map(\.level) == levels }
    }
}

/// One factor's level in a cell.
public struct CellLevel: Sendable, Hashable {
    /// The factor's name.
    public var factor: String
    /// The level, as the data spell it.
    public var level: String

    /// The level `level` of `factor`.
    public init(factor: String, level: String) {
        self.factor = factor
        self.level = level
    }
}

/// A named sub-score of a sheet: `learnability` and `usability` for SUS; `weighted` and
/// each dimension's rating for NASA-TLX; `sus_equivalent` for UMUX-Lite.
public struct Subscore: Sendable, Equatable {
    /// The sub-score's name, such as `learnability` or `mental`.
    public var name: String
    /// The sub-score, on the instrument's scale (0 to 100 for SUS and NASA-TLX).
    public var value: Double

    /// The sub-score `name` with `value`.
    public init(name: String, value: Double) {
        self.name = name
        self.value = value
    }
}

/// A participant's score in one cell. When the cell pools several of the participant's
/// conditions (``sheets`` > 1), the score and each sub-score are the means over those
/// sheets.
public struct ParticipantScore: Sendable, Equatable {
    /// The participant's label.
    public var participant: String
    /// The participant's row id in the database.
    public var participantID: Int64
    /// The cell's level of each factor of ``QuestionnaireScores/factors``.
    public var levels: [CellLevel]
    /// The conditions whose sheets entered the score, ascending: a comparison maps the
    /// score to its own cells through these ids or through ``levels``.
    public var conditionIDs: [Int64]
    /// The number of sheets averaged (one per condition in ``conditionIDs``).
    public var sheets: Int
    /// The score on the instrument's scale: 0 to 100 for SUS, NASA-TLX (raw) and UMUX-Lite,
    /// 1 to 7 for SEQ, the mean answer for a Likert set.
    public var score: Double
    /// Sub-scores present in at least one of the sheets, each averaged over the sheets
    /// that have it.
    public var subscores: [Subscore]
    /// SUS only: the score's percentile rank (``SUSScoring/percentile(_:)``).
    public var percentile: Double?
    /// SUS only: the score's grade on the Sauro-Lewis curved grading scale.
    public var grade: SUSGrade?

    /// The value of the sub-score named `name`, if the participant has it.
    public func subscore(_ name: String) -> Double? {
        subscores.first { $0.name == name }?.value
    }
}

/// The descriptives of one cell over one score per participant: mean, SD (n − 1),
/// median (type 7) and the 95% t interval of the mean (Student 1908). Figures that need
/// two scores are NaN (printed as null) for one, and every figure is NaN for none.
public struct ScoreCell: Sendable, Equatable {
    /// The cell's level of each factor of ``QuestionnaireScores/factors``.
    public var levels: [CellLevel]
    /// Participants with a score in the cell.
    public var n: Int
    /// Mean of the participants' scores.
    public var mean: Double
    /// Standard deviation (n − 1) of the scores; NaN for one score.
    public var sd: Double
    /// Median of the scores (type 7).
    public var median: Double
    /// Lower limit of the 95% t interval of the mean; NaN for one score.
    public var ciLow: Double
    /// Upper limit of the 95% t interval of the mean; NaN for one score.
    public var ciHigh: Double
    /// SUS only: the grade of the unrounded mean on the Sauro-Lewis curved grading scale.
    public var grade: SUSGrade?
    /// SUS only: the percentile rank of the mean (``SUSScoring/percentile(_:)``).
    public var percentile: Double?
    /// The same descriptives for each sub-score, over the participants that have it.
    public var subscales: [SubscaleSummary]
}

/// A sub-score's descriptives in one cell, as ``ScoreCell``'s.
public struct SubscaleSummary: Sendable, Equatable {
    /// The sub-score's name.
    public var name: String
    /// Participants with the sub-score in the cell.
    public var n: Int
    /// Mean of the participants' sub-scores.
    public var mean: Double
    /// Standard deviation (n − 1); NaN for one value.
    public var sd: Double
    /// Median (type 7).
    public var median: Double
    /// Lower limit of the 95% t interval of the mean; NaN for one value.
    public var ciLow: Double
    /// Upper limit of the 95% t interval of the mean; NaN for one value.
    public var ciHigh: Double
}

/// A sheet (one participant in one condition) that could not be scored, and why.
public struct ScoreExclusion: Sendable, Equatable {
    /// The participant's label.
    public var participant: String
    /// The participant's row id in the database.
    public var participantID: Int64
    /// The row id of the sheet's condition in the database.
    public var conditionID: Int64
    /// The condition's level of each factor of ``QuestionnaireScores/factors`` that it
    /// names.
    public var levels: [CellLevel]
    /// Every problem found, each naming the item, the value and the line, joined by `; `.
    public var reason: String
}
