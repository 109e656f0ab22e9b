import Foundation

/// The keys of every object of a JSON file, gathered in one pass: the first object's keys
/// in their order, then each new key where it first appears.
///
/// Keys are compared as they are written; a key is decoded only when its bytes are new,
/// and loggers write the same keys in the same order on every line, so the key at each
/// position is first compared with the one found there before.
struct JSONKeyUnion {
    /// The decoded key names, in the order they first appear.
    private(set) var names: [String] = []
    /// Line and column where each name first appears.
    private(set) var places: [(line: Int, column: Int)] = []
    private var indexOfName: [String: Int] = [:]
    /// The written bytes of every spelling seen, with the name it decodes to.
    private var indexOfSpelling: [[UInt8]: Int] = [:]
    private var spellings: [[UInt8]] = []
    private var spellingName: [Int] = []
    /// The spelling last seen at each key position of an object.
    private var spellingAtPosition: [Int] = []
    private var position = 0

    /// Adds the next key of the current object; `range` holds its bytes in `bytes`, the
    /// object's, without the quotes. `place` gives the key's line and column, asked only
    /// for a name not seen before.
    mutating func add(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, place: () -> (line: Int, column: Int)
    ) {
        defer { position += 1 }
        let key = UnsafeBufferPointer(rebasing: bytes[range])
        if position < spellingAtPosition.count, Self.equal(spellings[spellingAtPosition[position]], key) { return }
        let spelling: Int
        if let known = indexOfSpelling[Array(key)] {
            spelling = known
        } else {
            spelling = spellings.count
            spellings.append(Array(key))
            indexOfSpelling[Array(key)] = spelling
            let name = Self.decode(bytes, range)
            if let known = indexOfName[name] {
                spellingName.append(known)
            } else {
                indexOfName[name] = names.count
                spellingName.append(names.count)
                names.append(name)
                places.append(place())
            }
        }
        if position < spellingAtPosition.count {
            spellingAtPosition[position] = spelling
        } else {
            spellingAtPosition.append(spelling)
        }
    }

    /// Marks the start of the next object.
    mutating func startObject() { position = 0 }

    private static func equal(_ known: [UInt8], _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard known.count == key.count else { return false }
        return key.isEmpty
            || known.withUnsafeBufferPointer { memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }
    }

    /// The text of a key whose bytes (without quotes) are at `range`, escapes decoded.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var text: [UInt8] = []
        var cursor = JSONCursor(bytes, at: range.lowerBound - 1)
        guard (try? cursor.string(into: &text)) != nil else {
            return String(decoding: bytes[range], as: UTF8.self)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
