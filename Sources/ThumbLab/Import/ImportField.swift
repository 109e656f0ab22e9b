/// A field the importer knows, with the column names that match it.
///
/// Column names are compared after ``ImportField/normalize(_:)``: lower case, with `_`,
/// `-` and spaces removed, so `Movement Time`, `movement_time` and `movementTime` match
/// alike. Any column that matches no field becomes a factor.
///
/// Misses and errors: `hit` (aliases success, correct) is 1 for a successful selection;
/// `miss` (aliases error, miss, missed) is a 0/1 flag of a failed selection, stored
/// inverted as hit; `errors` (aliases error_count, n_errors...) is a count of errors
/// made in the trial, stored as the error count. A column named `error` is therefore read
/// as a 0/1 flag; map it with `errors=error` when it holds counts.
///
/// Touch logs may say what a tap was for in a `role` column (aliases type, kind,
/// tap_type, touch_type): the values in ``role`` that mark a tap outside every trial,
/// such as a start button, are listed in ``noTrialRoles``.
public enum ImportField: String, CaseIterable, Sendable {
    /// The participant's label (text).
    case participant
    /// The block number: a whole number, or `B01` as GoFitts writes it.
    case block
    /// The trial number; repeated numbers are successive attempts.
    case trial
    /// Horizontal centre of the target.
    case targetX = "target_x"
    /// Vertical centre of the target.
    case targetY = "target_y"
    /// Target width.
    case targetWidth = "target_w"
    /// Target height.
    case targetHeight = "target_h"
    /// Horizontal start point of the movement.
    case startX = "start_x"
    /// Vertical start point of the movement.
    case startY = "start_y"
    /// Horizontal selection point of a trial.
    case touchX = "touch_x"
    /// Vertical selection point of a trial.
    case touchY = "touch_y"
    /// Movement or task time, in ms.
    case timeMS = "time_ms"
    /// A successful selection: 1/0, true/false or yes/no.
    case hit
    /// A failed selection, 1/0; stored inverted as ``hit``.
    case miss
    /// The count of errors made in the trial.
    case errors
    /// A touch event's time, in ms.
    case timestamp
    /// A touch event's horizontal position.
    case x
    /// A touch event's vertical position.
    case y
    /// A touch event's phase: `down`, `move`, `up` or `cancel`.
    case phase
    /// A questionnaire's name, such as `SUS`.
    case instrument
    /// A questionnaire item's name or number.
    case item
    /// A questionnaire answer, a number.
    case value
    /// A Fitts' law logger's effective amplitude of the movement (GoFitts' `Ae`).
    case effectiveAmplitude = "effective_amplitude"
    /// A Fitts' law logger's signed deviation along the task axis (GoFitts' `dx`).
    case deviation
    /// What a tap was for; a value of ``noTrialRoles`` marks a tap of no trial.
    case role
    /// When a touch log's trial stimulus appeared, on the clock and in the unit of the
    /// touch timestamps: the start of the trial's time in ``TrialTimeModel/onset``.
    case onset
    /// A text-entry phrase as presented to the participant.
    case presented
    /// A text-entry phrase as the participant transcribed it.
    case transcribed
    /// A phrase's input stream: every key pressed, as text with a backspace character or as
    /// a JSON array of key names.
    case inputStream = "input_stream"
    /// A phrase's time, in seconds.
    case timeS = "time_s"

    /// Position of the field in ``allCases``, found without hashing its raw value.
    var ordinal: Int {
        switch self {
        case .participant: 0
        case .block: 1
        case .trial: 2
        case .targetX: 3
        case .targetY: 4
        case .targetWidth: 5
        case .targetHeight: 6
        case .startX: 7
        case .startY: 8
        case .touchX: 9
        case .touchY: 10
        case .timeMS: 11
        case .hit: 12
        case .miss: 13
        case .errors: 14
        case .timestamp: 15
        case .x: 16
        case .y: 17
        case .phase: 18
        case .instrument: 19
        case .item: 20
        case .value: 21
        case .effectiveAmplitude: 22
        case .deviation: 23
        case .role: 24
        case .onset: 25
        case .presented: 26
        case .transcribed: 27
        case .inputStream: 28
        case .timeS: 29
        }
    }

    /// Whether the field is a length on the screen (a coordinate, a size, an amplitude or a
    /// deviation): stored in px, and converted from the unit an import gives (``ScreenUnit``).
    public var isLength: Bool {
        switch self {
        case .targetX, .targetY, .targetWidth, .targetHeight, .startX, .startY, .touchX, .touchY, .x, .y,
            .effectiveAmplitude, .deviation:
            true
        default: false
        }
    }

    /// The fields a row kind reads, in matching order.
    public static func fields(for kind: RowKind) -> [ImportField] {
        switch kind {
        case .trials:
            [
                .participant, .block, .trial, .targetX, .targetY, .targetWidth, .targetHeight,
                .startX, .startY, .touchX, .touchY, .timeMS, .hit, .miss, .errors,
                .effectiveAmplitude, .deviation,
            ]
        case .touches:
            [
                .participant, .block, .trial, .timestamp, .x, .y, .phase,
                .targetX, .targetY, .targetWidth, .targetHeight, .startX, .startY, .role, .onset,
            ]
        case .responses:
            [.participant, .instrument, .item, .value]
        case .participants:
            [.participant]
        case .phrases:
            [.participant, .block, .trial, .presented, .transcribed, .inputStream, .timeMS, .timeS]
        case .factors:
            []
        }
    }

