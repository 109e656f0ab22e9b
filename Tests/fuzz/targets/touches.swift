import Foundation

@testable import ThumbLab

/// Touch-event derivation: the input is the body of a touch log under one of two fixed
/// headers (with and without a trial column, chosen by the first byte), read as touches,
/// so that every row that decodes reaches the trial deriver.
nonisolated(unsafe) private let input = FuzzInputFile(suffix: ".csv")

private let headers: [[UInt8]] = [
    Array("pid,technique,block,trial,t,x,y,phase,target_x,target_y,target_w,target_h\n".utf8),
    Array("pid,technique,block,t,x,y,phase,target_x,target_y,target_w\n".utf8),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTouches(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let header = headers[Int(data[0] & 1)]
    var text = header
    text.append(contentsOf: UnsafeBufferPointer(start: data + 1, count: size - 1))
    text.withUnsafeBytes { input.write($0) }
    fuzzRows(input, format: .csv, kind: .touches)
    return 0
}
