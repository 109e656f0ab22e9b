import Foundation
import Testing
import ThumbLab

@testable import thumblab

/// The field reference generated from ``ImportField``: `thumblab help import` prints it and
/// the Importing article holds it as generated.
@Suite struct ImportFieldTableTests {
    static let article = repositoryRoot().appendingPathComponent("Sources/ThumbLab/ThumbLab.docc/Importing.md")

    @Test func theArticleHoldsTheGeneratedTables() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let generated = ImportFieldTable.markdown()
        #expect(text.contains(ImportFieldTable.matchingNote))
        #expect(text.contains(generated), "regenerate the tables in Importing.md from ImportFieldTable.markdown()")
    }

    @Test(arguments: RowKind.allCases)
    func everyFieldOfEveryKindIsListedWithItsAliases(kind: RowKind) {
        let table = ImportFieldTable.table(for: kind)
        #expect(table.rows.map { $0[0].plainText } == ImportField.fields(for: kind).map(\.rawValue))
        for (row, field) in zip(table.rows, ImportField.fields(for: kind)) {
            let aliases = row[3].plainText
            #expect(field.aliases(for: kind).allSatisfy { aliases.contains($0) })
            // A tap's role is not stored: it decides whether the touch belongs to a trial; nor
            // is an onset: it starts the time of the trial in the onset timing model.
            let column =
                switch field {
                case .participant: "label"
                case .role: "trial_id (NULL for a start tap)"
                case .onset: "time_ms (where the onset timing model starts it)"
                case .timeS: "time_ms (× 1000)"
                default: field.databaseColumn
                }
            #expect(row[1].plainText.hasSuffix("." + column))
        }
        let text = ImportFieldTable.text()
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let lines = text.split(separator: "\n")
        for field in ImportField.fields(for: kind) {
            let label = "    \(field.rawValue)"
            #expect(lines.contains { $0 == label || $0.hasPrefix(label + " ") }, "\(field.rawValue)")
        }
    }
}
