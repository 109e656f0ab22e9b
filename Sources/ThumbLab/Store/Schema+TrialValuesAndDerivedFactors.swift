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
