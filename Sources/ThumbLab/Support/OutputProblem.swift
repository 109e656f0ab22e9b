/// A folder or file the library was asked to write that it cannot write.
public enum OutputProblem: Equatable, Sendable, CustomStringConvertible {
    /// What a folder was to hold.
    public enum Folder: Equatable, Sendable {
        /// The demo's study and data.
        case demo
        /// A study report's files.
        case report
        /// A study's export (Parquet or CSV).
        case export
    }

    /// The folder at `path`, for `folder`, cannot be created; `reason` is the system's account.
    case cannotCreateFolder(path: String, folder: Folder, reason: String)
    /// The file at `path` cannot be written; `reason` is the system's account.
    case cannotWrite(path: String, reason: String)
    /// zlib refused to compress an exported file's page with this status (out of memory).
    case compressionFailed(status: Int32)

    /// The problem in plain words.
    public var description: String {
        switch self {
        case .cannotCreateFolder(let path, .demo, let reason):
            return "cannot create the folder '\(path)': \(reason)"
        case .cannotCreateFolder(let path, .report, let reason):
            return "cannot create the report folder '\(path)': \(reason)"
        case .cannotCreateFolder(let path, .export, let reason):
            return "cannot create the export folder '\(path)': \(reason)"
        case .cannotWrite(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .compressionFailed(let status):
            return "zlib could not compress an exported page (status \(status)); free some memory and export again"
        }
    }
}
