/// The migrations that add display labels (version 10), counterbalancing plans (version 11) and
/// the import decisions of a batch (version 12).
extension Schema {
    /// Version 10: display labels. `factor.label` and `level.label` hold the names readers
    /// see in tables, figures and sentences (`Target size (mm)` for `target_size_mm`); NULL
    /// shows the factor's name in words and the level as stored.
    static let version10 = """
        ALTER TABLE factor ADD COLUMN label TEXT;
        ALTER TABLE level ADD COLUMN label TEXT;
        """

    /// Version 11: counterbalancing plans (`thumblab counterbalance --save`). A row of
    /// `counterbalancing` is one plan of a study: the factor put in order, its levels and the
    /// scheme's sequences (JSON arrays), the scheme, the seed of a random plan, and the factor
    /// ordered within each level with its levels and sequences (NULL without one). Its rows of
    /// `counterbalancing_order` give each participant's run order, position by position. The
    /// newest plan of a study and factor is the one analyses read.
    static let version11 = """
        CREATE TABLE counterbalancing (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            study_id INTEGER NOT NULL REFERENCES study(id),
            factor TEXT NOT NULL,
            levels TEXT NOT NULL,
            scheme TEXT NOT NULL CHECK (scheme IN ('balanced', 'latin', 'full', 'random')),
            seed TEXT,
            sequences TEXT NOT NULL,
            second_factor TEXT,
            second_levels TEXT,
            second_sequences TEXT,
            saved_at TEXT NOT NULL
        );
        CREATE TABLE counterbalancing_order (
            plan_id INTEGER NOT NULL REFERENCES counterbalancing(id),
            participant TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            position INTEGER NOT NULL,
            level TEXT NOT NULL,
            second_level TEXT,
            UNIQUE (plan_id, participant, position)
        );
        """
}

extension Schema {
    /// Version 12: `batch.decisions`, what an import decided about its file beyond the
    /// header (row numbers left out, comment lines skipped, the format told from the
    /// content, outcome words read as hits and misses...), as a JSON array of
    /// `{"decision", "detail"}` objects; NULL for batches imported before.
    static let version12 = """
        ALTER TABLE batch ADD COLUMN decisions TEXT;
        """
}
