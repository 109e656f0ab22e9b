import Foundation
import Testing

@testable import ThumbLab

/// A script tells one error from another by its case and reads the facts it carries: the
/// names asked for and the ones there are.
@Suite struct TypedErrorTests {
    let folder = TemporaryFolder()

    @Test func anUnknownFactorCarriesTheStudysFactors() throws {
        let study = try bundledStudy(folder: folder)
        do {
            _ = try study.summary(selection: Selection(keep: [LevelFilter(factor: "hand", levels: ["left"])]))
            Issue.record("expected an unknown factor")
        } catch ThumbLabError.selection(.unknownFactor(let name, let studyName, let known, _)) {
            #expect(name == "hand")
            #expect(studyName != nil)
            #expect(known.contains("technique"))
        }
    }

    @Test func anUnknownLevelCarriesTheFactorsLevels() throws {
        let study = try bundledStudy(folder: folder)
        do {
            _ = try study.summary(selection: Selection(keep: [LevelFilter(factor: "technique", levels: ["Laser"])]))
            Issue.record("expected an unknown level")
        } catch ThumbLabError.selection(.unknownLevel(let factor, let level, let known)) {
            #expect(factor == "technique" && level == "Laser")
            #expect(known.contains("Direct"))
        }
    }

    @Test func anUnknownStudyCarriesTheStudiesThereAre() throws {
        let study = try bundledStudy(folder: folder)
        do {
            _ = try study.summary(selection: Selection(study: "other"))
            Issue.record("expected an unknown study")
        } catch ThumbLabError.study(.unknown(let name, let known)) {
            #expect(name == "other")
            #expect(known?.isEmpty == false)
        }
    }

    @Test func aMalformedFilterCarriesItsText() {
        #expect(throws: ThumbLabError.selection(.malformedFilter(text: "technique"))) {
            try LevelFilter(parsing: "technique")
        }
    }

    @Test func aParameterOutOfRangeCarriesItsValue() {
        #expect(throws: ThumbLabError.parameter(.malformedOutlierRule(text: "sd:0", flaw: .factorNotPositive))) {
            try OutlierRule(parsing: "sd:0")
        }
        #expect(throws: ThumbLabError.parameter(.malformedGrid(text: "0x7"))) { try GridSize(parsing: "0x7") }
    }
}
