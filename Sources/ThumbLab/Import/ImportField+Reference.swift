extension ImportField {
    /// The column of the study database that stores the field: `target_width` for
    /// `target_w`, `t_ms` for a touch's `timestamp`; a miss is stored inverted in `hit`.
    /// An import's `map` takes this name as well as the field's own.
    public var databaseColumn: String {
        switch self {
        case .targetWidth: "target_width"
        case .targetHeight: "target_height"
        case .miss: "hit"
        case .timestamp: "t_ms"
        default: rawValue
        }
    }

    /// What a value of the field is, in a few words: its unit for a measure.
    public var valueDescription: String {
        switch self {
        case .participant, .instrument, .item: "text"
        case .block: "whole number or B01"
        case .trial: "whole number"
        case .timeMS, .timestamp: "ms"
        case .hit: "1/0, true/false, yes/no, or success/error and other outcome words"
        case .miss: "1/0 (stored as hit 0/1), or outcome words"
        case .errors: "count"
        case .phase: "down, move, up, cancel"
        case .role: "start (begin, ready, home...) marks a tap of no trial"
        case .onset: "ms, on the touch timestamps' clock"
        case .value: "number"
        case .timeS: "s (stored in ms)"
        case .presented, .transcribed: "text"
        case .inputStream: "text with a backspace character (<, or the import's backspace), or a JSON array of key names"
        default: isLength ? "px, or the import's units" : rawValue
        }
    }
}
