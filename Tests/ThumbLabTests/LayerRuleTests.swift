import Foundation
import Testing

/// The library's folders are layers whose arrows point down only: Support and Model at the
/// bottom, Store on them, Import and Analysis on Store, Report on Analysis, Workflows (the
/// demo, which joins importing and reporting) on top. A file may use
/// a type declared in its own layer or one below, never one above or beside.
@Suite struct LayerRuleTests {
    static let below: [String: Set<String>] = [
        "Support": [],
        "Model": ["Support"],
        "Store": ["Support", "Model"],
        "Import": ["Support", "Model", "Store"],
        "Analysis": ["Support", "Model", "Store"],
        "Report": ["Support", "Model", "Store", "Analysis"],
        "Workflows": ["Support", "Model", "Store", "Import", "Analysis", "Report"],
    ]

    static let sources = repositoryRoot.appendingPathComponent("Sources/ThumbLab")

    /// Every Swift file of the library with its layer and its text, comments left out.
    static func files() throws -> [(path: String, layer: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var found: [(String, String, String)] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
            }
            found.append((relative, String(relative.split(separator: "/")[0]), code.joined(separator: "\n")))
        }
        return found
    }

    /// The names a text declares as types, at any depth.
    static func declaredTypes(_ text: String, topLevelOnly: Bool) throws -> Set<String> {
        let indent = topLevelOnly ? "" : "[ \\t]*"
        let pattern = try Regex(
            "(?m)^\(indent)(?:(?:public|package|private|fileprivate|internal|final|indirect)\\s+)*"
                + "(?:struct|enum|class|protocol|typealias|actor)\\s+(\\w+)")
        return Set(text.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) })
    }

    @Test func everyFileUsesTypesOfItsLayerOrBelowOnly() throws {
        let files = try Self.files()
        #expect(Set(files.map(\.layer)) == Set(Self.below.keys), "a folder of Sources/ThumbLab outside the layers")
        var owners: [String: Set<String>] = [:]
        for file in files {
            for name in try Self.declaredTypes(file.text, topLevelOnly: true) {
                owners[name, default: []].insert(file.layer)
            }
        }
        let word = try Regex("[A-Za-z_][A-Za-z0-9_]*")
        var arrows: [String] = []
        for file in files {
            let allowed = (Self.below[file.layer] ?? []).union([file.layer])
            let own = try Self.declaredTypes(file.text, topLevelOnly: false)
            let words = Set(file.text.matches(of: word).map { String(file.text[$0.range]) })
            for name in words.subtracting(own) {
                guard let layers = owners[name], layers.count == 1, let layer = layers.first, !allowed.contains(layer)
                else { continue }
                arrows.append("\(file.path) (\(file.layer)) uses \(name) of \(layer)")
            }
        }
        #expect(arrows.isEmpty, "\(arrows.sorted().joined(separator: "\n"))")
    }
}

/// The library reads no environment variable: the command line resolves `THUMBLAB_DB`,
/// `THUMBLAB_DATASETS` and the import's cache size and passes them in.
@Suite struct LibraryEnvironmentTests {
    @Test func noFileOfTheLibraryReadsTheEnvironment() throws {
        let readers = try LayerRuleTests.files().filter { file in
            file.text.contains("processInfo.environment") || file.text.contains("getenv(")
                || file.text.contains("setenv(")
        }
        #expect(readers.isEmpty, "\(readers.map(\.path))")
    }
}
