import Testing
@testable import TesseraCore

/// The names a misspelt or half-remembered one is offered: the closest by spelling, then those
/// the typed word starts or starts a word of, three at most, in a stable order.
struct DidYouMeanTests {
    static let flow = ["spacing", "lineSpacing", "interitemSpacing", "justifyContent", "alignItems", "alignContent"]

    @Test(arguments: [
        ("widht", ["width", "height"], ["width"]),                                  // a swap of neighbours
        ("colums", ["columns", "spacing"], ["columns"]),                            // a letter missing
        ("justify", flow, ["justifyContent"]),                                      // the start of a name
        ("align", flow, ["alignItems", "alignContent"]),                            // the start of two, in their order
        ("spacing", ["itemSpacing", "lineSpacing", "columns"], ["itemSpacing", "lineSpacing"]), // a camelCase word
        ("SPACING", ["item_spacing", "line-spacing"], ["item_spacing", "line-spacing"]),       // snake, kebab, any case
        ("content", flow, ["justifyContent", "alignContent"]),
        ("sectio", ["section-by", "sections"], ["sections", "section-by"]),        // the closest first
        ("gap", ["rowGap", "columnGap", "gapless", "itemGap"], ["rowGap", "columnGap", "gapless"]), // three at most
        ("gap", ["rowGap", "gapX", "gapY"], ["gapX", "rowGap", "gapY"]),            // one edit away first, then the rest
        ("Width", ["widthRatio", "width"], ["width"]),                              // a name differing in case alone, alone
        ("pacing", ["itemSpacing"], []),                                            // a word's middle is not its start
        ("ju", ["justifyContent"], []),                                             // too short to stand for a longer name
        ("zzzz", flow, []),
        ("fade", ["fade"], []),                                                     // the name itself is not offered
        ("z", ["x", "y"], ["x"]),                                                   // one edit in a short name: the first closest
    ] as [(String, [String], [String])])
    func suggestsTheNamesMeant(typed: String, candidates: [String], expected: [String]) {
        #expect(DidYouMean.suggestions(for: typed, among: candidates) == expected)
    }

    @Test func theHintListsTheSuggestionsJoinedWithOr() {
        #expect(DidYouMean.hint(for: "justify", among: Self.flow) == " (did you mean justifyContent?)")
        #expect(DidYouMean.hint(for: "align", among: Self.flow) == " (did you mean alignItems or alignContent?)")
        #expect(DidYouMean.hint(for: "gap", among: ["rowGap", "columnGap", "gapless", "itemGap"]) == " (did you mean rowGap, columnGap or gapless?)")
        #expect(DidYouMean.hint(for: "zzzz", among: Self.flow) == "")
        #expect(DidYouMean.suggestion(for: "zzzz", among: Self.flow) == nil)
    }

    @Test(arguments: [
        ("itemSpacing", ["itemSpacing", "item", "Spacing"]),
        ("section-by", ["section-by", "section", "by"]),
        ("item_spacing", ["item_spacing", "item", "spacing"]),
        ("emoji-15.1.json", ["emoji-15.1.json", "emoji", "15", "1", "json"]),
        ("column2Gap", ["column2Gap", "column2", "Gap"]),
        ("URLPath", ["URLPath"]),
        ("width", ["width"]),
    ])
    func splitsANameIntoWords(name: String, words: [String]) {
        #expect(DidYouMean.words(of: name).map(String.init) == words)
    }
}
