/// How an import's one transaction reached the disk
/// (https://sqlite.org/lockingv3.html#rollback, https://sqlite.org/wal.html).
///
/// A database file stays in write-ahead-log mode between imports, so that readers never
/// wait. An import into a file that holds no batch and no free pages, and that no other
/// connection has open, runs in rollback-journal mode instead and returns the file to
/// write-ahead logging after its commit: the pages it adds lie beyond the file's old end,
/// which SQLite does not journal, so each is written once rather than twice (to the log,
/// then by the checkpoint). Other connections wait for such an import (up to their busy
/// timeout); there is nothing for them to read yet. Either way a killed import leaves all
/// of its rows or none.
public enum ImportJournal: String, Equatable, Sendable {
    /// Rollback journal: the import's pages went straight into the database file.
    case rollback
    /// Write-ahead log: readers saw the earlier state while the import ran.
    case writeAheadLog = "wal"
}
