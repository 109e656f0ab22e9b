import Foundation
import Testing

@testable import ThumbLab

/// Ranges of numeric levels in `--where` and `--exclude` (and in a stored plan, which holds
/// the filter as written): `A..B` with open ends and negative numbers, `A-B` unless a level
/// is spelt so, on factors and on blocks.
@Suite struct LevelRangeTests {
    static func study() throws -> (Study, DatabaseFixture) {
        let fixture = try DatabaseFixture(seeded: false)
        var log = "participant,block,size,offset,label,time_ms,hit\n"
        for participant in ["P1", "P2"] {
            for block in 0...3 {
                for (size, offset, label) in [("2.5", "-10", "1-2"), ("4", "-2", "a"), ("6.5", "0", "1"), ("9", "15", "2")] {
                    log += "\(participant),\(block),\(size),\(offset),\(label),500,1\n"
                }
            }
        }
        let path = fixture.write(log, named: "log.csv")
        _ = try fixture.importer.importFile(at: path, options: ImportOptions(study: "s"))
        return (Study(database: fixture.database), fixture)
    }

    /// The levels of `factor` among the trials the selection keeps.
    static func kept(_ study: Study, _ factor: String, where keep: [String] = [], exclude: [String] = []) throws
        -> Set<String>
    {
        let selection = Selection(
            study: "s", keep: try keep.map(LevelFilter.init(parsing:)), exclude: try exclude.map(LevelFilter.init(parsing:)))
        let report = try study.summary(SummaryRequest(by: [factor]), selection: selection)
        return Set(report.rows.map { $0.levels[0] })
    }

    @Test(arguments: [
        ("size=4..7", ["4", "6.5"]), ("size=..4", ["2.5", "4"]), ("size=6..", ["6.5", "9"]), ("size=4-9", ["4", "6.5", "9"]),
        ("offset=-10..-2", ["-10", "-2"]), ("offset=-5..", ["-2", "0", "15"]), ("size=2.5,6..", ["2.5", "6.5", "9"]),
    ])
    func whereKeepsTheLevelsInTheRange(filter: String, levels: [String]) throws {
        let (study, _) = try Self.study()
        let factor = String(filter.prefix { $0 != "=" })
        #expect(try Self.kept(study, factor, where: [filter]) == Set(levels))
    }

    @Test func excludeLeavesTheRangeOutAndBlocksTakeRangesToo() throws {
        let (study, _) = try Self.study()
        #expect(try Self.kept(study, "size", exclude: ["size=3..7"]) == ["2.5", "9"])
        func trials(_ selection: Selection) throws -> Int {
            try study.summary(SummaryRequest(by: ["size"]), selection: selection).selection.trials
        }
        #expect(try trials(Selection(study: "s")) == 32)
        #expect(try trials(Selection(study: "s", exclude: [LevelFilter(parsing: "block=0-1")])) == 16)
        #expect(try trials(Selection(study: "s", keep: [LevelFilter(parsing: "block=..0")])) == 8)
    }

    @Test func aLevelSpeltLikeARangeIsThatLevel() throws {
        let (study, _) = try Self.study()
        #expect(try Self.kept(study, "label", where: ["label=1-2"]) == ["1-2"])
        #expect(try Self.kept(study, "label", where: ["label=1..2"]) == ["1", "2"])
    }

    @Test func aRangeWithoutLevelsOrNumbersIsRefused() throws {
        let (study, _) = try Self.study()
        #expect(throws: ThumbLabError.selection(.emptyRange(factor: "size", range: "20..30", known: ["2.5", "4", "6.5", "9"]))) {
            try Self.kept(study, "size", where: ["size=20..30"])
        }
        #expect(throws: ThumbLabError.selection(.malformedFilter(text: "size=a..b"))) {
            try Self.kept(study, "size", where: ["size=a..b"])
        }
        #expect(throws: ThumbLabError.selection(.malformedFilter(text: "size=.."))) {
            try Self.kept(study, "size", where: ["size=.."])
        }
        #expect(throws: ThumbLabError.selection(.emptyRange(factor: "block", range: "7-9", known: ["0", "1", "2", "3"]))) {
            try Self.kept(study, "size", exclude: ["block=7-9"])
        }
    }
}
