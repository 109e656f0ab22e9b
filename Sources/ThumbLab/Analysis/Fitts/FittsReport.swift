import ThumbLabStats

/// One sequence of one participant in one condition, with its measures.
public struct FittsSequenceRow: Sendable, Equatable {
    /// The participant's label.
    public var participant: String
    /// The levels of the study's factors (``FittsReport/factors``), in order.
    public var levels: [String]
    /// The block the sequence ran in, if the log records blocks.
    public var block: Int?
    /// The sequence's Fitts measures, as GoFitts' sd2 file has them.
    public var measures: FittsSequenceMeasures

    /// A row of measures computed already.
    package init(participant: String, levels: [String], block: Int?, measures: FittsSequenceMeasures) {
        self.participant = participant
        self.levels = levels
        self.block = block
        self.measures = measures
    }
}

/// A mean over participants with its spread and 95% t interval.
public struct FittsMean: Sendable, Equatable {
    /// Participants the mean is over.
    public var n: Int
    /// The mean of the participants' means.
    public var mean: Double
    /// Standard deviation across participants (n − 1); NaN for one participant.
    public var sd: Double
    /// Lower limit of the 95% t interval of the mean; NaN for one participant.
    public var ciLow: Double
    /// Upper limit of the 95% t interval of the mean; NaN for one participant.
    public var ciHigh: Double
}

/// The measures of one cell (a combination of the `by` factors' levels): each the mean
/// of the participants' means of their sequences.
public struct FittsCell: Sendable, Equatable {
    /// The levels of ``FittsReport/by``, in order.
    public var levels: [String]
    /// Sequences in the cell.
    public var sequences: Int
    /// Participants with at least one sequence in the cell.
    public var participants: Int
    /// Throughput TP = IDe / MT in bits/s, mean of means (ISO 9241-411).
    public var throughput: FittsMean
    /// Movement time MT in ms, mean of means.
    public var timeMS: FittsMean
    /// Error rate in percent of a sequence's trials, mean of means.
    public var errorPercent: FittsMean
    /// Effective index of difficulty IDe in bits, mean of means.
    public var effectiveIndexOfDifficulty: FittsMean
    /// One point per A × W, in order of A then W.
    public var points: [FittsPoint]
    /// MT = a + b · IDe over the cell's A × W conditions (one point per A × W: the mean of
    /// its sequences' IDe and MT); nil with fewer than two distinct IDe.
    public var effectiveFit: LinearRegressionResult?
    /// MT = a + b · ID over the same points, on the nominal ID.
    public var nominalFit: LinearRegressionResult?
}

/// One A × W condition of a cell: the means of its sequences.
public struct FittsPoint: Sendable, Equatable {
    /// The nominal amplitude A, in the units of the log (px for trial logs).
    public var amplitude: Double
    /// The nominal target width W, in the units of A.
    public var width: Double
    /// The nominal index of difficulty log2(A/W + 1), in bits.
    public var indexOfDifficulty: Double
    /// The mean effective index of difficulty IDe of the sequences, in bits.
    public var effectiveIndexOfDifficulty: Double
    /// Mean MT over the sequences, and the 95% t interval of the participants' means.
    public var timeMS: Double
    /// Lower limit of the 95% t interval of the participants' mean MT, in ms.
    public var timeCILow: Double
    /// Upper limit of the 95% t interval of the participants' mean MT, in ms.
    public var timeCIHigh: Double
    /// Sequences at this A × W.
    public var sequences: Int
}

/// One participant's regression of MT on IDe over their sequences in one cell.
public struct FittsParticipantFit: Sendable, Equatable {
    /// The participant's label.
    public var participant: String
    /// The cell's levels of ``FittsReport/by``, in order.
    public var levels: [String]
    /// MT = a + b · IDe over the participant's sequences in the cell (ms, bits).
    public var fit: LinearRegressionResult
}

/// The Fitts' law analysis of a selection: the measures per sequence (as GoFitts' sd2),
/// the mean-of-means measures per cell, and the regressions of MT on IDe.
public struct FittsReport: Sendable, Equatable {
    /// What was analysed, where the trials came from a study database.
    public var selection: SelectionSummary?
    /// The factor names of ``FittsSequenceRow/levels``.
    public var factors: [String]
    /// The factor names of ``FittsCell/levels``.
    public var by: [String]
    /// One row per participant × condition × sequence, in the order of the log.
    public var sequences: [FittsSequenceRow]
    /// One cell per combination of the levels of ``by``.
    public var cells: [FittsCell]
    /// Each participant's regression of MT on IDe in each cell.
    public var participantFits: [FittsParticipantFit]
    /// How the figures were computed, with the standard they follow.
    public var methods: String
    /// What was left out and why.
    public var notes: [String]
    /// How factors and levels are shown in its tables and figures.
    public var names = DisplayNames()

    /// Whether every sequence has nominal measures only (a log without selection points):
    /// the report then leads with ID where it would with IDe.
    public var isNominal: Bool { sequences.allSatisfy(\.measures.isNominal) }

    /// `IDe`, or `ID` for a nominal report: the predictor of the fits the report leads with.
    public var predictorName: String { isNominal ? "ID" : "IDe" }

    /// The fit of MT the report leads with in a cell: on IDe, or on ID for a nominal report.
    public func leadingFit(_ cell: FittsCell) -> LinearRegressionResult? {
        isNominal ? cell.nominalFit : cell.effectiveFit
    }

    /// The index of difficulty of a point on the leading fit's axis (``predictorName``).
    public func predictor(_ point: FittsPoint) -> Double {
        isNominal ? point.indexOfDifficulty : point.effectiveIndexOfDifficulty
    }

    /// The report of sequences measured already.
    /// - Parameters:
    ///   - sequences: one row per participant × condition × sequence.
    ///   - factors: the names of the rows' levels.
    ///   - by: the factors whose level combinations form the cells (a subset of `factors`);
    ///     empty for one cell of everything.
    ///   - selection: the selection the sequences came from, where they came from a study.
    ///   - notes: what was left out and why, for ``notes``.
    ///   - source: the data in words, for the methods text.
    /// - Throws: ``ThumbLabError`` for a `by` factor that is not in `factors`
    ///   or no sequence at all.
    package init(
        sequences: [FittsSequenceRow], factors: [String], by: [String], selection: SelectionSummary? = nil,
        notes: [String] = [], source: String = "the selected trials"
    ) throws {
        guard !sequences.isEmpty else {
            throw ThumbLabError.fitts(.noSequence)
        }
        let positions = try by.map { name in
            guard let index = factors.firstIndex(of: name) else {
                throw ThumbLabError.selection(
                    .unknownFactor(name: name, study: nil, known: factors, blockAllowed: false))
            }
            return index
        }
        self.selection = selection
        self.factors = factors
        self.by = by
        self.sequences = sequences
        self.notes = notes
        var groups: [[String]: [FittsSequenceRow]] = [:]
        for row in sequences { groups[positions.map { row.levels[$0] }, default: []].append(row) }
        let keys = groups.keys.sorted(by: Self.precedes)
        cells = keys.map { Self.cell($0, groups[$0]!) }
        participantFits = keys.flatMap { key in
            Self.participantFits(key, groups[key]!)
        }
        methods = Self.methods(source: source, by: by)
    }
}
