import Foundation
import Testing

/// The folder that holds the built products, next to the test bundle.
func productsFolder() -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
}

@Suite struct BinaryTests {
    @Test func binaryIsBuilt() throws {
        let candidates = [productsFolder(), productsFolder().deletingLastPathComponent()]
        #expect(candidates.contains { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("thumblab").path) })
    }
}
