/// A streaming CSV reader after RFC 4180 (<https://www.rfc-editor.org/rfc/rfc4180>),
/// working on bytes read in fixed-size chunks.
///
/// - The delimiter (comma, semicolon or tab) is detected from the header line: the one
///   that occurs most often outside quotes, comma on a tie.
/// - A UTF-8 byte order mark is skipped; UTF-16 and UTF-32 files are reported.
/// - Records end at LF, CRLF or a lone CR; blank lines are skipped.
/// - Quoted fields may hold delimiters, doubled quotes and line breaks; the reported
///   line is the one where the record starts and stays right across quoted line breaks.
/// - A quote inside an unquoted field is kept as text (as most spreadsheets write it);
///   text after a closing quote and a quote left open at the end of the file are
///   problems of the record.
/// - Invalid UTF-8 is a problem of the record, located by field.
/// - Lines before the header that start with a comment marker (`#`, or `[#]` as some
///   text-entry loggers write it) are skipped and kept in ``comments``; a `#` followed by a
///   delimiter is a column named `#`, not a comment.
final class CSVReader {
    /// What the reader reads: a file, or a text held whole.
    let file: Input
    let fields = FieldBuffer()
    private(set) var delimiter: UInt8 = UInt8(ascii: ",")
    /// 1-based line where the current record starts.
    private(set) var recordLine = 0
    /// Byte offsets of the current record in the file (end excludes the line break).
    private(set) var recordStart = 0
    private(set) var recordEnd = 0
    /// A syntax problem of the current record: the 1-based field and what is wrong.
    private(set) var recordProblem: (column: Int, message: String)?
    /// Bytes consumed so far, for progress reports.
    var bytesRead: Int { chunkBase + position }
    /// The comment lines before the header, in file order.
    private(set) var comments: [ImportDecision.CommentLine] = []

    private static let maximumChunkSize = 1 << 20
    private let chunkSize: Int
    /// Longest record kept in memory; beyond it the rest of the record is skipped.
    static let maximumRecordBytes = 4 << 20
    private let chunk: UnsafeMutablePointer<UInt8>
    private var position = 0
    private var available = 0
    private var chunkBase = 0
    private var atEnd = false
    private var line = 1
    private var pendingLineFeed = false

    private enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

    /// Where the bytes come from: a file read in chunks, or a text held whole.
    enum Input {
        case file(FileBytes)
        case memory([UInt8])

        /// `count` bytes from `offset`, without moving the reading position (for the raw
        /// text of a rejected record).
        func bytes(at offset: Int, count: Int) -> [UInt8] {
            switch self {
            case .file(let file): file.bytes(at: offset, count: count)
            case .memory(let bytes): Array(bytes[min(offset, bytes.count)..<min(offset + max(count, 0), bytes.count)])
            }
        }
    }
    /// Bytes of a ``Input/memory`` text handed out so far.
    private var memoryOffset = 0

    /// Opens the reader and detects the delimiter; the first `next()` returns the header.
    convenience init(file: FileBytes, delimiter: UInt8? = nil) throws {
        try self.init(
            source: .file(file), chunkSize: file.chunkSize(limit: CSVReader.maximumChunkSize), delimiter: delimiter)
    }

    /// Reads a text held whole, delimited by `delimiter` (detected from the header line when nil).
    convenience init(bytes: [UInt8], delimiter: UInt8? = nil) throws {
        try self.init(source: .memory(bytes), chunkSize: max(4096, bytes.count), delimiter: delimiter)
    }

    private init(source: Input, chunkSize: Int, delimiter: UInt8?) throws {
        file = source
        self.chunkSize = chunkSize
        chunk = .allocate(capacity: chunkSize)
        try refill()
        if available >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF {
            position = 3
        }
        try skipComments()
        self.delimiter = delimiter ?? detectDelimiter()
    }

    deinit { chunk.deallocate() }

    /// True when the file starts with a UTF-16 or UTF-32 byte order mark.
    var hasWideByteOrderMark: Bool {
        available >= 2 && chunkBase == 0
            && ((chunk[0] == 0xFF && chunk[1] == 0xFE) || (chunk[0] == 0xFE && chunk[1] == 0xFF))
    }

    /// Reads the next non-blank record into ``fields``; false at the end of the file.
    func next() throws -> Bool {
        while true {
            var isASCII = false
            if let placed = readPlainRecord() {
                isASCII = placed
            } else {
                guard try readRecord() else { return false }
            }
            if fields.count == 1, fields.field(0).isEmpty, recordProblem == nil, !lastFieldQuoted {
                continue
            }
            if !isASCII, recordProblem == nil, let bad = fields.firstInvalidUTF8() {
                recordProblem = (
                    bad.field + 1,
                    "expected UTF-8 text, found an invalid byte sequence at byte \(bad.offset + 1) of the field; save the file as UTF-8"
                )
            }
            return true
        }
    }

    private var lastFieldQuoted = false

