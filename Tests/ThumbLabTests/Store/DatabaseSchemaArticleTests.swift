import Foundation
import Testing

@testable import ThumbLab

/// The DatabaseSchema article against the schema a new database gets: every table, view
/// and column is described, the version table reaches the current version, and every SQL
/// example runs.
@Suite struct DatabaseSchemaArticleTests {
    static let article = repositoryRoot.appendingPathComponent("Sources/ThumbLab/ThumbLab.docc/DatabaseSchema.md")

    static func text() throws -> String {
        try String(contentsOf: article, encoding: .utf8)
    }

    /// The article's description of `table`: from its `**table**:` line to the next
    /// table's or the next heading.
    static func section(of table: String, in text: String) -> String? {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("**\(table)**:") }) else { return nil }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix("**") || $0.hasPrefix("#") } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    static func names(_ database: StudyDatabase, type: String) throws -> [String] {
        try rows(
            database,
            "SELECT name FROM sqlite_schema WHERE type = '\(type)' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    }

    static func columns(_ database: StudyDatabase, of table: String) throws -> [String] {
        try rows(database, "SELECT name FROM pragma_table_info('\(table)') ORDER BY cid")
    }

    @Test func everyTableAndColumnIsDescribed() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let text = try Self.text()
        let trialColumns = Set(try Self.columns(database, of: "trial"))
        for table in try Self.names(database, type: "table") {
            let section = try #require(
                Self.section(of: table, in: text), "DatabaseSchema.md has no **\(table)**: entry")
            // covered_trial is described as "the columns of `trial`" plus its own.
            let described = try Self.columns(database, of: table).filter {
                $0 != "id" && !(table == "covered_trial" && trialColumns.contains($0))
            }
            for column in described {
                #expect(section.contains("`\(column)`"), "DatabaseSchema.md does not describe \(table).\(column)")
            }
        }
    }

    @Test func everyViewIsListed() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let text = try Self.text()
        let views = try Self.names(database, type: "view")
        #expect(!views.isEmpty)
        for view in views {
            #expect(text.contains("| `\(view)` |"), "DatabaseSchema.md's table of views lacks \(view)")
        }
        let condition = try #require(text.components(separatedBy: "\n").first { $0.hasPrefix("| `condition_long` |") })
        for column in try Self.columns(database, of: "condition_long") {
            #expect(condition.contains("`\(column)`"), "condition_long's row lacks \(column)")
        }
    }

    @Test func theVersionTableReachesTheCurrentVersion() throws {
        let text = try Self.text()
        #expect(text.contains("`PRAGMA user_version`, \(Schema.currentVersion) for this release"))
        for version in 1...Schema.currentVersion {
            #expect(text.contains("\n| \(version) | "), "DatabaseSchema.md's version table lacks version \(version)")
        }
        #expect(!text.contains("\n| \(Schema.currentVersion + 1) | "))
    }

    /// Each ```sql block of the article, run on a new database (statements one at a time).
    @Test func everySQLExampleRuns() throws {
        let text = try Self.text()
        let blocks = text.components(separatedBy: "```sql\n").dropFirst().map {
            $0.components(separatedBy: "```")[0]
        }
        #expect(blocks.count >= 5)
        let folder = try TestDirectory()
        let database = try folder.database()
        for block in blocks {
            for statement in block.components(separatedBy: ";")
            where !statement.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                do {
                    _ = try rows(database, statement)
                } catch {
                    Issue.record("DatabaseSchema.md's example fails: \(error)\n\(statement)")
                }
            }
        }
    }
}
