/// The study database schema, versioned with `PRAGMA user_version`
/// (https://sqlite.org/pragma.html#pragma_user_version). Each migration takes the file
/// from version *i* to *i + 1*; opening a database runs the missing ones in one
/// transaction. Migrations are only ever appended, never edited, once released.
/// Sources/ThumbLab/Store/README.md documents every table and view.
enum Schema {
    /// The version a freshly opened database ends up at.
    static var currentVersion: Int { migrations.count }

    /// Migration *i* (0-based) upgrades version *i* to *i + 1*.
    static let migrations: [String] = [
        version1, version2, version3, version4, version5, version6, version7, version8, version9, version10,
        version11, version12, version13, version14, version15, version16, version17, version18,
    ]

    /// Version 1: the tables.
    ///
    /// Conditions are level combinations, so any number of factors with any names fit
    /// without a schema change: `condition_level` links a condition to one level of each
    /// of its factors, and `condition.key` (the sorted level ids) makes a combination unique.
    /// Every imported row carries its `batch_id`; batch ids are never reused, so an undone
    /// batch's number cannot later name another import. Foreign keys are declared for readers
    /// and tools; the store keeps them consistent itself (undo removes children first).
    static let version1 = """
        CREATE TABLE study (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE
        );
        CREATE TABLE device (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            width_px REAL NOT NULL,
            height_px REAL NOT NULL,
            px_per_mm REAL NOT NULL
        );
        CREATE TABLE batch (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            study_id INTEGER NOT NULL REFERENCES study(id),
            device_id INTEGER REFERENCES device(id),
            source TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            format TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('trials', 'touches', 'responses')),
            rows INTEGER NOT NULL DEFAULT 0,
            rejected INTEGER NOT NULL DEFAULT 0,
            imported_at TEXT NOT NULL,
            UNIQUE (study_id, sha256)
        );
        CREATE TABLE participant (
            id INTEGER PRIMARY KEY,
            study_id INTEGER NOT NULL REFERENCES study(id),
            label TEXT NOT NULL,
            UNIQUE (study_id, label)
        );
        CREATE TABLE participant_attribute (
            participant_id INTEGER NOT NULL REFERENCES participant(id),
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (participant_id, name)
        ) WITHOUT ROWID;
        CREATE TABLE factor (
            id INTEGER PRIMARY KEY,
            study_id INTEGER NOT NULL REFERENCES study(id),
            name TEXT NOT NULL,
            UNIQUE (study_id, name)
        );
        CREATE TABLE level (
            id INTEGER PRIMARY KEY,
            factor_id INTEGER NOT NULL REFERENCES factor(id),
            name TEXT NOT NULL,
            UNIQUE (factor_id, name)
        );
        CREATE TABLE condition (
            id INTEGER PRIMARY KEY,
            study_id INTEGER NOT NULL REFERENCES study(id),
            key TEXT NOT NULL,
            label TEXT NOT NULL,
            UNIQUE (study_id, key)
        );
        CREATE TABLE condition_level (
            condition_id INTEGER NOT NULL REFERENCES condition(id),
            factor_id INTEGER NOT NULL REFERENCES factor(id),
            level_id INTEGER NOT NULL REFERENCES level(id),
            PRIMARY KEY (condition_id, factor_id)
        ) WITHOUT ROWID;
        CREATE TABLE trial (
            id INTEGER PRIMARY KEY,
            batch_id INTEGER NOT NULL REFERENCES batch(id),
            participant_id INTEGER NOT NULL REFERENCES participant(id),
            condition_id INTEGER NOT NULL REFERENCES condition(id),
            block INTEGER,
            trial INTEGER,
            attempt INTEGER NOT NULL DEFAULT 1,
            target_x REAL,
            target_y REAL,
            target_width REAL,
            target_height REAL,
            start_x REAL,
            start_y REAL,
            touch_x REAL,
            touch_y REAL,
            time_ms REAL,
            hit INTEGER,
            errors INTEGER,
            line INTEGER NOT NULL
        );
        CREATE TABLE touch (
            id INTEGER PRIMARY KEY,
            batch_id INTEGER NOT NULL REFERENCES batch(id),
            participant_id INTEGER NOT NULL REFERENCES participant(id),
            condition_id INTEGER NOT NULL REFERENCES condition(id),
            trial_id INTEGER REFERENCES trial(id),
            block INTEGER,
            trial INTEGER,
            t_ms REAL NOT NULL,
            x REAL NOT NULL,
            y REAL NOT NULL,
            phase TEXT NOT NULL CHECK (phase IN ('down', 'move', 'up')),
            line INTEGER NOT NULL
        );
        CREATE TABLE response (
            id INTEGER PRIMARY KEY,
            batch_id INTEGER NOT NULL REFERENCES batch(id),
            participant_id INTEGER NOT NULL REFERENCES participant(id),
            condition_id INTEGER NOT NULL REFERENCES condition(id),
            instrument TEXT NOT NULL,
            item TEXT NOT NULL,
            value REAL NOT NULL,
            line INTEGER NOT NULL
        );
        CREATE TABLE rejected_row (
            id INTEGER PRIMARY KEY,
            batch_id INTEGER NOT NULL REFERENCES batch(id),
            file TEXT NOT NULL,
            line INTEGER NOT NULL,
            reason TEXT NOT NULL,
            raw TEXT NOT NULL
        );
        """

