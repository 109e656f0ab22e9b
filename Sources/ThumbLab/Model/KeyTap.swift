/// One key press of a text-entry phrase where the logger wrote where the thumb touched:
/// the key the keyboard registered, the touch point and, where known, the key's centre, all
/// in the log's screen units (px, y down).
public struct KeyTap: Sendable, Equatable {
    /// The key's name: the character it enters (`a`, `.`), or `Space`, `Backspace`,
    /// `Delete`.
    public var key: String
    /// Where the touch landed.
    public var x: Double
    /// Where the touch landed, y down.
    public var y: Double
    /// When, on the log's clock in ms; `nil` where not logged.
    public var timeMS: Double?
    /// The centre of the key, from the log or a keyboard layout; `nil` where neither gives it.
    public var centreX: Double?
    /// The centre's y.
    public var centreY: Double?

    /// A key press at (`x`, `y`).
    public init(key: String, x: Double, y: Double, timeMS: Double? = nil, centreX: Double? = nil, centreY: Double? = nil) {
        self.key = key
        self.x = x
        self.y = y
        self.timeMS = timeMS
        self.centreX = centreX
        self.centreY = centreY
    }

    /// The name a key press is stored under: `Space` for a space, the character otherwise.
    static func name(of key: KeystrokeStream.Key) -> String {
        switch key {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .backspace: "Backspace"
        case .delete: "Delete"
        }
    }
}

/// Where the keys of an on-screen keyboard sit: each key's centre and, where given, its
/// size, in the units of the logs' touch points (px, y down).
public struct KeyboardLayout: Sendable, Equatable {
    /// One key.
    public struct Key: Sendable, Equatable {
        /// The key's name as ``KeyTap/key`` gives it (`a`, `Space`, `Backspace`).
        public var name: String
        /// The centre.
        public var x: Double
        /// The centre's y.
        public var y: Double
        /// The key's width; `nil` where the layout does not give it.
        public var width: Double?
        /// The key's height; `nil` where the layout does not give it.
        public var height: Double?

        /// A key centred at (`x`, `y`).
        public init(name: String, x: Double, y: Double, width: Double? = nil, height: Double? = nil) {
            self.name = name
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The keys, in the layout's order.
    public var keys: [Key]
    private var index: [String: Int] = [:]

    /// A layout of `keys`, each name given once.
    public init(keys: [Key]) {
        self.keys = keys
        for (position, key) in keys.enumerated() {
            index[key.name] = index[key.name] ?? position
            index[Self.folded(key.name)] = index[Self.folded(key.name)] ?? position
        }
    }

    /// The key named `name`: the same name, else the same name in lower case (a layout
    /// names its letter keys once, taps log `A` when shifted), and `Space`, `Backspace`
    /// or `Delete` in any case.
    public func key(named name: String) -> Key? {
        (index[name] ?? index[Self.folded(name)]).map { keys[$0] }
    }

    /// A key name in the form two spellings of one key share.
    static func folded(_ name: String) -> String {
        guard let key = try? KeystrokeStream.key(named: name) else { return name.lowercased() }
        return KeyTap.name(of: key).lowercased()
    }

    public static func == (a: KeyboardLayout, b: KeyboardLayout) -> Bool { a.keys == b.keys }

    /// The tap with its key's centre from this layout where the tap does not give one.
    func centred(_ tap: KeyTap) -> KeyTap {
        guard tap.centreX == nil || tap.centreY == nil, let key = key(named: tap.key) else { return tap }
        var centred = tap
        centred.centreX = key.x
        centred.centreY = key.y
        return centred
    }
}
