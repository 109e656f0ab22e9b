import Foundation

extension GoFittsLog {
    /// The code columns GoFitts writes, taken as factors.
    package static let codeColumns = [
        "App", "Condition", "Session", "Group", "TaskType", "SelectionMethod", "InteractionMethod",
    ]
    static let required = ["Participant", "Trial", "A", "W", "Ae", "dx", "MT(ms)", "Errors"]
    /// The measures of an sd1 file that are not stored: pointing and selection time, and
    /// MacKenzie's path accuracy measures.
    static let otherMeasureColumns = ["PT(ms)", "ST(ms)", "TRE", "TAC", "MDC", "ODC", "MV", "ME", "MO"]

    /// Whether a header line is that of an sd1 file: it names every column ``read(_:file:)``
    /// needs, in GoFitts' spelling.
    package static func isPerTrialHeader(_ header: [String]) -> Bool {
        required.allSatisfy(header.contains)
    }

    /// Reads the text of an sd1 file, as CSV (quoted fields, CRLF and a byte order mark as in
    /// any CSV file).
    /// - Throws: ``ThumbLabError/invalidInput(problems:total:)`` naming the file, line and
    ///   column of a missing column, a row of the wrong length or a value that is not a number.
    public static func read(_ text: String, file: String) throws -> GoFittsLog {
        // Records as every CSV file is read: quoted fields, CRLF, a byte order mark.
        let records = try CSVReader.records(in: Array(text.utf8))
        guard let headerRecord = records.first else {
            throw problem(file, 1, 1, "expected a GoFitts sd1 header line, found an empty file")
        }
        if let located = headerRecord.problem { throw problem(file, located.line, located.column, located.message) }
        let header = headerRecord.fields
        if let missing = required.first(where: { !header.contains($0) }) {
            throw problem(
                file, headerRecord.line, 1,
                "expected the GoFitts sd1 columns \(required.joined(separator: ", ")), found no '\(missing)' column; "
                    + "give the per-trial file (sd1) that GoFitts or FittsTaskTwo wrote")
        }
        let column = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let factors = codeColumns.filter { column[$0] != nil }
        var sequences: [GoFittsSequence] = []
        var lastTrial: Int?
        for record in records.dropFirst() {
            let number = record.line
            if let located = record.problem { throw problem(file, located.line, located.column, located.message) }
            let fields = record.fields
            guard fields.count == header.count else {
                throw problem(
                    file, number, min(fields.count, header.count) + 1,
                    "expected \(header.count) fields as in the header, found \(fields.count)")
            }
            func value(_ name: String) throws -> Double {
                let index = column[name]!
                guard let value = Double(fields[index]), value.isFinite else {
                    throw problem(
                        file, number, index + 1, "expected a number in \(name), found '\(fields[index])'")
                }
                return value
            }
            let trialValue = try value("Trial")
            guard trialValue == trialValue.rounded(), abs(trialValue) < 1e15 else {
                throw problem(
                    file, number, column["Trial"]! + 1,
                    "expected a whole trial number, found \(fields[column["Trial"]!])")
            }
            let trialNumber = Int(trialValue)
            let trial = FittsTrial(
                amplitude: try value("A"), width: try value("W"), effectiveAmplitude: try value("Ae"),
                deviation: try value("dx"), timeMS: try value("MT(ms)"), missed: try value("Errors") > 0)
            guard trial.width > 0, trial.amplitude > 0 else {
                throw problem(
                    file, number, column["W"]! + 1,
                    "expected an amplitude and a width greater than 0, found A = \(trial.amplitude), W = \(trial.width)"
                )
            }
            let participant = fields[column["Participant"]!]
            let levels = factors.map { fields[column[$0]!] }
            let block = column["Block"].flatMap { Int(fields[$0].filter(\.isNumber)) }
            if let current = sequences.last, current.participant == participant, current.levels == levels,
                current.block == block, current.trials[0].amplitude == trial.amplitude,
                current.trials[0].width == trial.width, let lastTrial, trialNumber > lastTrial
            {
                sequences[sequences.count - 1].trials.append(trial)
            } else {
                sequences.append(
                    GoFittsSequence(participant: participant, levels: levels, block: block, trials: [trial]))
            }
            lastTrial = trialNumber
        }
        guard !sequences.isEmpty else { throw problem(file, 2, 1, "expected trial rows after the header, found none") }
        return GoFittsLog(factors: factors, sequences: sequences)
    }

    private static func problem(_ file: String, _ line: Int, _ column: Int, _ message: String) -> ThumbLabError {
        .invalidInput(problems: [InputProblem(file: file, line: line, column: column, message: message)], total: 1)
    }
}
