import Foundation

@testable import ThumbLab

/// JSON array logs: bytes → rows → decoded records → derived trials, and the same bytes
/// as a LAYOUT.json screen layout document and as a JSON keyboard layout.
nonisolated(unsafe) private let input = FuzzInputFile(suffix: ".json")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    input.write(bytes)
    fuzzRows(input, format: .json)
    do {
        let layout = try ReaderEntryPoints.readLayout(Array(bytes), file: input.path)
        check(!layout.elements.isEmpty, "a layout without elements")
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
