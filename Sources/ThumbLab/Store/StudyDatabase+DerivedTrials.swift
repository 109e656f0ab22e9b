import Foundation

extension StudyDatabase {
    /// The conditions and blocks of the study's trials derived from touch events that are
    /// still in table `trial`, with their import's timing model (`batch.trial_time`);
    /// trials a trial log covered have moved to `covered_trial` and do not count. Only
    /// the trials of batches with a timing model are read.
    func derivedTrialCells(studyID: Int64) throws -> Set<DerivedTrialCell> {
        let statement = try connection.prepare(
            """
            SELECT DISTINCT b.trial_time, t.condition_id, t.block, b.derivation
            FROM batch b JOIN trial t ON t.batch_id = b.id
            WHERE b.study_id = ?1 AND b.trial_time IS NOT NULL
            """)
        try statement.bind(1, studyID)
        var cells: Set<DerivedTrialCell> = []
        while try statement.step() {
            guard let model = TrialTimeModel(rawValue: statement.text(0)) else { continue }
            let derivation = statement.optionalText(3).flatMap {
                try? JSONDecoder().decode(TouchDerivation.self, from: Data($0.utf8))
            }
            cells.insert(
                DerivedTrialCell(
                    model: model, conditionID: statement.int64(1), block: statement.optionalInt64(2).map { Int($0) },
                    derivation: derivation ?? TouchDerivation()))
        }
        return cells
    }
}
