import Foundation

@testable import ThumbLab

/// Touch-event derivation: the input is the body of a touch log under one of two fixed
/// headers (``ReaderEntryPoints/touchLog(fromInput:)``), read as touches, so that every
/// row that decodes reaches the trial deriver.
nonisolated(unsafe) private let input = FuzzInputFile(suffix: ".csv")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTouches(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let text = ReaderEntryPoints.touchLog(fromInput: UnsafeBufferPointer(start: data, count: size))
    text.withUnsafeBytes { input.write($0) }
    fuzzRows(input, format: .csv, kind: .touches)
    return 0
}
