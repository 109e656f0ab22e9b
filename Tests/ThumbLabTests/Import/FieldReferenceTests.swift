import Foundation
import Testing

@testable import ThumbLab

/// A `map` key may be a field's name or its database column alike.
@Suite struct FieldReferenceTests {
    @Test(arguments: RowKind.fileKinds)
    func mapTakesFieldNamesAndDatabaseColumns(kind: RowKind) {
        for field in ImportField.fields(for: kind) {
            #expect(ImportField.named(field.rawValue, for: kind) == field)
            // A miss is stored in `hit`, which names the hit field itself.
            if field != .miss { #expect(ImportField.named(field.databaseColumn, for: kind) == field) }
        }
        #expect(
            ImportField.named("target_width", for: kind)
                == ([.responses, .participants, .phrases].contains(kind) ? nil : .targetWidth))
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
