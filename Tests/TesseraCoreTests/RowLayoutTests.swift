import Testing
@testable import TesseraCore

/// Records what each item was proposed (fill items are asked with their share).
private final class Proposals: @unchecked Sendable {
    var byIndex: [Int: Size] = [:]
}

/// A context of items named by `ids`; `fixed` sizes ignore the proposal, and any other item
/// (a fill item) answers `fill`'s size for the proposal it gets.
private func context(_ width: Double, _ height: Double, ids: [ItemID], fixed: [String: Size],
                     fill: @escaping @Sendable (Size) -> Size = { _ in Size(width: 20, height: 40) },
                     proposals: Proposals = Proposals()) -> LayoutContext {
    LayoutContext(collectionSize: Size(width: width, height: height), count: ids.count,
                  item: { Item(id: ids[$0]) },
                  size: { i, proposed in
                      proposals.byIndex[i] = proposed
                      return fixed[ids[i].description] ?? fill(proposed)
                  })
}

private func frames(_ layout: RowLayout, _ ctx: LayoutContext) throws -> [Rect] {
    try layout.layout(ctx).allFrames
}

private let abFixed = ["a": Size(width: 50, height: 20), "b": Size(width: 70, height: 30)]

@Suite struct RowLayoutTests {
    @Test func fillItemsShareTheLeftoverEqually() throws {
        let proposals = Proposals()
        let ctx = context(300, 100, ids: [.string("a"), .string("f"), .string("b"), .string("g")],
                          fixed: abFixed, proposals: proposals)
        let got = try frames(RowLayout("f", "g", spacing: 10), ctx)
        #expect(got == [Rect(x: 0, y: 0, width: 50, height: 20), Rect(x: 60, y: 0, width: 75, height: 40),
                        Rect(x: 145, y: 0, width: 70, height: 30), Rect(x: 225, y: 0, width: 75, height: 40)])
        #expect(proposals.byIndex[0] == Size(width: 300, height: 100))  // fixed: the container
        #expect(proposals.byIndex[1] == Size(width: 75, height: 100))   // fill: its share
        #expect(proposals.byIndex[3] == Size(width: 75, height: 100))
    }

    @Test func fillItemsAreMatchedByIdentifierNotIndex() throws {
        let ctx = context(200, 100, ids: [.int(2), .int(0), .int(1)],
                          fixed: ["0": Size(width: 30, height: 10), "1": Size(width: 40, height: 10)])
        let got = try frames(RowLayout(fillIdentifiers: [2]), ctx)
        #expect(got.map(\.x) == [0, 130, 160])
        #expect(got.map(\.width) == [130, 30, 40])
    }

    /// Ids are typed: `fill=[5]` names the item whose id is the integer 5, never the string "5".
    @Test func fillIdentifiersAreTyped() throws {
        let ctx = context(200, 100, ids: [.int(5), .string("5")], fixed: [:], fill: { _ in Size(width: 30, height: 10) })
        var integer = try BuiltinLayouts.make(name: "row", params: ["fill": [5]])
        #expect(try integer.layout(ctx).allFrames.map(\.width) == [170, 30])
        integer = try BuiltinLayouts.make(name: "row", params: ["fill": ["5"]])
        #expect(try integer.layout(ctx).allFrames.map(\.width) == [30, 170])
    }

    /// A context with no dataset carries the sections it is given, and slices re-base them.
    @Test func aContextCarriesItsSectionsWithoutADataset() throws {
        let sections = [Dataset.Section(id: "a", fields: ["title": "A"], range: 0..<2), Dataset.Section(id: 7, range: 2..<5)]
        let ctx = LayoutContext(collectionSize: Size(width: 100, height: 100), count: 5, sections: sections,
                                item: { _ in nil }, size: { _, _ in Size(width: 10, height: 10) })
        #expect(ctx.sections == sections)
        #expect(ctx.slice(2..<5).sections == [Dataset.Section(id: 7, range: 0..<3)])
        #expect(ctx.slice(1..<3).sections == [Dataset.Section(id: "a", fields: ["title": "A"], range: 0..<2)])
        #expect(LayoutContext(collectionSize: .zero, count: 3, item: { _ in nil }, size: { _, _ in .zero }).sections
                == [Dataset.Section(id: 0, range: 0..<3)])
        #expect(ctx.identifier(at: 3) == 3)
    }

    @Test func rowFillNoSpace() throws {
        // 250 + 50 + 50 in 250: the fixed items overflow, the fill item gets a share of 0 and
        // keeps the width its size rule answers; the row overflows and stays at the start.
        let proposals = Proposals()
        let ctx = context(250, 100, ids: [.string("a"), .string("f"), .string("b")],
                          fixed: ["a": Size(width: 250, height: 20), "b": Size(width: 50, height: 20)],
                          fill: { _ in Size(width: 50, height: 20) }, proposals: proposals)
        let result = try RowLayout("f", justifyContent: .center).layout(ctx)
        #expect(result.allFrames == [Rect(x: 0, y: 0, width: 250, height: 20), Rect(x: 250, y: 0, width: 50, height: 20),
                                     Rect(x: 300, y: 0, width: 50, height: 20)])
        #expect(proposals.byIndex[1] == Size(width: 0, height: 100))
        #expect(result.contentSize == Size(width: 350, height: 20))
    }

    @Test func withoutAlwaysFillAFillItemKeepsItsOwnWidth() throws {
        var layout = RowLayout("f", spacing: 10, justifyContent: .end)
        layout.alwaysFillEmptySpaces = false
        let ctx = context(300, 100, ids: [.string("a"), .string("f"), .string("b")], fixed: abFixed)
        // 50 + 20 + 70 + 2·10 = 160 leaves 140: the row is end-aligned.
        #expect(try frames(layout, ctx).map(\.x) == [140, 200, 230])
        #expect(try frames(layout, ctx).map(\.width) == [50, 20, 70])
    }

    @Test func aFillingRowIgnoresJustification() throws {
        let ctx = context(300, 100, ids: [.string("a"), .string("f")], fixed: abFixed)
        #expect(try frames(RowLayout("f", justifyContent: .center), ctx).map(\.x) == [0, 50])
    }

    @Test func justifyUsesCollectionKitsDistribute() throws {
        let ctx = context(300, 100, ids: [.string("a"), .string("b")], fixed: abFixed)
        func xs(_ j: JustifyContent) throws -> [Double] { try frames(RowLayout(spacing: 10, justifyContent: j), ctx).map(\.x) }
        #expect(try xs(.start) == [0, 60])
        #expect(try xs(.center) == [85, 145])
        #expect(try xs(.end) == [170, 230])
        #expect(try xs(.spaceBetween) == [0, 230])
        #expect(try xs(.spaceAround) == [45, 185])   // leftover 180 / 2, spacing ignored
        #expect(try xs(.spaceEvenly) == [60, 170])
    }

    @Test func overflowingRowStaysAtTheStart() throws {
        let ctx = context(100, 100, ids: [.string("a"), .string("b")], fixed: abFixed)
        #expect(try frames(RowLayout(spacing: 10, justifyContent: .end), ctx).map(\.x) == [0, 60])
    }

    @Test func alignItemsAgainstTheContainerHeight() throws {
        let ctx = context(300, 100, ids: [.string("a"), .string("b")], fixed: abFixed)
        func ys(_ a: AlignItems) throws -> [Rect] { try frames(RowLayout(alignItems: a), ctx) }
        #expect(try ys(.start).map(\.y) == [0, 0])
        #expect(try ys(.center).map(\.y) == [40, 35])
        #expect(try ys(.end).map(\.y) == [80, 70])
        #expect(try ys(.stretch).map(\.height) == [100, 100])
        // A negative height is refused before the row runs (CollectionKit clamps it to 0).
        let negative = context(300, -10, ids: [.string("a")], fixed: abFixed)
        #expect(throws: LayoutError("the row layout's container size must be a number of at least 0 on each side "
            + "(infinity for an unbounded one), got 300x-10")) { try frames(RowLayout(alignItems: .stretch), negative) }
    }

    @Test func emptyRow() throws {
        let result = try RowLayout("f").layout(context(300, 100, ids: [], fixed: [:]))
        #expect(result.count == 0 && result.contentSize == .zero)
    }

    @Test func defaults() {
        let row = RowLayout()
        #expect(row.fillIdentifiers.isEmpty && row.spacing == 0 && row.alwaysFillEmptySpaces)
        #expect(row.justifyContent == .start && row.alignItems == .start)
        #expect(RowLayout("a", "b").fillIdentifiers == ["a", "b"])
    }
}
