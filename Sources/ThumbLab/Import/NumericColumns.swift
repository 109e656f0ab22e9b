/// Which of a trials file's other columns are numbers rather than factors.
///
/// A column that matches no field is a factor unless its values say otherwise: a column
/// whose sampled values are all numbers, more than ``distinctLimit`` of them different in
/// the first ``ValueSample/longRowLimit`` rows, is a measure or a covariate (an angle, a distance,
/// an end position) and is kept as numbers per trial (`trial_value`), not crossed as a
/// factor. A trial counter (a name holding `trial` and `number`, `id`, `no`, `num` or
/// `index`) is the trial number when the file has none, and numbers otherwise. Columns
/// named as factors or as numbers are kept so whatever their values.
enum NumericColumns {
    /// The most different numbers a factor's column holds in the sample.
    static let distinctLimit = 24

    /// The factor columns split into factors and numbers, and the trial counter that
    /// gives the trial number (nil when the file has a trial column or no counter).
    /// - Throws: ``ThumbLabError/importSetup(_:)`` for a column named as a factor or as
    ///   numbers that is none of `candidates`.
    /// With `numbersByDefault` (a phrase log, whose other numeric columns are the logger's
    /// measures and counts), every column of numbers is kept as numbers, whatever the count
    /// of different values; a factor coded in numbers is named with `factorColumns`.
    static func split(
        candidates: [Int], headers: [String], options: ImportOptions, sample: ValueSample, hasTrialColumn: Bool,
        numbersByDefault: Bool = false
    ) throws -> (factors: [Int], numbers: [Int], trialCounter: Int?) {
        let names = candidates.map { ImportField.normalize(headers[$0]) }
        for (list, asFactor) in [(options.factorColumns, true), (options.numericColumns, false)] {
            for column in list where !names.contains(ImportField.normalize(column)) {
                throw ThumbLabError.importSetup(
                    .columnToKeepMissing(
                        column: column, asFactor: asFactor, columns: candidates.map { headers[$0].trimmingSpaces }))
            }
        }
        let keptAsFactors = Set((options.factorColumns + options.levelCodings.map(\.factor)).map(ImportField.normalize))
        let keptAsNumbers = Set(options.numericColumns.map(ImportField.normalize))
        var factors: [Int] = []
        var numbers: [Int] = []
        var trialCounter: Int?
        // Columns of numbers with few different ones in the first rows are counted again
        // over more rows, read once for all of them.
        let undecided = zip(candidates, names).filter { column, name in
            guard sample.isFull, !keptAsFactors.contains(name), !keptAsNumbers.contains(name), !isTrialCounter(name)
            else { return false }
            let texts = sample.texts(column: column)
            let values = sample.numbers(column: column)
            return !texts.isEmpty && values.count == texts.count && Set(values).count <= distinctLimit
        }.map(\.0)
        let longer = undecided.isEmpty ? sample : sample.longer(columns: Set(undecided))
        for (column, name) in zip(candidates, names) {
            if keptAsFactors.contains(name) {
                factors.append(column)
                continue
            }
            if keptAsNumbers.contains(name) {
                numbers.append(column)
                continue
            }
            let texts = sample.texts(column: column)
            let values = sample.numbers(column: column)
            guard !texts.isEmpty, values.count == texts.count else {
                factors.append(column)
                continue
            }
            if numbersByDefault {
                numbers.append(column)
            } else if isTrialCounter(name) {
                if !hasTrialColumn, trialCounter == nil, values.allSatisfy({ $0 == $0.rounded() }) {
                    trialCounter = column
                } else {
                    numbers.append(column)
                }
            } else if Set(undecided.contains(column) ? longer.numbers(column: column) : values).count > distinctLimit {
                numbers.append(column)
            } else {
                factors.append(column)
            }
        }
        return (factors, numbers, trialCounter)
    }

    /// `trial_number`, `TrialID`, `global_trial_no`, `trialIndexInBlock`: a counter of trials.
    static func isTrialCounter(_ normalized: String) -> Bool {
        guard let range = normalized.range(of: "trial") else { return false }
        let rest = normalized[range.upperBound...]
        return ["number", "id", "no", "num", "index", "count"].contains { rest.contains($0) }
    }
}
