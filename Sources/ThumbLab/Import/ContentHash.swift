/// The hash that identifies an import's content: the SHA-256 of the file's bytes, keyed
/// with the constants the rows get (given, or read from the file's name), so that the same
/// content imported with other values is another import.
///
/// The import hashes the bytes as its reader streams them (``FileBytes/streamedSHA256()``),
/// one pass over the file for both; ``ofFile(at:constants:)`` reads the file for the hash
/// alone, where an import needs it before or without reading the rows.
enum ContentHash {
    /// `contentHash` alone without constants; else the SHA-256 of it followed by one line
    /// `name=value` per constant (names normalised, lines sorted).
    static func keyed(_ contentHash: String, constants: [ImportConstant]) -> String {
        guard !constants.isEmpty else { return contentHash }
        let lines = constants.map { "\(ImportField.normalize($0.name))=\($0.value)" }.sorted()
        return SHA256.hexDigest(of: Array(([contentHash] + lines).joined(separator: "\n").utf8))
    }

    /// The keyed hash of the file at `path`, read in a pass of its own.
    /// - Throws: ``ThumbLabError/fileNotFound(path:)`` when the file cannot be read.
    static func ofFile(at path: String, constants: [ImportConstant]) throws -> String {
        keyed(try FileBytes(path: path).sha256(), constants: constants)
    }
}
