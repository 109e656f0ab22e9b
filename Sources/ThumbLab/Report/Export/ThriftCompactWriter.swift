/// Writes Thrift's compact protocol, in which Parquet stores its page headers and its
/// footer: fields as a delta from the previous field's id and a type nibble, integers as
/// zigzag varints, strings and binaries length-prefixed, lists with their size and element
/// type, and every struct ended by a stop byte.
struct ThriftCompactWriter {
    /// The compact protocol's type codes.
    enum FieldType: UInt8 {
        case booleanTrue = 1
        case booleanFalse = 2
        case i32 = 5
        case i64 = 6
        case binary = 8
        case list = 9
        case structure = 12
    }

    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []
    /// The id of the last field written in each struct that is open, innermost last.
    private var lastField: [Int16] = [0]

    mutating func field(_ id: Int16, i32 value: Int32) {
        header(id, .i32)
        varint(zigzag(Int64(value)))
    }

    mutating func field(_ id: Int16, i64 value: Int64) {
        header(id, .i64)
        varint(zigzag(value))
    }

    mutating func field(_ id: Int16, bool value: Bool) {
        header(id, value ? .booleanTrue : .booleanFalse)
    }

    mutating func field(_ id: Int16, binary value: [UInt8]) {
        header(id, .binary)
        varint(UInt64(value.count))
        bytes += value
    }

    mutating func field(_ id: Int16, string value: String) { field(id, binary: Array(value.utf8)) }

    /// A struct field whose fields `body` writes.
    mutating func field(_ id: Int16, structure body: (inout ThriftCompactWriter) -> Void) {
        header(id, .structure)
        structure(body)
    }

    mutating func field(_ id: Int16, i32s values: [Int32]) {
        header(id, .list)
        listHeader(values.count, .i32)
        for value in values { varint(zigzag(Int64(value))) }
    }

    mutating func field(_ id: Int16, strings values: [String]) {
        header(id, .list)
        listHeader(values.count, .binary)
        for value in values {
            varint(UInt64(value.utf8.count))
            bytes += Array(value.utf8)
        }
    }

    /// A list of `count` structs, the fields of struct `index` written by `body`.
    mutating func field(_ id: Int16, structures count: Int, _ body: (inout ThriftCompactWriter, Int) -> Void) {
        header(id, .list)
        listHeader(count, .structure)
        for index in 0..<count { structure { body(&$0, index) } }
    }

    /// Ends the outermost struct: the footer or a page header.
    mutating func stop() { bytes.append(0) }

    private mutating func structure(_ body: (inout ThriftCompactWriter) -> Void) {
        lastField.append(0)
        body(&self)
        bytes.append(0)
        lastField.removeLast()
    }

    private mutating func header(_ id: Int16, _ type: FieldType) {
        let delta = Int(id) - Int(lastField[lastField.count - 1])
        if (1...15).contains(delta) {
            bytes.append(UInt8(delta) << 4 | type.rawValue)
        } else {
            bytes.append(type.rawValue)
            varint(zigzag(Int64(id)))
        }
        lastField[lastField.count - 1] = id
    }

    private mutating func listHeader(_ count: Int, _ type: FieldType) {
        if count < 15 {
            bytes.append(UInt8(count) << 4 | type.rawValue)
        } else {
            bytes.append(0xF0 | type.rawValue)
            varint(UInt64(count))
        }
    }

    private func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    private mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}
