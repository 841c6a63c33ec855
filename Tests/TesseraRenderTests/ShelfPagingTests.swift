import Foundation
import Testing
import TesseraCore
@testable import TesseraRender

/// The HTML page's shelves come to rest where the layout's `targetContentOffset` says: the
/// rule the page carries (`ShelfPaging`: step, maximum, sign) gives, for every offset a scroll
/// may stop at, exactly the compositional result's resting offset with no velocity. (Headless
/// Chromium checked the page's script applying it; see the shelf code in HTMLPage.)
@Suite struct ShelfPagingTests {
    static let kinds: [Compositional.OrthogonalScrolling] = [.paging, .groupPaging, .groupPagingCentered, .continuous,
                                                             .continuousGroupLeadingBoundary]

    /// One shelf per behaviour: groups 150 wide, 10 apart, 20 items each, in a 375-wide collection.
    func run(_ direction: Compositional.LayoutDirection = .leftToRight) throws -> (LayoutRun, CompositionalResult) {
        let kinds = Self.kinds
        let layout = CompositionalLayout(configuration: .init(layoutDirection: direction)) { index, _, _ in
            let item = Compositional.Item(size: .init(width: .fractionalWidth(1), height: .fractionalHeight(1)))
            let group = Compositional.Group.horizontal(.init(width: .absolute(150), height: .absolute(100)), [.item(item)])
            return Compositional.Section(group: group, interGroupSpacing: 10, orthogonalScrolling: kinds[index])
        }
        let items = (0..<100).map { Item(id: .int($0)) }
        let dataset = Dataset(items: items, sections: (0..<5).map { .init(id: .int($0), range: (20 * $0)..<(20 * $0 + 20)) })
        let context = LayoutContext(dataset: dataset, collectionSize: Size(width: 375, height: 720))
        let result = try layout.solve(context)
        return (LayoutRun(layoutName: "shelves", dataset: dataset, viewport: context.collectionSize, result: result, milliseconds: 0), result)
    }

    @Test func restingOffsetsAreTheLayoutsTargetContentOffsets() throws {
        for direction in [Compositional.LayoutDirection.leftToRight, .rightToLeft] {
            let (_, result) = try run(direction)
            let sign = direction == .rightToLeft ? -1.0 : 1.0
            for section in 0..<5 {
                let paging = try #require(ShelfPaging.of(section: section, in: result))
                for k in -3...140 {
                    let proposed = sign * Double(k) * 23.7
                    let expected = result.targetContentOffset(section: section, proposed: Point(x: proposed, y: 0), velocity: .zero).x
                    #expect(paging.resting(proposed) == expected, "section \(section), \(direction), proposed \(proposed)")
                }
            }
        }
        let (_, result) = try run()
        #expect(try #require(ShelfPaging.of(section: 0, in: result)) == ShelfPaging(step: 375, maximum: 3190 - 375, sign: 1))
        #expect(try #require(ShelfPaging.of(section: 1, in: result)) == ShelfPaging(step: 160, maximum: 3190 - 375, sign: 1))
        #expect(try #require(ShelfPaging.of(section: 2, in: result)) == ShelfPaging(step: 160, maximum: 3415 - 375, sign: 1))
        #expect(try #require(ShelfPaging.of(section: 3, in: result)).step == 0)
        // A wheel that stops at 230: the next page, the nearest group (also centred), or where it is.
        #expect([0, 1, 2, 3, 4].map { ShelfPaging.of(section: $0, in: result)!.resting(230) } == [375, 160, 160, 230, 160])
    }

    @Test func theRuleIsFoundThroughForwardingResultsAndCarriedByThePage() throws {
        let (run, _) = try run()
        let item = Compositional.Item(size: .init(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let section = Compositional.Section(group: .horizontal(.init(width: .absolute(150), height: .absolute(100)), [.item(item)]),
                                            interGroupSpacing: 10, orthogonalScrolling: .groupPaging)
        let wrapped = try CompositionalLayout(section: section).visibleFrameInset(EdgeInsets(top: -10, bottom: -10))
            .layout(LayoutContext(dataset: run.dataset, collectionSize: run.viewport))
        #expect(ShelfPaging.of(section: 0, in: wrapped) == ShelfPaging(step: 160, maximum: 3190 - 375, sign: 1))
        #expect(ShelfPaging.of(section: 0, in: try FramesResult(frames: [Rect(x: 0, y: 0, width: 1, height: 1)])) == nil)

        let page = try HTMLPage(run: run, viewport: nil).render()
        let start = try #require(page.range(of: "\"orthogonal\":["))
        let end = try #require(page.range(of: "],\"itemZ\"", range: start.upperBound..<page.endIndex))
        let shelves = page[start.upperBound..<end.lowerBound]
        // Each shelf carries its item range and how it comes to rest.
        #expect(shelves.contains(#""items":[0,20],"paging":{"step":375,"maximum":2815,"sign":1}"#), "\(shelves)")
        #expect(shelves.contains(#""items":[20,40],"paging":{"step":160,"maximum":2815,"sign":1}"#))
        #expect(shelves.contains(#""items":[40,60],"paging":{"step":160,"maximum":3040,"sign":1}"#))
        #expect(shelves.contains(#""items":[60,80],"paging":{"step":0,"maximum":2815,"sign":1}"#))
        #expect(page.contains("function restingOffset(sh, off)"))
    }
}
