import Testing
@testable import tessera

/// ArgumentParser's sentences read as ours: the first word after "Error: " lowercase, the usage
/// and Help lines below as ArgumentParser writes them.
@Suite struct ParserWordingTests {
    @Test(arguments: [
        ("Error: Unknown option '--colums'\nUsage: tessera run [<options>] <layout>", "Error: unknown option '--colums'\nUsage: tessera run [<options>] <layout>"),
        ("Error: Missing expected argument '<layout>'\nHelp:  <layout>  A built-in layout", "Error: missing expected argument '<layout>'\nHelp:  <layout>  A built-in layout"),
        ("Error: The value 'x' is invalid for '--rounds <N>'", "Error: the value 'x' is invalid for '--rounds <N>'"),
        ("Error: Unexpected argument 'b.json'", "Error: unexpected argument 'b.json'"),
        // Ours already, or no sentence's first word: left as they are.
        ("Error: unknown layout 'wat'", "Error: unknown layout 'wat'"),
        ("Error: --viewport 'x' is not valid; expected two finite numbers like 375x812", "Error: --viewport 'x' is not valid; expected two finite numbers like 375x812"),
        ("Error: TESSERA_BENCH_DIFF_ONLY: expected KIND-N-PATH", "Error: TESSERA_BENCH_DIFF_ONLY: expected KIND-N-PATH"),
        ("Error: Photos.json: expected a dataset file, found no such file.", "Error: Photos.json: expected a dataset file, found no such file."),
        ("Error: A", "Error: A"),
        ("Unknown option '--x'", "Unknown option '--x'"),
    ])
    func theFirstWordAfterErrorIsLowercased(text: String, expected: String) {
        #expect(Tessera.lowercasingParserSentence(text) == expected)
    }
}
