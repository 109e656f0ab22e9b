import Foundation
import Testing

/// `thumblab factor add` at the shell: a derived factor from a location and the hand,
/// listed by `batches`, stated in the report's Methods and JSON, refused with exit 65 when
/// the table misses keys, and removed by `undo`.
@Suite struct FactorCommandTests {
    static let people = "participant,handed\nP1,right\nP2,left\n"
    static let log = """
        participant,location,time_ms,hit
        P1,1,500,1
        P1,2,610,0
        P1,1,530,1
        P1,2,640,1
        P2,1,540,1
        P2,2,650,1
        P2,1,520,1
        P2,2,600,1

        """
    static let mapping = "location,handed,column\n1,right,near\n1,left,far\n2,right,far\n2,left,near\n"

    static func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.write("people.csv", Self.people)
        try sandbox.write("log.csv", Self.log)
        try sandbox.write("map.csv", Self.mapping)
        #expect(try sandbox.run(["import", "people.csv", "log.csv"]).status == 0)
        return sandbox
    }

    @Test func aTableGivesTheTrialsAFactorThatTheReportNamesAndUndoRemoves() throws {
        let sandbox = try Self.sandbox()
        let added = try sandbox.run(["factor", "add", "--from", "map.csv"])
        #expect(added.status == 0)
        #expect(
            added.stdout == """
                Batch 3: factor column derived from location, handed (map.csv, study 'default').
                  given to  8 trials
                  undo      thumblab undo 3

                """)
        #expect(try sandbox.run(["batches"]).stdout.contains(" 3  default  factors "))
        let summary = try sandbox.run(["summary", "--by", "column", "--format", "csv"]).stdout
        #expect(summary.contains("\nnear,2,4,"))
        #expect(summary.contains("\nfar,2,4,"))

        #expect(try sandbox.run(["report", "--out", "out", "--format", "json"]).status == 0)
        let json = try String(contentsOfFile: sandbox.path("out/report.json"), encoding: .utf8)
        #expect(json.contains("The factor column was derived from location and handed by a mapping table (map.csv)."))
        #expect(json.contains("\"derived_factors\""))

        let undone = try sandbox.run(["undo", "3"])
        #expect(undone.stdout.hasPrefix("Removed batch 3: 8 trials given derived factors from map.csv"))
        #expect(!(try sandbox.run(["info"]).stdout.contains("column")))
    }

    @Test func aTableMissingAKeyExits65AndChangesNothing() throws {
        let sandbox = try Self.sandbox()
        try sandbox.write("short.csv", "location,handed,column\n1,right,near\n1,left,far\n2,right,far\n")
        let refused = try sandbox.run(["factor", "add", "--from", "short.csv"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("short.csv:1:1: no row for location=2, handed=left, which rows of P2 have"))
        #expect(refused.stderr.contains("Nothing was changed."))
        #expect(try sandbox.run(["batches", "--format", "json"]).stdout.components(separatedBy: "\"kind\"").count == 3)
    }

    @Test func jsonNamesTheKeysAndTheirKinds() throws {
        let sandbox = try Self.sandbox()
        let added = try sandbox.run(["factor", "add", "--from", "map.csv", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
        #expect(object?["factors"] as? [String] == ["column"])
        let keys = object?["keys"] as? [[String: String]]
        #expect(keys == [["name": "location", "kind": "factor"], ["name": "handed", "kind": "attribute"]])
        #expect(object?["trials"] as? Int == 8)
    }

    @Test func anAttributeIsAFactorForTheComparisons() throws {
        let sandbox = try Self.sandbox()
        let added = try sandbox.run(["factor", "add", "--attribute", "handed"])
        #expect(added.status == 0)
        #expect(added.stdout.hasPrefix("Batch 3: factor handed derived from handed (participant attribute handed"))
        let summary = try sandbox.run(["summary", "--by", "handed", "--format", "csv"])
        #expect(summary.stdout.contains("\nright,1,4,"))
        #expect(summary.stdout.contains("\nleft,1,4,"))
        let neither = try sandbox.run(["factor", "add"])
        #expect(neither.status == 64)
        #expect(neither.stderr.contains("Give one of --from TABLE and --attribute NAME."))
        let both = try sandbox.run(["factor", "add", "--from", "map.csv", "--attribute", "handed"])
        #expect(both.status == 64)
    }

    @Test func importRefusesTheFactorsKind() throws {
        let sandbox = try Self.sandbox()
        let refused = try sandbox.run(["import", "map.csv", "--kind", "factors"])
        #expect(refused.status == 64)
    }
}