    /// Normalised column names that match this field for rows of `kind`.
    public func aliases(for kind: RowKind) -> [String] {
        switch self {
        case .participant:
            [
                "participant", "participantid", "pid", "subject", "subjectid", "user", "userid", "pnum",
                "participantnumber", "participantno", "subjectnumber", "subjectno",
            ]
        case .block: ["block", "blocknumber", "blockno", "blockid", "blocknum"]
        case .trial where kind == .phrases:
            ["trial", "trialnumber", "trialno", "phrase", "phrasenumber", "phraseno", "phraseindex", "phraseid"]
        case .trial: ["trial", "trialnumber", "trialid", "trialno", "trialnum", "trialindex"]
        case .targetX: ["targetx", "targetcx", "targetcenterx", "tx"]
        case .targetY: ["targety", "targetcy", "targetcentery", "ty"]
        case .targetWidth: ["targetw", "targetwidth", "width", "w"]
        case .targetHeight: ["targeth", "targetheight", "height", "h"]
        case .startX: ["startx", "sx", "originx"]
        case .startY: ["starty", "sy", "originy"]
        case .touchX: ["touchx", "tapx", "selectionx", "selectx", "endx", "releasex"]
        case .touchY: ["touchy", "tapy", "selectiony", "selecty", "endy", "releasey"]
        case .timeMS where kind == .phrases:
            ["timems", "ms", "mt(ms)", "time(ms)", "inputtimems", "inputtime(ms)", "durationms", "elapsedms"]
        case .timeMS:
            [
                "timems", "time", "mt", "movementtime", "movementtimems", "tasktime", "tasktimems", "durationms",
                "duration", "mt(ms)",
            ]
        case .hit: ["hit", "success", "correct", "ishit", "successful", "result", "outcome"]
        case .miss: ["error", "miss", "missed", "iserror", "ismiss"]
        case .errors: ["errors", "errorcount", "nerrors", "numerrors", "errorcnt"]
        case .timestamp: ["t", "timestamp", "time", "timems", "ts", "timestampms", "eventtime", "tms"]
        case .x: ["x", "touchx", "tapx", "posx", "rawx", "mx", "clientx", "pagex", "screenx"]
        case .y: ["y", "touchy", "tapy", "posy", "rawy", "my", "clienty", "pagey", "screeny"]
        case .phase: ["phase", "action", "event", "eventtype", "touchphase", "actiontype"]
        case .instrument: ["instrument", "questionnaire", "scale", "survey"]
        case .item: ["item", "question", "itemid", "questionid"]
        case .value: ["value", "score", "rating", "response", "answer"]
        case .effectiveAmplitude: ["effectiveamplitude", "ae"]
        case .deviation: ["deviation", "dx", "deviationx"]
        case .role: ["role", "type", "kind", "taptype", "touchtype", "tapkind", "touchkind", "taprole"]
        case .onset: ["onset", "onsetms", "stimulusonset", "targetonset", "shownat"]
        case .presented:
            [
                "presented", "p", "presentedtext", "presentedphrase", "stimulus", "phrasepresented", "prompt",
                "prompttext", "targetphrase", "targettext",
            ]
        case .transcribed:
            [
                "transcribed", "t", "transcribedtext", "transcribedphrase", "typed", "phrasetyped", "typedtext",
                "enteredtext", "transcription",
            ]
        case .inputStream: ["inputstream", "is", "keystrokes", "keys", "keystream", "keystrokestream"]
        case .timeS:
            [
                "times", "seconds", "secs", "time(s)", "time(sec)", "inputtimes", "inputtime(s)", "inputtime(sec)",
                "inputtimesec", "durations", "elapseds", "transcriptiontimes",
            ]
        }
    }

    /// Normalised column names that match this field only when no column matches one of
    /// its ``aliases(for:)`` and the column's first values are whole numbers: words that
    /// often name a factor, such as `session` beside a `block` column or with levels `s1`.
    public var fallbackAliases: [String] {
        switch self {
        case .block: ["set", "session", "round"]
        default: []
        }
    }

    /// The field of `kind` that a ``ImportOptions/map`` key names: its own name, its
    /// ``databaseColumn``, or any of its aliases.
    public static func named(_ key: String, for kind: RowKind) -> ImportField? {
        let normalized = normalize(key)
        let fields = fields(for: kind)
        return fields.first { normalize($0.rawValue) == normalized }
            ?? fields.first { normalize($0.databaseColumn) == normalized }
            ?? fields.first { $0.aliases(for: kind).contains(normalized) || $0.fallbackAliases.contains(normalized) }
    }

    /// Normalised names of a phrase log's time column that say no unit (`time`,
    /// `input_time`): the import asks for one rather than guess.
    public static let unitlessPhraseTimes: Set<String> = [
        "time", "inputtime", "duration", "elapsed", "elapsedtime", "transcriptiontime", "entrytime", "phrasetime",
    ]

    /// Whether a normalised column name says a phrase's time without its unit.
    static func isUnitlessPhraseTime(_ name: String) -> Bool {
        unitlessPhraseTimes.contains(name)
    }

    /// Values of a touch log's ``role`` column (compared normalised) that mark a tap
    /// belonging to no trial, such as the start button a participant taps before each
    /// trial: such a touch is stored without a trial number and derives no trial.
    public static let noTrialRoles: Set<String> = [
        "start", "starttap", "startbutton", "begin", "ready", "home", "notrial", "none",
    ]

    /// Lower case without `_`, `-` and spaces: the form in which column names are compared.
    public static func normalize(_ name: String) -> String {
        ColumnName.normalized(name)
    }
}
