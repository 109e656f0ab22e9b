import Foundation
import Testing

@testable import ThumbLab

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The reference values computed independently by `Fixtures/analysis/gen_reference.py`;
/// read once, never written.
nonisolated(unsafe) let analysisReference: [String: Any] = {
    let url = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/analysis/reference.json")
    let data = try! Data(contentsOf: url)
    return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
}()

/// A value of the reference file by path: `reference("paired_time", "paired_t", "t")`.
func reference(_ path: Any...) -> Any? {
    var current: Any? = analysisReference
    for key in path {
        if let name = key as? String { current = (current as? [String: Any])?[name] }
        if let index = key as? Int { current = (current as? [Any])?[index] }
    }
    return current
}

func referenceNumber(_ path: Any...) throws -> Double {
    var current: Any? = analysisReference
    for key in path {
        if let name = key as? String { current = (current as? [String: Any])?[name] }
        if let index = key as? Int { current = (current as? [Any])?[index] }
    }
    return try #require(current as? Double, "no number at \(path) in reference.json")
}

/// Whether `a` and `b` agree to `tolerance`, relative to the larger magnitude (absolute near 0).
func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// A fresh study database holding the bundled thumbspace-vs-shift files named, imported
/// on the 3.5-inch phone it ran on.
func bundledStudy(_ files: [String] = ["trials.csv"], folder: TemporaryFolder) throws -> Study {
    let database = try StudyDatabase(path: folder.url.appendingPathComponent("study-\(UUID().uuidString).sqlite").path)
    try database.addDevice(Device(name: "phone-3.5in", widthPx: 320, heightPx: 480, ppi: 163))
    let importer = Importer(database: database)
    for file in files {
        let path =
            file.hasPrefix("/")
            ? file : repositoryRoot.appendingPathComponent("Datasets/thumbspace-vs-shift/\(file)").path
        _ = try importer.importFile(at: path, options: ImportOptions(device: "phone-3.5in"))
    }
    return Study(database: database)
}

/// The path of an analysis fixture file.
func analysisFixture(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/analysis/\(name)").path
}
