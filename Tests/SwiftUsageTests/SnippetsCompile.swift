// The docs' Swift snippets (Examples/SwiftUsage/Sources/Snippets, linked here) compile with the
// rest of the tests, so a change of the public API that breaks them fails `swift build
// --build-tests` at once; `scripts/test` also builds them as a user's package and runs them.
import Testing
import TesseraCore

@Suite struct SnippetsCompile {
    @Test func theItemsSnippetRunsHereToo() throws {
        #expect(try layOutItemsBuiltInCode().count == 3)
    }
}
