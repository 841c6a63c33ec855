import Testing
@testable import TesseraLua

/// The hints a failed or missing snapshot prints name the test file as a shell reads it back,
/// so the command they suggest updates that file's snapshots and no other.
@Suite struct SnapshotHintTests {
    @Test func aPlainPathIsWrittenAsItIsAndAnyOtherInSingleQuotes() {
        #expect(LayoutTestSession.shellWord("out/tests/feed_test.lua") == "out/tests/feed_test.lua")
        #expect(LayoutTestSession.shellWord("my tests/feed_test.lua") == "'my tests/feed_test.lua'")
        #expect(LayoutTestSession.shellWord("it's_test.lua") == #"'it'\''s_test.lua'"#)
    }
}
