import Foundation

// Regenerates every simulated dataset under Datasets/, byte for byte:
//     swift run thumblab-datasets [DATASETS_FOLDER]
// The folder defaults to the one this source file lives in.

let usage = """
    OVERVIEW: Regenerate the simulated datasets of ThumbLab, byte for byte.

    USAGE: thumblab-datasets [DATASETS_FOLDER]

    ARGUMENTS:
      DATASETS_FOLDER   Where to write thumbspace-vs-shift/ and thumb-reach/
                        (default: the Datasets folder of this package).

    EXAMPLES:
      swift run thumblab-datasets
      swift run thumblab-datasets /tmp/datasets

    """
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(0)
}
if arguments.count > 1 || arguments.first?.hasPrefix("-") == true {
    FileHandle.standardError.write(
        Data("Error: expected at most one folder, found \(arguments.joined(separator: " "))\n\(usage)".utf8))
    exit(64)
}

let datasets =
    CommandLine.arguments.count > 1
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
