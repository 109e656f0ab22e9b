/// Builds an HTML document as text that is also well-formed XML: every element closed,
/// void elements written as `<meta ... />`, attributes in the order given, text and
/// attribute values escaped. The same calls always give the same bytes.
package struct HTMLWriter: Sendable, MarkupEscaping {
    /// The text written so far.
    package private(set) var text = ""
    private var open: [String] = []

    /// Creates an empty document.
    package init() {}

    /// Opens `tag` with its attributes (a `nil` value leaves the attribute out); closed by
    /// ``close()``.
    package mutating func open(_ tag: String, _ attributes: [(String, String?)] = []) {
        text += "<\(tag)\(Self.attributes(attributes))>"
        open.append(tag)
    }

    /// Closes the innermost open element, then starts a new line.
    package mutating func close() {
        guard let tag = open.popLast() else { return }
        text += "</\(tag)>\n"
    }

    /// An element holding escaped `content`, on a line of its own.
    package mutating func element(_ tag: String, _ attributes: [(String, String?)] = [], _ content: String) {
        text += "<\(tag)\(Self.attributes(attributes))>\(Self.escape(content))</\(tag)>\n"
    }

    /// A void element such as `<meta>`, written self-closed.
    package mutating func void(_ tag: String, _ attributes: [(String, String?)] = []) {
        text += "<\(tag)\(Self.attributes(attributes))/>\n"
    }

    /// Escaped text inside the current element.
    package mutating func write(_ content: String) { text += Self.escape(content) }

    /// Markup written as it is: an inline SVG, a style sheet or a script that the caller
    /// built to be well-formed.
    package mutating func raw(_ markup: String) { text += markup }

    /// The document so far with every element still open closed.
    package mutating func finished() -> String {
        while !open.isEmpty { close() }
        return text
    }

    /// An identifier from any text: lower-case letters, digits and single hyphens.
    package static func identifier(_ text: String) -> String {
        var out = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                out.append(character)
            } else if !out.isEmpty, out.last != "-" {
                out.append("-")
            }
        }
        while out.last == "-" { out.removeLast() }
        return out.isEmpty ? "section" : out
    }

    private static func attributes(_ attributes: [(String, String?)]) -> String {
        attributes.compactMap { name, value in value.map { " \(name)=\"\(escape($0))\"" } }.joined()
    }
}