    /// The common record read in one scan: a record with no quoted field that lies whole in
    /// the chunk. Its fields are placed where they lie, not copied, and their bytes checked
    /// for a high bit on the way. Whether the record is ASCII, or nil (nothing consumed) for
    /// any other record, which ``readRecord()`` then reads.
    @inline(__always) private func readPlainRecord() -> Bool? {
        let lineFeed = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        var start = position
        if pendingLineFeed {
            guard start < available else { return nil }
            if chunk[start] == lineFeed { start += 1 }
        }
        let end = min(available, start + CSVReader.maximumRecordBytes)
        guard start < end else { return nil }
        let quote = UInt8(ascii: "\"")
        let delimiter = self.delimiter
        let first = chunk[start]
        // Quoted fields and blank lines take the general path.
        guard first != quote, first != lineFeed, first != carriageReturn else { return nil }
        fields.startPlacing()
        var fieldStart = start
        var scan = start
        var high: UInt64 = 0
        while true {
            scan = nextSpecialByte(from: scan, to: end, high: &high)
            guard scan < end else { break }
            let byte = chunk[scan]
            if byte == delimiter {
                fields.place(chunk + fieldStart, count: scan - fieldStart)
                scan += 1
                fieldStart = scan
                if scan < end, chunk[scan] == quote { break }
            } else if byte == quote {
                // Inside an unquoted field a quote is text.
                scan += 1
            } else {
                fields.place(chunk + fieldStart, count: scan - fieldStart)
                pendingLineFeed = byte == carriageReturn
                recordProblem = nil
                lastFieldQuoted = false
                recordLine = line
                recordStart = chunkBase + start
                recordEnd = chunkBase + scan
                line += 1
                position = scan + 1
                return high & 0x8080_8080_8080_8080 == 0
            }
        }
        fields.reset()
        return nil
    }

    /// The offset of the first delimiter, line feed, carriage return or quote in
    /// `start..<end` (`end` when there is none), read eight bytes at a time; the bytes passed
    /// are ORed into `high`.
    @inline(__always) private func nextSpecialByte(from start: Int, to end: Int, high: inout UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let delimiters = ones &* UInt64(delimiter)
        let lineFeeds = ones &* 0x0A
        let carriageReturns = ones &* 0x0D
        let quotes = ones &* 0x22
        var scan = start
        #if _endian(little)
            while scan + 8 <= end {
                let word = UnsafeRawPointer(chunk + scan).loadUnaligned(as: UInt64.self)
                let found =
                    Self.zeroBytes(word ^ delimiters) | Self.zeroBytes(word ^ lineFeeds)
                    | Self.zeroBytes(word ^ carriageReturns) | Self.zeroBytes(word ^ quotes)
                if found != 0 {
                    let offset = found.trailingZeroBitCount >> 3
                    if offset > 0 { high |= word & (~0 >> UInt64(64 - 8 * offset)) }
                    return scan + offset
                }
                high |= word
                scan += 8
            }
        #endif
        while scan < end {
            let byte = chunk[scan]
            if byte == delimiter || byte == 0x0A || byte == 0x0D || byte == 0x22 { return scan }
            high |= UInt64(byte)
            scan += 1
        }
        return end
    }

    /// The high bit of each byte of `word` (little-endian) that is zero. Bytes above the
    /// first zero byte may be marked wrongly, so only the lowest mark is to be trusted.
    @inline(__always) private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    private func readRecord() throws -> Bool {
        fields.reset()
        recordProblem = nil
        lastFieldQuoted = false
        var state = State.fieldStart
        var quoteLine = line
        var overflowed = false
        var started = false
        let delimiter = self.delimiter
        let quote = UInt8(ascii: "\"")
        let lineFeed = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        while true {
            if position == available {
                try refill()
                if available == 0 {
                    guard started else { return false }
                    if state == .quoted, recordProblem == nil {
                        recordProblem = (
                            fields.count + 1,
                            "expected a closing quote for the field opened on line \(quoteLine), found the end of the file; close the quote or remove it"
                        )
                    }
                    fields.endField()
                    recordEnd = chunkBase + position
                    return true
                }
            }
            let byte = chunk[position]
            if pendingLineFeed {
                pendingLineFeed = false
                if byte == lineFeed {
                    position += 1
                    continue
                }
            }
            if !started {
                started = true
                recordLine = line
                recordStart = chunkBase + position
            }
            switch state {
            case .fieldStart, .unquoted:
                if state == .fieldStart, byte == quote {
                    state = .quoted
                    quoteLine = line
                    lastFieldQuoted = true
                    position += 1
                    continue
                }
                if state == .fieldStart { lastFieldQuoted = false }
                state = .unquoted
                var scan = position
                while scan < available {
                    let next = chunk[scan]
                    if next == delimiter || next == lineFeed || next == carriageReturn { break }
                    scan += 1
                }
                if !overflowed { fields.append(chunk + position, count: scan - position) }
                position = scan
                if scan == available { continue }
                let stop = chunk[scan]
                position += 1
                if stop == delimiter {
                    fields.endField()
                    state = .fieldStart
                } else {
                    return endRecord(at: stop, carriageReturn: carriageReturn)
                }
            case .quoted:
                position += 1
                if byte == quote {
                    state = .quoteInQuoted
                } else {
                    if byte == lineFeed { line += 1 }
                    if !overflowed { fields.append(byte) }
                }
            case .quoteInQuoted:
                position += 1
                if byte == quote {
                    if !overflowed { fields.append(quote) }
                    state = .quoted
                } else if byte == delimiter {
                    fields.endField()
                    state = .fieldStart
                } else if byte == lineFeed || byte == carriageReturn {
                    return endRecord(at: byte, carriageReturn: carriageReturn)
                } else {
                    if recordProblem == nil {
                        recordProblem = (
                            fields.count + 1,
                            "expected a delimiter or line end after the closing quote, found '\(Character(Unicode.Scalar(byte)))'; quote the whole field and double any quote inside it"
                        )
                    }
                    if !overflowed { fields.append(byte) }
                    state = .unquoted
                }
            }
            if !overflowed, fields.byteCount > CSVReader.maximumRecordBytes {
                overflowed = true
                recordProblem =
                    recordProblem ?? (
                        fields.count + 1,
                        "expected a record shorter than \(CSVReader.maximumRecordBytes >> 20) MiB, found a longer one (a quote opened on line \(quoteLine) may be unclosed); check the quoting"
                    )
            }
        }
    }

