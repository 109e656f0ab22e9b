import Foundation
import ThumbLab

/// `thumblab import --set field=value` and `--name-pattern PATTERN`: values every row of a
/// file gets that the file holds in no column, given or read from the file's name.
enum ImportConstantOptions {
    static let set = Option<[ConstantSetting]>(
        "--set", value: "field=value",
        help:
            "Give every row this value (participant, block, trial, or a factor of any other name), for a file without such a column."
    )
    static let namePattern = Option<String?>(
        "--name-pattern", value: "pattern",
        help:
            "Read values from each file's name: {name} placeholders (fields or factors, as --set) between literal text, such as {participant}_{technique}.csv."
    )

    /// Puts the constants and the pattern into `options`, and checks every file's name
    /// against the pattern before any file is imported.
    /// - Throws: ``CLIError/usage(_:)`` for a field given twice or both ways;
    ///   ``ThumbLabError/importSetup(_:)`` for a malformed pattern and
    ///   ``ThumbLabError/fileNameMismatch(path:pattern:)`` for a name that does not match.
    static func apply(_ arguments: ParsedArguments, files: [String], to options: inout ImportOptions) throws {
        let settings = arguments[Self.set]
        options.constants = settings.map { ImportConstant(name: $0.name, value: $0.value) }
        let pattern = try arguments[Self.namePattern].map(FileNamePattern.init)
        options.namePattern = pattern
        var seen = Set<String>()
        for name in settings.map(\.name) + (pattern?.names ?? []) {
            let key = ImportField.normalize(name)
            guard seen.insert(key).inserted else {
                let inPattern = pattern?.names.contains { ImportField.normalize($0) == key } ?? false
                let both = settings.filter { ImportField.normalize($0.name) == key }.count == 1 && inPattern
                throw CLIError.usage(
                    both
                        ? "--set \(name)=... and {\(name)} of --name-pattern both give \(name); give it one way"
                        : "--set gives \(name) twice; give it once")
            }
        }
        if let pattern {
            for file in files { _ = try pattern.values(forFileAt: file) }
        }
    }
}

/// `--set field=value`: a value every row of a file gets.
struct ConstantSetting: ExpressibleByArgument {
    var name: String
    var value: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        name = String(argument[..<equals]).trimmingCharacters(in: .whitespaces)
        value = String(argument[argument.index(after: equals)...])
        guard !name.isEmpty, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    }

    var argumentText: String { "\(name)=\(value)" }
    static var expectation: String { "field=value" }

    /// `--set expects field=value, such as --set participant=P01; found 'participant'.`
    static func invalidMessage(_ word: String, for label: String) -> String {
        "\(label) expects \(expectation) with a value, such as \(label) participant=P01; found '\(word)'."
    }
}
