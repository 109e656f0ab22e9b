/// A phrase's input stream logged as a JSON array of key events that say where each key
/// was touched: `[{"key": "h", "x": 101.5, "y": 622, "t": 1200, "key_x": 99, "key_y": 620}, ...]`.
/// Elements may also be plain key names, as in a stream without touch points.
enum KeyEventList {
    /// A malformed key event, in words for the row's problem.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// Normalised member names of a key event, per part.
    private static let memberNames: [(part: Part, names: Set<String>)] = [
        (.key, ["key", "k", "char", "character", "letter", "label", "keyname"]),
        (.x, ["x", "tapx", "touchx"]),
        (.y, ["y", "tapy", "touchy"]),
        (.time, ["t", "time", "timestamp", "tms", "timems", "ts"]),
        (.centreX, ["keyx", "centrex", "centerx", "keycentrex", "keycenterx", "kx", "cx"]),
        (.centreY, ["keyy", "centrey", "centery", "keycentrey", "keycentery", "ky", "cy"]),
    ]

    private enum Part { case key, x, y, time, centreX, centreY }

    /// Whether `logged` is a JSON array with an object among its elements.
    static func holdsEvents(_ logged: String) -> Bool {
        let bytes = logged.utf8
        return bytes.first(where: { $0 != UInt8(ascii: " ") }) == UInt8(ascii: "[")
            && bytes.contains(UInt8(ascii: "{"))
    }

    /// The stream and the touched keys of a logged array of key events; each tap without a
    /// centre takes its key's centre from `layout`.
    /// - Throws: ``KeystrokeStream/UnknownKey`` for a key name no stream knows, or
    ///   ``Problem`` for invalid JSON or an event without a key, or with an x but no y.
    static func read(_ logged: String, layout: KeyboardLayout?) throws -> (stream: KeystrokeStream, taps: [KeyTap]) {
        let root: JSONDocument.Node
        do {
            root = try JSONDocument(bytes: Array(logged.utf8), file: "").root
        } catch {
            throw Problem(message: "expected a JSON array of key events, found text that is not valid JSON")
        }
        guard case .array(let items) = root.value else {
            throw Problem(message: "expected a JSON array of key events, found \(root.kindName)")
        }
        var keys: [KeystrokeStream.Key] = []
        var taps: [KeyTap] = []
        keys.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let name = item.string {
                keys.append(try KeystrokeStream.key(named: name))
                continue
            }
            guard case .object(let members) = item.value else {
                throw Problem(message: "expected key event \(index + 1) to be a key name or an object, found \(item.kindName)")
            }
            var parts: [Part: JSONDocument.Node] = [:]
            for (name, node) in members {
                let normalized = ImportField.normalize(name)
                if let part = memberNames.first(where: { $0.names.contains(normalized) })?.part, parts[part] == nil {
                    parts[part] = node
                }
            }
            guard let name = parts[.key]?.string else {
                throw Problem(message: "expected key event \(index + 1) to name its key (\"key\": \"h\"), found none")
            }
            let key = try KeystrokeStream.key(named: name)
            keys.append(key)
            func number(_ part: Part, _ label: String) throws -> Double? {
                guard let node = parts[part], node.kindName != "null" else { return nil }
                guard let value = node.number, value.isFinite else {
                    throw Problem(message: "expected a number for \(label) of key event \(index + 1), found \(node.kindName)")
                }
                return value
            }
            let x = try number(.x, "the x")
            let y = try number(.y, "the y")
            let centreX = try number(.centreX, "the key centre's x")
            let centreY = try number(.centreY, "the key centre's y")
            guard (x == nil) == (y == nil), (centreX == nil) == (centreY == nil) else {
                throw Problem(message: "key event \(index + 1) gives one coordinate of a point without the other; give x with y")
            }
            guard let x, let y else { continue }
            let tap = KeyTap(
                key: KeyTap.name(of: key), x: x, y: y, timeMS: try number(.time, "the time"), centreX: centreX,
                centreY: centreY)
            taps.append(layout?.centred(tap) ?? tap)
        }
        return (KeystrokeStream(keys: keys), taps)
    }
}
