import Foundation
import Testing

@testable import ThumbLab

@Suite struct OpenErrorTests {
    @Test func aFolderThatDoesNotExistCannotBeOpened() throws {
        let folder = try TestDirectory()
        let path = folder.path("missing/sub/study.sqlite")
        #expect(throws: ThumbLabError.storage(.cannotOpen(path: path))) { _ = try StudyDatabase(path: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFolderCannotBeOpenedAsADatabase() throws {
        let folder = try TestDirectory()
        #expect(throws: ThumbLabError.storage(.cannotOpen(path: folder.url.path))) {
            _ = try StudyDatabase(path: folder.url.path)
        }
    }

    @Test func aCorruptFileIsReportedNotOverwritten() throws {
        let folder = try TestDirectory()
        let path = folder.path("corrupt.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        #expect(FileManager.default.createFile(atPath: path, contents: garbage))
        #expect(throws: ThumbLabError.storage(.notADatabase(path: path))) { _ = try StudyDatabase(path: path) }
        #expect(FileManager.default.contents(atPath: path) == garbage)
    }

    @Test func theDefaultFileIsThumblabSqlite() {
        #expect(StudyDatabase.defaultFileName == "thumblab.sqlite")
    }
}