    /// Version 2: long-format views that join labels in, for R and pandas users.
    static let version2 = """
        CREATE VIEW condition_long AS
            SELECT c.id AS condition_id, s.name AS study, f.name AS factor, l.name AS level
            FROM condition c
            JOIN study s ON s.id = c.study_id
            JOIN condition_level cl ON cl.condition_id = c.id
            JOIN factor f ON f.id = cl.factor_id
            JOIN level l ON l.id = cl.level_id;
        CREATE VIEW trial_long AS
            SELECT t.id, s.name AS study, p.label AS participant, t.condition_id,
                c.label AS condition, t.block, t.trial, t.attempt,
                t.target_x, t.target_y, t.target_width, t.target_height,
                t.start_x, t.start_y, t.touch_x, t.touch_y, t.time_ms, t.hit, t.errors,
                d.name AS device, t.batch_id, t.line
            FROM trial t
            JOIN participant p ON p.id = t.participant_id
            JOIN study s ON s.id = p.study_id
            JOIN condition c ON c.id = t.condition_id
            JOIN batch b ON b.id = t.batch_id
            LEFT JOIN device d ON d.id = b.device_id;
        CREATE VIEW touch_long AS
            SELECT t.id, s.name AS study, p.label AS participant, t.condition_id,
                c.label AS condition, t.block, t.trial, t.trial_id, t.t_ms, t.x, t.y, t.phase,
                d.name AS device, t.batch_id, t.line
            FROM touch t
            JOIN participant p ON p.id = t.participant_id
            JOIN study s ON s.id = p.study_id
            JOIN condition c ON c.id = t.condition_id
            JOIN batch b ON b.id = t.batch_id
            LEFT JOIN device d ON d.id = b.device_id;
        CREATE VIEW response_long AS
            SELECT r.id, s.name AS study, p.label AS participant, r.condition_id,
                c.label AS condition, r.instrument, r.item, r.value, r.batch_id, r.line
            FROM response r
            JOIN participant p ON p.id = r.participant_id
            JOIN study s ON s.id = p.study_id
            JOIN condition c ON c.id = r.condition_id;
        """

    /// Version 3: a trial's effective amplitude and its deviation along the task axis, as
    /// Fitts' law loggers (GoFitts' sd1 `Ae` and `dx`) record them, also in `trial_long`.
    static let version3 = """
        ALTER TABLE trial ADD COLUMN effective_amplitude REAL;
        ALTER TABLE trial ADD COLUMN deviation REAL;
        DROP VIEW trial_long;
        CREATE VIEW trial_long AS
            SELECT t.id, s.name AS study, p.label AS participant, t.condition_id,
                c.label AS condition, t.block, t.trial, t.attempt,
                t.target_x, t.target_y, t.target_width, t.target_height,
                t.start_x, t.start_y, t.touch_x, t.touch_y, t.time_ms, t.hit, t.errors,
                t.effective_amplitude, t.deviation,
                d.name AS device, t.batch_id, t.line
            FROM trial t
            JOIN participant p ON p.id = t.participant_id
            JOIN study s ON s.id = p.study_id
            JOIN condition c ON c.id = t.condition_id
            JOIN batch b ON b.id = t.batch_id
            LEFT JOIN device d ON d.id = b.device_id;
        """

    /// Version 4: trials derived from a touch log that a logged trial with the same key and
    /// attempt covers. They leave `trial` while covered and come back when the trial log is
    /// undone; `covered_by` is the covering trial's id. The columns follow `trial`'s, in
    /// its order, so rows move between the two tables whole.
    static let version4 = """
        CREATE TABLE covered_trial (
            id INTEGER PRIMARY KEY,
            batch_id INTEGER NOT NULL REFERENCES batch(id),
            participant_id INTEGER NOT NULL REFERENCES participant(id),
            condition_id INTEGER NOT NULL REFERENCES condition(id),
            block INTEGER,
            trial INTEGER,
            attempt INTEGER NOT NULL DEFAULT 1,
            target_x REAL,
            target_y REAL,
            target_width REAL,
            target_height REAL,
            start_x REAL,
            start_y REAL,
            touch_x REAL,
            touch_y REAL,
            time_ms REAL,
            hit INTEGER,
            errors INTEGER,
            line INTEGER NOT NULL,
            effective_amplitude REAL,
            deviation REAL,
            covered_by INTEGER NOT NULL
        );
        """

