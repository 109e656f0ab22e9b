import Foundation
import Testing

@testable import ThumbLab

/// The field reference generated from ``ImportField``: the Importing article holds it as
/// generated, and `--map` takes a field's name and its database column alike.
@Suite struct FieldReferenceTests {
    static let article = repositoryRoot.appendingPathComponent("Sources/ThumbLab/ThumbLab.docc/Importing.md")

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

    @Test(arguments: RowKind.allCases)
    func mapTakesFieldNamesAndDatabaseColumns(kind: RowKind) {
        for field in ImportField.fields(for: kind) {
            #expect(ImportField.named(field.rawValue, for: kind) == field)
            // A miss is stored in `hit`, which names the hit field itself.
            if field != .miss { #expect(ImportField.named(field.databaseColumn, for: kind) == field) }
        }
        #expect(ImportField.named("target_width", for: kind) == (kind == .responses ? nil : .targetWidth))
        #expect(ImportField.named("t_ms", for: .touches) == .timestamp)
    }

    @Test func mappedByTheDatabaseColumnNameTheColumnIsRead() throws {
        let result = try importInMemory(
            "who,size,mt\nP1,44,500\n", options: ImportOptions(map: ["participant": "who", "target_width": "size"]))
        #expect(result.sink.trials.map(\.targetWidth) == [44])
        let touches = try importInMemory(
            "pid,stamp,x,y,phase\nP1,5,1,2,down\nP1,9,1,2,up\n", options: ImportOptions(map: ["t_ms": "stamp"]))
        #expect(touches.sink.touches.map(\.timeMS) == [5, 9])
    }
}