    private func endRecord(at byte: UInt8, carriageReturn: UInt8) -> Bool {
        fields.endField()
        recordEnd = chunkBase + position - 1
        line += 1
        if byte == carriageReturn { pendingLineFeed = true }
        return true
    }

    private func refill() throws {
        guard !atEnd else {
            chunkBase += position
            position = 0
            available = 0
            return
        }
        chunkBase += available
        position = 0
        let buffer = UnsafeMutableRawBufferPointer(start: chunk, count: chunkSize)
        switch file {
        case .file(let file):
            available = try file.read(into: buffer)
        case .memory(let bytes):
            available = min(chunkSize, bytes.count - memoryOffset)
            bytes.withUnsafeBytes {
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[memoryOffset...].prefix(available)))
            }
            memoryOffset += available
        }
        if available == 0 { atEnd = true }
    }

    /// Skips the blank lines and comment lines at the reading position, keeping the comments.
    private func skipComments() throws {
        var text: [UInt8] = []
        var inComment = false
        while true {
            if position == available {
                try refill()
                if available == 0 { break }
            }
            let byte = chunk[position]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                position += 1
                if byte == UInt8(ascii: "\r") {
                    if position == available { try refill() }
                    if position < available, chunk[position] == UInt8(ascii: "\n") { position += 1 }
                }
                if inComment { comments.append(.init(line: line, text: String(decoding: text, as: UTF8.self))) }
                inComment = false
                text.removeAll()
                line += 1
                continue
            }
            if !inComment {
                guard try startsComment() else { break }
                inComment = true
            }
            text.append(byte)
            position += 1
        }
        if inComment { comments.append(.init(line: line, text: String(decoding: text, as: UTF8.self))) }
    }

    /// Whether the line at the reading position starts with `#` (not followed by a
    /// delimiter) or `[#]`; reads ahead into the chunk as needed.
    private func startsComment() throws -> Bool {
        if available - position < 3, !atEnd {
            // Keep the line's first bytes together in the chunk.
            let kept = Array(UnsafeBufferPointer(start: chunk + position, count: available - position))
            chunkBase += position
            chunk.update(from: kept, count: kept.count)
            let buffer = UnsafeMutableRawBufferPointer(start: chunk + kept.count, count: chunkSize - kept.count)
            let read: Int
            switch file {
            case .file(let file): read = try file.read(into: buffer)
            case .memory: read = 0
            }
            if read == 0 { atEnd = true }
            position = 0
            available = kept.count + read
        }
        let rest = available - position
        guard rest > 0 else { return false }
        let first = chunk[position]
        if first == UInt8(ascii: "#") {
            guard rest > 1 else { return true }
            return ![UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")].contains(chunk[position + 1])
        }
        return rest >= 3 && first == UInt8(ascii: "[") && chunk[position + 1] == UInt8(ascii: "#")
            && chunk[position + 2] == UInt8(ascii: "]")
    }

    /// Counts comma, semicolon and tab outside quotes in the first line of the chunk.
    private func detectDelimiter() -> UInt8 {
        var counts = (comma: 0, semicolon: 0, tab: 0)
        var inQuotes = false
        var index = position
        while index < available {
            let byte = chunk[index]
            if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if !inQuotes {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
                if byte == UInt8(ascii: ",") { counts.comma += 1 }
                if byte == UInt8(ascii: ";") { counts.semicolon += 1 }
                if byte == UInt8(ascii: "\t") { counts.tab += 1 }
            }
            index += 1
        }
        if counts.semicolon > counts.comma, counts.semicolon >= counts.tab { return UInt8(ascii: ";") }
        if counts.tab > counts.comma, counts.tab > counts.semicolon { return UInt8(ascii: "\t") }
        return UInt8(ascii: ",")
    }
}
