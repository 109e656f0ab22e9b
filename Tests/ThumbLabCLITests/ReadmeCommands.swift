import Foundation
import Testing

/// The README's indented `thumblab` lines in the first block after `marker`, each as the
/// arguments to run (the program name and any `#` comment dropped, `Tests/...` paths made
/// absolute), so a test can run the README's tour as written.
func readmeCommands(after marker: String) throws -> [[String]] {
    let readme = try String(contentsOf: repositoryRoot().appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: marker), "the README has no '\(marker)'")
    let lines = readme[start.upperBound...].components(separatedBy: "\n").drop { !$0.hasPrefix("    thumblab") }
        .prefix { $0.hasPrefix("    thumblab") }
    return lines.map { line in
        line.components(separatedBy: "#")[0].split(separator: " ").dropFirst().map { word in
            word.hasPrefix("Tests/") ? repositoryRoot().appendingPathComponent(String(word)).path : String(word)
        }
    }
}