    /// Version 5: a device's scale factor, pixels per device-independent unit (iOS pt,
    /// Android dp), NULL where not given; imports of lengths in pt or dp convert through it.
    static let version5 = """
        ALTER TABLE device ADD COLUMN scale REAL;
        """

    /// Version 6: a missing factor value. `condition_level.level_id` may be NULL: the row
    /// named the factor (its file has the column or key) but gave it no value.
    /// `condition_long` keeps such a factor with a NULL `level`. SQLite cannot drop a NOT
    /// NULL constraint in place, so the table is rebuilt (https://sqlite.org/lang_altertable.html#otheralter).
    static let version6 = """
        DROP VIEW condition_long;
        CREATE TABLE condition_level_new (
            condition_id INTEGER NOT NULL REFERENCES condition(id),
            factor_id INTEGER NOT NULL REFERENCES factor(id),
            level_id INTEGER REFERENCES level(id),
            PRIMARY KEY (condition_id, factor_id)
        ) WITHOUT ROWID;
        INSERT INTO condition_level_new (condition_id, factor_id, level_id)
            SELECT condition_id, factor_id, level_id FROM condition_level;
        DROP TABLE condition_level;
        ALTER TABLE condition_level_new RENAME TO condition_level;
        CREATE VIEW condition_long AS
            SELECT c.id AS condition_id, s.name AS study, f.name AS factor, l.name AS level
            FROM condition c
            JOIN study s ON s.id = c.study_id
            JOIN condition_level cl ON cl.condition_id = c.id
            JOIN factor f ON f.id = cl.factor_id
            LEFT JOIN level l ON l.id = cl.level_id;
        """

    /// Version 7: `position_extent`, the bounding box of the finite target and touch
    /// positions of each batch's trials per condition, written by the import. A grid over
    /// the positions of a screen of unknown size starts from it instead of scanning every
    /// trial first, and checks it against the trials it reads. Batches imported before
    /// have no rows; the grid's bounds are then aggregated as before.
    static let version7 = """
        CREATE TABLE position_extent (
            batch_id INTEGER NOT NULL REFERENCES batch(id),
            condition_id INTEGER NOT NULL REFERENCES condition(id),
            position TEXT NOT NULL CHECK (position IN ('target', 'touch')),
            min_x REAL NOT NULL,
            min_y REAL NOT NULL,
            max_x REAL NOT NULL,
            max_y REAL NOT NULL,
            PRIMARY KEY (batch_id, condition_id, position)
        ) WITHOUT ROWID;
        """

    /// Version 8: `batch.trial_columns`, the columns of `trial` that hold a value in at
    /// least one of the batch's trials, as a JSON array of their names (`[]` for a batch
    /// without trials), written by the import. An analysis that needs columns no batch of
    /// the study has (start points, say) then knows without scanning every trial. Batches
    /// imported before hold NULL: their trials are scanned as before.
    static let version8 = """
        ALTER TABLE batch ADD COLUMN trial_columns TEXT;
        """

    /// Version 9: how an import's trials were made and counted. `batch.trial_time` names the
    /// model that timed trials derived from touch events (`previous`, `onset` or `contact`;
    /// NULL where the import derived none), `batch.units` the unit its lengths were given in
    /// (`px`, `pt`, `dp`, `mm`; NULL for imports before version 9). `analysis_plan` holds the
    /// defaults every analysis of a study applies unless asked otherwise: each setting is a
    /// new row, the newest row per study is the plan, and removing it brings back the one before.
    static let version9 = """
        ALTER TABLE batch ADD COLUMN trial_time TEXT
            CHECK (trial_time IS NULL OR trial_time IN ('previous', 'onset', 'contact'));
        ALTER TABLE batch ADD COLUMN units TEXT;
        CREATE TABLE analysis_plan (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            study_id INTEGER NOT NULL REFERENCES study(id),
            keep TEXT NOT NULL DEFAULT '[]',
            exclude TEXT NOT NULL DEFAULT '[]',
            attempts TEXT CHECK (attempts IS NULL OR attempts IN ('first', 'last', 'all')),
            trials TEXT CHECK (trials IS NULL OR trials IN ('all', 'hits')),
            outliers TEXT,
            outlier_scale TEXT CHECK (outlier_scale IS NULL OR outlier_scale IN ('log', 'raw')),
            set_at TEXT NOT NULL
        );
        """
}
