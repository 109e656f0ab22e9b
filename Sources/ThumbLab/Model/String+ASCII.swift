extension String {
    /// Whether every byte of the text is ASCII, checked eight bytes at a time on the
    /// contiguous UTF-8 a native string holds.
    var isASCIIText: Bool {
        if let answer = utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
            var index = 0
            let count = bytes.count
            guard let base = bytes.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                index += 8
            }
            while index < count {
                if bytes[index] >= 0x80 { return false }
                index += 1
            }
            return true
        }) {
            return answer
        }
        return utf8.allSatisfy { $0 < 0x80 }
    }
}
