import Foundation
import Testing

@testable import ThumbLab

/// Display labels stored in the study database: set, read back, cleared, refused for
/// unknown names and empty text, and kept by a database migrated from version 9.
@Suite struct LabelStorageTests {
    let folder = TemporaryFolder()

    @Test func labelsRoundTripAndClear() throws {
        let study = try bundledStudy(folder: folder)
        #expect(try study.displayNames() == DisplayNames())
        try study.setLabel("Target size (mm)", factor: "target_size_mm")
        try study.setLabel("  Thumb Space ", level: "ThumbSpace", of: "technique")
        try study.setLabel("Standing still", level: "standing", of: "mobility")
        let names = try study.displayNames()
        #expect(names.factorLabels == ["target_size_mm": "Target size (mm)"])
        #expect(
            names.levelLabels == [
                "technique": ["ThumbSpace": "Thumb Space"], "mobility": ["standing": "Standing still"],
            ])
        #expect(names.factor("target_size_mm") == "Target size (mm)")
        #expect(names.factor("mobility") == "mobility")
        #expect(names.level("ThumbSpace", of: "technique") == "Thumb Space")
        try study.setLabel(nil, factor: "target_size_mm")
        try study.setLabel(nil, level: "ThumbSpace", of: "technique")
        #expect(try study.displayNames() == DisplayNames(levelLabels: ["mobility": ["standing": "Standing still"]]))
        #expect(try study.displayNames().factor("target_size_mm") == "target size (mm)")
    }

    @Test func anUnknownFactorCarriesTheKnownOnes() throws {
        let study = try bundledStudy(folder: folder)
        #expect {
            try study.setLabel("Hand", factor: "hand")
        } throws: { error in
            guard case ThumbLabError.selection(.unknownFactor(let name, _, let known, let blockAllowed)) = error else {
                return false
            }
            return name == "hand" && known == ["technique", "target_size_mm", "mobility"] && !blockAllowed
        }
        #expect(throws: ThumbLabError.self) { try study.setLabel("Hand", level: "left", of: "hand") }
    }

    @Test func anUnknownLevelCarriesTheFactorsLevels() throws {
        let study = try bundledStudy(folder: folder)
        #expect {
            try study.setLabel("Laser", level: "Laser", of: "technique")
        } throws: { error in
            guard case ThumbLabError.selection(.unknownLevel(let factor, let level, let known)) = error else {
                return false
            }
            return factor == "technique" && level == "Laser" && known == ["Direct", "Shift", "ThumbSpace"]
        }
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func anEmptyLabelIsRefusedAndStoresNothing(label: String) throws {
        let study = try bundledStudy(folder: folder)
        #expect(throws: ThumbLabError.study(.emptyLabel(factor: "technique", level: nil))) {
            try study.setLabel(label, factor: "technique")
        }
        #expect(throws: ThumbLabError.study(.emptyLabel(factor: "technique", level: "Shift"))) {
            try study.setLabel(label, level: "Shift", of: "technique")
        }
        #expect(try study.displayNames() == DisplayNames())
        #expect(
            ThumbLabError.study(.emptyLabel(factor: "technique", level: "Shift")).description
                == "the label of level 'Shift' of factor 'technique' is empty; give it some text, or clear it")
    }

    @Test func anUnknownStudyIsRefused() throws {
        let study = try bundledStudy(folder: folder)
        #expect(throws: ThumbLabError.self) { try study.setLabel("T", factor: "technique", study: "other") }
        #expect(throws: ThumbLabError.self) { try study.displayNames(study: "other") }
    }

    /// A version-9 file gains the label columns, keeps its factors and levels, and takes labels.
    @Test func aVersion9DatabaseMigratesAndTakesLabels() throws {
        let path = folder.url.appendingPathComponent("v9.sqlite").path
        do {
            let connection = try SQLiteConnection(path: path)
            for step in 0..<9 { try connection.execute(Schema.migrations[step]) }
            try connection.execute(
                """
                PRAGMA user_version = 9;
                INSERT INTO study (id, name) VALUES (1, 'pilot');
                INSERT INTO factor (id, study_id, name) VALUES (1, 1, 'target_size_mm');
                INSERT INTO level (id, factor_id, name) VALUES (1, 1, '3.6'), (2, 1, '9.6');
                """)
        }
        let study = Study(database: try StudyDatabase(path: path))
        #expect(try study.database.schemaVersion() == Schema.currentVersion)
        #expect(
            try rows(study.database, "SELECT name FROM pragma_table_info('factor') WHERE name = 'label'") == ["label"])
        #expect(try rows(study.database, "SELECT count(*) FROM level WHERE label IS NULL") == ["2"])
        #expect(try study.database.storeLabel("Size", factor: "target_size_mm", study: "pilot"))
        #expect(try study.database.storeLabel("Small", level: "3.6", of: "target_size_mm", study: "pilot"))
        #expect(!(try study.database.storeLabel("Tiny", level: "1.0", of: "target_size_mm", study: "pilot")))
        #expect(
            try study.database.storedLabels(study: "pilot")
                == DisplayNames(
                    factorLabels: ["target_size_mm": "Size"], levelLabels: ["target_size_mm": ["3.6": "Small"]]))
    }

    /// Levels of an interaction contrast are shown part by part; a level that does not split
    /// into one part per factor is shown as a level of the first factor.
    @Test func combinedLevelsShowEachPart() {
        let names = DisplayNames(
            factorLabels: ["target_size_mm": "Size"],
            levelLabels: ["technique": ["ThumbSpace": "TS"], "target_size_mm": ["3.6": "small"]])
        #expect(names.levels("ThumbSpace,3.6", of: "technique:target_size_mm") == "TS,small")
        #expect(names.levels("ThumbSpace", of: "technique") == "TS")
        #expect(names.levels("ThumbSpace", of: "technique:target_size_mm") == "TS")
    }
}
