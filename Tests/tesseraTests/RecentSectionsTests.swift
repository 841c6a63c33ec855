import Testing
import TesseraCore
@testable import tessera

/// The section ids a late scroll's shelves are carried by: those of the newest pictures only.
@Suite("RecentSections")
struct RecentSectionsTests {
    @Test func itKeepsTheNewestPicturesSectionIds() {
        var recent = RecentSections()
        #expect(recent.ids(of: 1) == nil)
        for generation in [1, 2, 4, 5, 6, 7, 8, 9, 10] {
            recent.add(generation: generation, ids: [.string("S\(generation)"), .int(generation)])
        }
        // A failed run makes a generation without a picture (3): none is kept for it.
        #expect(recent.pictures.map(\.generation) == [2, 4, 5, 6, 7, 8, 9, 10])
        #expect(recent.ids(of: 1) == nil)
        #expect(recent.ids(of: 3) == nil)
        #expect(recent.ids(of: 2) == [.string("S2"), .int(2)])
        #expect(recent.ids(of: 10) == [.string("S10"), .int(10)])
        #expect(recent.ids(of: 11) == nil)
    }
}
