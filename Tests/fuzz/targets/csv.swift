import Foundation

@testable import ThumbLab

/// CSV logs: bytes → CSV rows → decoded records → derived trials, and the same bytes as a
/// GoFitts sd1 file and as a keyboard layout table.
nonisolated(unsafe) private let input = FuzzInputFile(suffix: ".csv")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    input.write(bytes)
    fuzzRows(input, format: .csv)
    do {
        let log = try ReaderEntryPoints.readGoFitts(Array(bytes), file: input.path)
        check(!log.sequences.isEmpty, "a GoFitts log without sequences")
        for sequence in log.sequences {
            check(!sequence.trials.isEmpty, "a GoFitts sequence without trials")
            check(sequence.levels.count == log.factors.count, "GoFitts levels do not match its factors")
        }
    } catch {
        checkError(error)
    }
    do {
        let keyboard = try KeyboardLayout(bytes: Array(bytes), file: input.path)
        check(!keyboard.keys.isEmpty, "a keyboard layout without keys")
        for key in keyboard.keys { check(key.x.isFinite && key.y.isFinite, "a key centre that is not finite") }
    } catch {
        checkError(error)
    }
    return 0
}
