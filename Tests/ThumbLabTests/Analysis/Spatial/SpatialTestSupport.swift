import Foundation
import Testing

@testable import ThumbLab

/// The reference values computed independently by `Fixtures/spatial/gen_spatial.py`;
/// read once, never written.
nonisolated(unsafe) let spatialReference: [String: Any] = {
    let url = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/spatial/spatial.json")
    guard let data = try? Data(contentsOf: url),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [:] }
    return object
}()

/// A value of the spatial reference file by path: `spatialValue("direction", "time_test", "t")`.
func spatialValue(_ path: Any...) -> Any? {
    var current: Any? = spatialReference
    for key in path {
        if let name = key as? String { current = (current as? [String: Any])?[name] }
        if let index = key as? Int { current = (current as? [Any])?[index] }
    }
    return current
}

/// A number of the spatial reference file; a missing one fails the test.
func spatialNumber(_ path: Any..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Double {
    var current: Any? = spatialReference
    for key in path {
        if let name = key as? String { current = (current as? [String: Any])?[name] }
        if let index = key as? Int { current = (current as? [Any])?[index] }
    }
    return try #require(current as? Double, "no number at \(path) in spatial.json", sourceLocation: sourceLocation)
}

/// The bundled thumb-reach study: `small.csv` on device small and `large.csv` on device
/// large (both registered), or only the files named, each on its phone unless
/// `withDevices` is false.
func thumbReachStudy(
    _ files: [String] = ["small", "large"], withDevices: Bool = true, folder: TemporaryFolder
) throws -> Study {
    let database = try StudyDatabase(path: folder.url.appendingPathComponent("reach-\(UUID().uuidString).sqlite").path)
    try database.addDevice(Device(name: "small", widthPx: 640, heightPx: 1136, ppi: 326))
    try database.addDevice(Device(name: "large", widthPx: 1080, heightPx: 2340, ppi: 401))
    let importer = Importer(database: database)
    for file in files {
        let path = repositoryRoot.appendingPathComponent("Datasets/thumb-reach/\(file).csv").path
        _ = try importer.importFile(
            at: path, options: ImportOptions(study: "thumb-reach", device: withDevices ? file : nil))
    }
    return Study(database: database)
}

/// The description of the library error `body` throws; records an issue when it throws
/// something else or nothing.
func usageMessage(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> String? {
    do {
        try body()
        Issue.record("expected a usage error", sourceLocation: sourceLocation)
    } catch let error as ThumbLabError {
        return error.description
    } catch {
        Issue.record("expected a usage error, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
