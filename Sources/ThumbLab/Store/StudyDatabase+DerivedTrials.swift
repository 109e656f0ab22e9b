import Foundation

extension StudyDatabase {
    /// The conditions and blocks of the study's trials derived from touch events that are
    /// still in table `trial`, with their import's timing model (`batch.trial_time`);
    /// trials a trial log covered have moved to `covered_trial` and do not count. The
    /// batches come first: a study without a timing model (no touch log derived trials)
    /// reads no trial, and one with some scans the trials once, not once per batch.
    func derivedTrialCells(studyID: Int64) throws -> Set<DerivedTrialCell> {
        let batches = try connection.prepare(
            "SELECT id, trial_time, derivation FROM batch WHERE study_id = ?1 AND trial_time IS NOT NULL")
        try batches.bind(1, studyID)
        var timing: [Int64: (model: TrialTimeModel, derivation: TouchDerivation)] = [:]
        while try batches.step() {
            guard let model = TrialTimeModel(rawValue: batches.text(1)) else { continue }
            let derivation = batches.optionalText(2).flatMap {
                try? JSONDecoder().decode(TouchDerivation.self, from: Data($0.utf8))
            }
            timing[batches.int64(0)] = (model, derivation ?? TouchDerivation())
        }
        if timing.isEmpty { return [] }
        let trials = try connection.prepare(
            "SELECT DISTINCT batch_id, condition_id, block FROM trial WHERE batch_id IN (SELECT value FROM json_each(?1))"
        )
        try trials.bind(1, "[" + timing.keys.map(String.init).joined(separator: ",") + "]")
        var cells: Set<DerivedTrialCell> = []
        while try trials.step() {
            guard let batch = timing[trials.int64(0)] else { continue }
            cells.insert(
                DerivedTrialCell(
                    model: batch.model, conditionID: trials.int64(1), block: trials.optionalInt64(2).map { Int($0) },
                    derivation: batch.derivation))
        }
        return cells
    }
}
