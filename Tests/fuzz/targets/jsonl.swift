import Foundation

@testable import ThumbLab

/// JSON Lines logs: bytes → rows → decoded records → derived trials.
nonisolated(unsafe) private let input = FuzzInputFile(suffix: ".jsonl")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLines(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    input.write(UnsafeRawBufferPointer(start: data, count: size))
    fuzzRows(input, format: .jsonl)
    return 0
}
