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

extension Schema {
    /// Version 13: kinds of batch beyond the logs, and how touch events became trials.
    ///
    /// `batch.kind` also takes `participants` (a demographics file: one row per participant,
    /// its columns attributes) and `factors` (factors derived from a mapping table), and
    /// `batch.trial_time` also `previous-hit` (timed from the previous selection that was a
    /// hit). SQLite cannot change a CHECK constraint, so the table is rebuilt with the same
    /// rows and ids; the sequence that keeps batch ids from being reused keeps its value.
    /// `batch.derivation` holds the other settings of the trials derived from touch events
    /// as a JSON object (`feedback_ms`, `sequence`, `hit_area`, `hit_scale`; NULL where the
    /// import derived none). `participant_attribute.batch_id` names the import that stored
    /// an attribute (NULL for attributes stored before).
    static let version13 = """
        PRAGMA legacy_alter_table = ON;
        CREATE TEMP TABLE batch_sequence AS SELECT seq FROM sqlite_sequence WHERE name = 'batch';
        CREATE TABLE batch_v13 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            study_id INTEGER NOT NULL REFERENCES study(id),
            device_id INTEGER REFERENCES device(id),
            source TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            format TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('trials', 'touches', 'responses', 'participants', 'factors')),
            rows INTEGER NOT NULL DEFAULT 0,
            rejected INTEGER NOT NULL DEFAULT 0,
            imported_at TEXT NOT NULL,
            trial_columns TEXT,
            trial_time TEXT
                CHECK (trial_time IS NULL OR trial_time IN ('previous', 'previous-hit', 'onset', 'contact')),
            units TEXT,
            decisions TEXT,
            derivation TEXT,
            UNIQUE (study_id, sha256)
        );
        INSERT INTO batch_v13 (id, study_id, device_id, source, sha256, format, kind, rows, rejected,
            imported_at, trial_columns, trial_time, units, decisions)
        SELECT id, study_id, device_id, source, sha256, format, kind, rows, rejected,
            imported_at, trial_columns, trial_time, units, decisions FROM batch;
        DROP TABLE batch;
        ALTER TABLE batch_v13 RENAME TO batch;
        DELETE FROM sqlite_sequence WHERE name IN ('batch', 'batch_v13');
        INSERT INTO sqlite_sequence (name, seq)
        SELECT 'batch', MAX(COALESCE((SELECT seq FROM temp.batch_sequence), 0), COALESCE((SELECT MAX(id) FROM batch), 0));
        DROP TABLE temp.batch_sequence;
        PRAGMA legacy_alter_table = OFF;
        ALTER TABLE participant_attribute ADD COLUMN batch_id INTEGER REFERENCES batch(id);
        """
}
