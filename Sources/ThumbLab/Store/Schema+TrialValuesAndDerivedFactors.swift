extension Schema {
    /// Version 14: `trial_value`, the numbers of a trial log's columns that are measures or
    /// covariates rather than factors (an angle, a distance, an end position: a numeric
    /// column with more than 24 different values, or one named as numeric), one row per
    /// trial and column with a number. `name` is the column's name in the file.
    static let version14 = """
        CREATE TABLE trial_value (
            trial_id INTEGER NOT NULL REFERENCES trial(id),
            name TEXT NOT NULL,
            value REAL NOT NULL,
            PRIMARY KEY (trial_id, name)
        ) WITHOUT ROWID;
        """
}

extension Schema {
    /// Version 15: `derived_factor`, the factors a `factors` batch (`thumblab factor add`)
    /// gave the study's trials, each with the factors and participant attributes it was
    /// derived from (`keys`, a JSON array of names), in the order they were added.
    static let version15 = """
        CREATE TABLE derived_factor (
            batch_id INTEGER NOT NULL REFERENCES batch(id),
            factor TEXT NOT NULL,
            keys TEXT NOT NULL,
            PRIMARY KEY (batch_id, factor)
        );
        """
}

extension Schema {
    /// Version 16: `item_label`, the text of each questionnaire item a responses batch read
    /// from its file (a survey export's question text, or a statement written as the column
    /// header), so that results can name an item by what it asked.
    static let version16 = """
        CREATE TABLE item_label (
            batch_id INTEGER NOT NULL REFERENCES batch(id),
            instrument TEXT NOT NULL,
            item TEXT NOT NULL,
            label TEXT NOT NULL,
            PRIMARY KEY (batch_id, instrument, item)
        );
        """
}

extension Schema {
    /// Version 17: text-entry phrases. A phrase log's rows are trials (number, time, line);
    /// `phrase` holds each one's texts and the measures computed at import, keyed by its
    /// trial, and `phrase_long` joins them with the participant and condition for R and
    /// pandas. Rates are fractions (0.125 for 12.5%); the keystroke columns are NULL
    /// without an input stream that gives the transcription.
    static let version17 = """
        CREATE TABLE phrase (
            trial_id INTEGER PRIMARY KEY REFERENCES trial(id),
            presented TEXT NOT NULL,
            transcribed TEXT NOT NULL,
            input_stream TEXT,
            presented_length INTEGER NOT NULL,
            transcribed_length INTEGER NOT NULL,
            msd INTEGER NOT NULL,
            wpm REAL,
            adj_wpm REAL,
            msd_error_rate REAL NOT NULL,
            kspc REAL,
            correct INTEGER,
            incorrect_not_fixed INTEGER,
            incorrect_fixed INTEGER,
            fixes INTEGER,
            total_error_rate REAL,
            corrected_error_rate REAL,
            uncorrected_error_rate REAL
        );
        CREATE VIEW phrase_long AS
            SELECT t.id, t.study, t.participant, t.condition_id, t.condition, t.block, t.trial AS phrase,
                t.time_ms, p.presented, p.transcribed, p.input_stream, p.presented_length, p.transcribed_length,
                p.msd, p.wpm, p.adj_wpm, p.msd_error_rate, p.kspc, p.correct, p.incorrect_not_fixed,
                p.incorrect_fixed, p.fixes, p.total_error_rate, p.corrected_error_rate, p.uncorrected_error_rate,
                t.batch_id, t.line
            FROM phrase p JOIN trial_long t ON t.id = p.trial_id;
        """
}

extension Schema {
    /// Version 18: `key_tap`, the key presses whose touch points a phrase's input stream
    /// logs (JSON key events with `x` and `y`), in order within the phrase (`ordinal` from
    /// 1), each with the centre of its key where the log or a keyboard layout gives it, in
    /// the log's screen units; `key_tap_long` joins them with the phrase's participant,
    /// condition and number.
    static let version18 = """
        CREATE TABLE key_tap (
            trial_id INTEGER NOT NULL REFERENCES trial(id),
            ordinal INTEGER NOT NULL,
            key TEXT NOT NULL,
            x REAL NOT NULL,
            y REAL NOT NULL,
            t_ms REAL,
            key_x REAL,
            key_y REAL,
            PRIMARY KEY (trial_id, ordinal)
        ) WITHOUT ROWID;
        CREATE VIEW key_tap_long AS
            SELECT t.id AS trial_id, t.study, t.participant, t.condition_id, t.condition, t.block, t.trial AS phrase,
                k.ordinal, k.key, k.x, k.y, k.t_ms, k.key_x, k.key_y, k.x - k.key_x AS dx, k.y - k.key_y AS dy,
                t.batch_id
            FROM key_tap k JOIN trial_long t ON t.id = k.trial_id;
        """
}
