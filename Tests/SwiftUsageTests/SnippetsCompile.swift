// The docs' Swift snippets (Examples/SwiftUsage/Sources/Snippets, linked here) compile with the
// rest of the tests, so a change of the public API that breaks them fails `swift build
// --build-tests` at once; `scripts/test` also builds them as a user's package and runs them.
import Testing
import TesseraCore

@Suite struct SnippetsCompile {
    @Test func theItemsSnippetRunsHereToo() throws {
        #expect(try layOutItemsBuiltInCode().count == 3)
    }

    @Test func theSplitSnippetGivesTheOutputItsPagesShow() throws {
        #expect(try splitColumns() == [
            "n1 (5.0, 35.0, 160.0, 80.0)",
            "n2 (5.0, 125.0, 160.0, 120.0)",
            "a1 (215.0, 50.0, 100.0, 60.0)",
            "w1 (200.0, 165.0, 160.0, 50.0)",
            "content 375.0x250.0",
        ])
    }
}
