import Foundation
import Testing

@testable import ThumbLab

@Suite struct OpenErrorTests {
    private func databaseMessage(_ path: String) -> String? {
        databaseErrorMessage { _ = try StudyDatabase(path: path) }
    }

    @Test func aFolderThatDoesNotExistIsReportedWithThePath() throws {
        let folder = try TestDirectory()
        let path = folder.path("missing/sub/study.sqlite")
        let message = try #require(databaseMessage(path))
        #expect(message.contains(path))
        #expect(message.contains("cannot open"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFolderIsNotADatabase() throws {
        let folder = try TestDirectory()
        let message = try #require(databaseMessage(folder.url.path))
        #expect(message.contains(folder.url.path))
    }

    @Test func aCorruptFileIsReportedNotOverwritten() throws {
        let folder = try TestDirectory()
        let path = folder.path("corrupt.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        #expect(FileManager.default.createFile(atPath: path, contents: garbage))
        let message = try #require(databaseMessage(path))
        #expect(message.contains(path))
        #expect(message.contains("not a database"))
        #expect(FileManager.default.contents(atPath: path) == garbage)
    }

    @Test func theDefaultFileIsThumblabSqlite() {
        #expect(StudyDatabase.defaultFileName == "thumblab.sqlite")
    }
}
