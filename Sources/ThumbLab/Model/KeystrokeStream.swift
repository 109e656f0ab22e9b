import Foundation

/// A phrase's input stream: every key pressed, in order, with backspaces and deletes as
/// fixes. Logged as text in which one character is a backspace (TextTest writes `<`), or as
/// a JSON array of key names (`["h", "i", "Backspace", "Space"]`).
public struct KeystrokeStream: Sendable, Equatable {
    /// One key press.
    public enum Key: Sendable, Equatable {
        /// A character entered.
        case character(Character)
        /// A backspace: removes the character before the cursor.
        case backspace
        /// A forward delete: removes the character after the cursor.
        case delete
    }

    /// How the keys are held: as keys, or (an ASCII stream logged as text) as its bytes
    /// and the byte that marks a backspace, which costs no key per byte.
    private enum Storage: Sendable, Equatable {
        case keys([Key])
        case text([UInt8], backspace: UInt8)
    }

    private var storage: Storage

    /// The keys, in order.
    public var keys: [Key] {
        get {
            switch storage {
            case .keys(let keys): keys
            case .text(let bytes, let backspace):
                bytes.map { $0 == backspace ? .backspace : .character(Character(Unicode.Scalar($0))) }
            }
        }
        set { storage = .keys(newValue) }
    }

    /// A stream of these keys.
    public init(keys: [Key]) {
        storage = .keys(keys)
    }

    public static func == (a: KeystrokeStream, b: KeystrokeStream) -> Bool { a.keys == b.keys }

    /// Reads a logged stream: a JSON array of key names when `logged` is one, else text in
    /// which `backspace` marks a backspace.
    /// - Throws: ``KeystrokeStream/UnknownKey`` for a name in a JSON array that is neither a
    ///   single character nor a key this reader knows.
    public init(logged: String, backspace: Character = "<") throws {
        let bytes = logged.utf8
        if bytes.first(where: { $0 != UInt8(ascii: " ") }) == UInt8(ascii: "["),
            bytes.last(where: { $0 != UInt8(ascii: " ") }) == UInt8(ascii: "]"),
            let names = try? JSONDecoder().decode([String].self, from: Data(bytes))
        {
            storage = .keys(try names.map(Self.key(named:)))
        } else if let mark = backspace.asciiValue, logged.isASCIIText {
            storage = .text(Array(logged.utf8), backspace: mark)
        } else {
            storage = .keys(logged.map { $0 == backspace ? .backspace : .character($0) })
        }
    }

    /// A key name that is no character and no known key.
    public struct UnknownKey: Error, Equatable {
        /// The name as logged.
        public var name: String
    }

    /// The key a JSON stream names: a single character, or `Backspace`, `Delete`, `Space`,
    /// in any case.
    static func key(named name: String) throws -> Key {
        if name.count == 1, let character = name.first { return .character(character) }
        switch name.lowercased() {
        case "backspace", "bksp", "back": return .backspace
        case "delete", "del": return .delete
        case "space", "spacebar": return .character(" ")
        default: throw UnknownKey(name: name)
        }
    }

    /// |IS|: every key, fixes included.
    public var keystrokes: Int {
        switch storage {
        case .keys(let keys): keys.count
        case .text(let bytes, _): bytes.count
        }
    }

    /// F: the backspaces and deletes.
    public var fixes: Int {
        switch storage {
        case .keys(let keys): keys.count { !Self.entersCharacter($0) }
        case .text(let bytes, let backspace): bytes.count { $0 == backspace }
        }
    }

    private static func entersCharacter(_ key: Key) -> Bool {
        if case .character = key { return true }
        return false
    }

    /// Whether replaying the keys gives `text`. A stream with a forward delete cannot be
    /// replayed without the cursor's moves, which streams do not log; it is taken to
    /// produce any text of its length less its fixes.
    public func produces(_ text: String) -> Bool {
        if case .text(let bytes, let backspace) = storage {
            var typed: [UInt8] = []
            typed.reserveCapacity(bytes.count)
            for byte in bytes {
                if byte == backspace { _ = typed.popLast() } else { typed.append(byte) }
            }
            return typed.elementsEqual(text.utf8)
        }
        let keys = self.keys
        var typed: [Character] = []
        var forward = false
        for key in keys {
            switch key {
            case .character(let character): typed.append(character)
            case .backspace: _ = typed.popLast()
            case .delete: forward = true
            }
        }
        if forward { return keys.count - 2 * fixes == text.count }
        return String(typed) == text
    }
}
