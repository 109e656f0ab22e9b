import Foundation
import Testing

@testable import ThumbLab

/// The reference values computed by `Fixtures/reach/gen_heatmaps.py`; read once.
nonisolated(unsafe) let heatmapReference: [String: Any] = {
    let url = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/reach/heatmaps.json")
    let data = try! Data(contentsOf: url)
    let root = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    return root["scenarios"] as! [String: Any]
}()

/// A scenario of `heatmaps.json`, failing the test when it is missing.
func heatmapScenario(_ name: String) throws -> [String: Any] {
    try #require(heatmapReference[name] as? [String: Any], "no scenario \(name) in heatmaps.json")
}

/// A fresh database holding the bundled thumb-reach study (both phones, each on its
/// device) and, as study `edges`, `Fixtures/reach/edges.csv` on the small phone.
func reachStudy(folder: TemporaryFolder) throws -> Study {
    let database = try StudyDatabase(path: folder.url.appendingPathComponent("reach-\(UUID().uuidString).sqlite").path)
    try database.addDevice(Device(name: "small", widthPx: 640, heightPx: 1136, ppi: 326))
    try database.addDevice(Device(name: "large", widthPx: 1080, heightPx: 2340, ppi: 401))
    let importer = Importer(database: database)
    for phone in ["small", "large"] {
        let path = repositoryRoot.appendingPathComponent("Datasets/thumb-reach/\(phone).csv").path
        _ = try importer.importFile(at: path, options: ImportOptions(study: "thumb-reach", device: phone))
    }
    let edges = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/reach/edges.csv").path
    _ = try importer.importFile(at: edges, options: ImportOptions(study: "edges", device: "small"))
    return Study(database: database)
}
