import Foundation
import Testing
@testable import TesseraCore

/// A sections layout holds the result of one section at a time, not one per section: a result
/// has an index of its own, many times its frames, so a million small sections each keeping
/// theirs until the end took gigabytes. Counted without a clock: each section's result carries
/// a token that counts how many are alive at once.
@Suite struct SectionsHeldResultsTests {
    /// How many tokens were made, are alive, and were alive at once at most.
    final class Census: @unchecked Sendable {
        // Safe: touched only while holding `lock`.
        private let lock = NSLock()
        private var counts = (made: 0, live: 0, peak: 0)
        func born() { lock.withLock { counts.made += 1; counts.live += 1; counts.peak = max(counts.peak, counts.live) } }
        func died() { lock.withLock { counts.live -= 1 } }
        var made: Int { lock.withLock { counts.made } }
        var peak: Int { lock.withLock { counts.peak } }
    }

    final class Token: Sendable {
        let census: Census
        init(_ census: Census) { self.census = census; census.born() }
        deinit { census.died() }
    }

    /// A flow layout's result, carrying a token (a layout that is not a `SimpleLayout`, so the
    /// sections layout gets a result for each section).
    struct Counted: ForwardingLayoutResult {
        let base: any LayoutResult
        let token: Token
    }

    struct CountedFlow: Layout {
        let census: Census
        func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
            AnyLayoutResult(Counted(base: try FlowLayout().layout(context), token: Token(census)))
        }
    }

    /// `count` one-item sections of 10x10 items.
    static func oneItemSections(_ count: Int) -> LayoutContext {
        let items = (0..<count).map { Item(id: .int($0), fields: ["w": .int(10), "h": .int(10)]) }
        let dataset = Dataset(items: items, sections: (0..<count).map { .init(id: .int($0), range: $0..<($0 + 1)) })
        return LayoutContext(dataset: dataset, collectionSize: s(100, 100), sizing: ItemSizing(rule: .intrinsic))
    }

    @Test(arguments: [false, true])
    func oneSectionResultIsHeldAtATime(arranged: Bool) throws {
        let census = Census()
        let layout = SectionsLayout(arrangement: arranged ? FlowLayout() : nil) { _, _ in CountedFlow(census: census) }
        let result = try layout.layout(Self.oneItemSections(500))
        #expect(census.made == 500)
        #expect(census.peak == 1)
        // The frames are the ones a flow gives each section, stacked (or flowed ten to a row).
        #expect(try result.frame(at: 0) == r(0, 0, 10, 10))
        #expect(try result.frame(at: 499) == (arranged ? r(90, 490, 10, 10) : r(0, 4990, 10, 10)))
        #expect(result.sectionRanges.count == 500)
    }

    /// A section whose result still answers queries (it pins items) is kept, and only it.
    @Test func aSectionThatDrawsItsOwnItemsIsKept() throws {
        let census = Census()
        let layout = SectionsLayout { s, _ -> any Layout in s == 3 ? CountedFlow(census: census).pinned { _ in true } : FlowLayout() }
        let result = try layout.layout(Self.oneItemSections(10))
        #expect(census.made == 1)
        #expect((result.base as? SectionsResult)?.parts.map(\.firstSection) == [3])
    }
}
