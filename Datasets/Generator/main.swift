import Foundation

// Regenerates every simulated dataset under Datasets/, byte for byte:
//     swift run thumblab-datasets [DATASETS_FOLDER]
// The folder defaults to the one this source file lives in.

let datasets = CommandLine.arguments.count > 1
    ? URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)
    : URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

func write(_ file: CSVFile, _ folder: String, _ name: String) throws {
    let directory = datasets.appendingPathComponent(folder, isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try file.write(to: url)
    print("\(folder)/\(name): \(file.rowCount) rows")
}

do {
    var thumbSpace = ThumbSpaceStudy()
    thumbSpace.generate()
    try write(thumbSpace.trials, "thumbspace-vs-shift", "trials.csv")
    try write(thumbSpace.touches, "thumbspace-vs-shift", "touches.csv")
    try write(thumbSpace.responses, "thumbspace-vs-shift", "responses.csv")

    var reach = ThumbReachStudy()
    reach.generate()
    for phone in ThumbReachStudy.phones {
        try write(reach.files[phone.name]!, "thumb-reach", "\(phone.name).csv")
    }
} catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
}
