import Foundation
import Testing

@testable import ThumbLab

/// The Fitts fixtures folder: GoFitts' files and the numpy/scipy reference values.
func fittsFixture(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/fitts/\(name)").path
}

/// `Fixtures/fitts/reference.json`, written by `gen_fitts_reference.py`.
nonisolated(unsafe) let fittsReference: [String: Any] = {
    guard let data = FileManager.default.contents(atPath: fittsFixture("reference.json")),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [:] }
    return object
}()

/// A value of the reference by path; fails the test when it is missing.
func fittsValue(_ path: Any...) throws -> Any {
    var current: Any? = fittsReference
    for key in path {
        if let name = key as? String { current = (current as? [String: Any])?[name] }
        if let index = key as? Int { current = (current as? [Any])?[index] }
    }
    return try #require(current, "no value at \(path) in Fixtures/fitts/reference.json")
}

func fittsNumber(_ path: Any...) throws -> Double {
    var current: Any? = fittsReference
    for key in path {
        if let name = key as? String { current = (current as? [String: Any])?[name] }
        if let index = key as? Int { current = (current as? [Any])?[index] }
    }
    return try #require(current as? Double, "no number at \(path) in Fixtures/fitts/reference.json")
}

/// GoFitts' own sequence measures: the rows of `gofitts_B01.sd2`, by column name.
func goFittsSD2Rows() throws -> [[String: String]] {
    let text = try String(contentsOfFile: fittsFixture("gofitts_B01.sd2"), encoding: .utf8)
    let lines = text.split(whereSeparator: \.isNewline).map { $0.split(separator: ",").map(String.init) }
    let header = try #require(lines.first)
    return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
}

/// A study database holding `serial_trials.csv`.
func serialStudy(folder: TemporaryFolder) throws -> Study {
    let database = try StudyDatabase(path: folder.url.appendingPathComponent("fitts.sqlite").path)
    _ = try Importer(database: database).importFile(at: fittsFixture("serial_trials.csv"), options: ImportOptions())
    return Study(database: database)
}
