import Testing
@_spi(Testing) @testable import TesseraCore

/// A section's `visibleItemsHandler` changes alpha, transform and zIndex of its visible elements
/// at query time, as a pure function of the result and the scroll state.
@Suite struct VisibleItemsHandlerTests {
    let fullItem = item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))

    /// A carousel effect: scale by the distance of the card's centre from the screen's centre.
    static let carousel: C.VisibleItemsHandler = { items, offset, env in
        for k in items.indices where items[k].category == .item {
            let f = items[k].frame
            let distance = abs(f.x + f.width / 2 - offset.x - env.container.width / 2)
            items[k].transform.scale = 1 - distance / env.container.width
            items[k].alpha = items[k].index! % 2 == 0 ? 1 : 0.5
            items[k].zIndex = distance <= 50 ? 3 : 1
        }
    }

    var layout: CompositionalLayout {
        let shelf = C.Section(group: .horizontal(abs_(100, 50), [fullItem]), orthogonalScrolling: .continuous,
                              visibleItemsHandler: Self.carousel)
        let header = C.BoundaryItem(kind: "header", size: C.LayoutSize(width: .fractionalWidth(1), height: .absolute(20)),
                                alignment: .top, pinned: true)
        let list = C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(40)), [fullItem]),
                             boundaryItems: [header],
                             visibleItemsHandler: { items, offset, _ in
                                 for k in items.indices where items[k].category == .supplementary {
                                     items[k].alpha = offset.y / 100
                                     items[k].transform = ElementTransform(rotation: 0.5, tx: 3, ty: -4)
                                 }
                             })
        return CompositionalLayout { index, _, _ in index == 0 ? shelf : list }
    }

    @Test func theHandlerSetsAlphaTransformAndZIndexOfVisibleItems() throws {
        let result = try layout.solve(sectionedContext([6, 3], in: s(300, 200)))
        // The shelf scrolled by 150: cards 1...4 show through the 300-point scroller; the handler
        // sees them at rest (midX 150, 250, 350, 450) with offset 150, so their distances from
        // the centre are 150, 50, 50, 150.
        let viewport = r(0, 0, 300, 200)
        let scroll = ScrollState(showing: viewport, sectionOffsets: [0: Point(x: 150, y: 0)])
        let shelf = try result.elements(in: viewport, scroll: scroll).filter { $0.section == 0 }
        #expect(shelf.map(\.index) == [1, 4, 2, 3])   // drawing order: zIndex 1, then 3
        #expect(shelf.map(\.frame.x) == [-50, 250, 50, 150])   // frames as drawn, unchanged
        #expect(shelf.map(\.zIndex) == [1, 1, 3, 3])
        #expect(shelf.map(\.alpha) == [0.5, 1, 1, 0.5])
        let near: Double = 1 - 50.0 / 300
        #expect(shelf.map(\.transform.scale) == [0.5, 0.5, near, near])
        // Positions are untouched: the visible items are the same as without a handler.
        #expect(try result.visible(in: viewport, scroll: scroll) == [1, 2, 3, 4, 6, 7, 8])
        // Pure: asking again gives the same answer; at rest the same cards draw differently.
        #expect(try result.elements(in: viewport, scroll: scroll) == result.elements(in: viewport, scroll: scroll))
        let rest = try result.elements(in: viewport, scroll: ScrollState(showing: viewport)).filter { $0.section == 0 }
        #expect(rest.map(\.index) == [0, 2, 1])
        // At rest cards 0...2 show, at distances 100, 0, 100: the centred one on top.
        let far: Double = 1 - 100.0 / 300
        #expect(rest.map(\.transform.scale) == [far, far, 1])
        // The resting elements are not touched.
        #expect(result.elements.allSatisfy { $0.alpha == 1 && $0.transform == .identity })
    }

    @Test func aVerticalSectionSeesTheContentOffset() throws {
        let result = try layout.solve(sectionedContext([6, 3], in: s(300, 200)))
        // The list starts at y 50: its pinned header at the top of a viewport scrolled to 60.
        let viewport = r(0, 60, 300, 100)
        let drawn = try result.elements(in: viewport, scroll: ScrollState(showing: viewport))
        let header = drawn.filter { $0.kind == "header" }
        #expect(header.map(\.frame) == [r(0, 60, 300, 20)])
        #expect(header.map(\.alpha) == [0.6])
        #expect(header.map(\.transform) == [ElementTransform(rotation: 0.5, tx: 3, ty: -4)])
        #expect(drawn.filter { $0.section == 1 && $0.category == .item }.allSatisfy { $0.alpha == 1 && $0.transform == .identity })
    }
}
