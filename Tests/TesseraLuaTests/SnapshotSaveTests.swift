#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TesseraCore
@testable import TesseraLua

/// Why a snapshot file could not be written reads as every other system reason does: in lower
/// case mid-sentence ("permission denied", as a dataset that cannot be read says it).
@Suite struct SnapshotSaveTests {
    @Test func aFolderThatCannotBeMadeGivesTheReasonInLowerCase() {
        let options = LayoutTestOptions(roots: [], document: { _ in .null }, write: { _, _ in })
        let problem = LayoutTestFile.save(SnapshotFile(entries: ["k": .int(1)]),
                                          to: "/no/such/place/__snapshots__/x_test.lua.snap.json", options: options)
        #expect(problem == "cannot create /no/such/place/__snapshots__: no such file or directory")
        #expect(systemReason(EACCES) == "permission denied")
    }
}
