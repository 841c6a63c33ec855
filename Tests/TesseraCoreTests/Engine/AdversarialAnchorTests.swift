import Testing
@_spi(Testing) @testable import TesseraCore

/// Scroll anchoring attacked as a real host would: the anchor deleted or moved, inserts at its
/// index, clamping, rotation with measurements pending, `scrollTo` then measurements, rows and
/// right-to-left rows, pinned headers, a chat, measurements of ids not laid out yet, forgotten
/// and zero sizes, batched against one-by-one measurements. Each says what a person looking at
/// the screen expects, and every pass's frames are a fresh full layout with the same sizes.
@Suite struct AdversarialAnchorTests {
    /// A feed of cells `i0`, `i1`, … estimated `estimate` each (or as `sized` says for the size
    /// proposed), in a list of 2 points' spacing (or a row, a right-to-left row, sections), as
    /// the host holds it: its ids and what it measured.
    final class Feed {
        var ids: [String]
        var measured: [ItemID: Size] = [:]
        let layout: @Sendable () -> any Layout
        let estimate: @Sendable (Size) -> Size
        var sections: [Range<Int>]?
        init(count: Int, estimate: Size = Size(width: 360, height: 44), sized: (@Sendable (Size) -> Size)? = nil,
             layout: @escaping @Sendable () -> any Layout = { FlowLayout(lineSpacing: 2) }) {
            ids = (0..<count).map { "i\($0)" }
            self.layout = layout
            self.estimate = sized ?? { _ in estimate }
        }
        var source: ItemSource {
            var s = ItemSource(values: ids.map { .object(["id": .string($0)]) })
            if let sections { s.sections = sections.enumerated().map { Dataset.Section(id: .int($0), range: $1) } }
            return s
        }
        func provider() -> BasicProvider {
            let estimate = estimate
            return BasicProvider(data: source, layout: layout(), size: .custom { _, p in estimate(p) })
        }
        /// The engine's provider, as the host built it.
        lazy var shown = provider()
        func engine(viewport: Size = Size(width: 360, height: 500), anchor: ScrollAnchor = .none) -> CollectionEngine {
            let e = CollectionEngine(provider: shown, viewport: viewport)
            e.anchor = anchor
            return e
        }
        func measure(_ e: CollectionEngine, _ id: String, _ size: Size?) throws {
            measured[.string(id)] = size
            try e.measure(.string(id), size: size)
        }
        func update(_ body: (inout [String]) -> Void) {
            body(&ids)
            shown.data = source
        }
        /// The frames a fresh full layout gives with the sizes measured so far.
        func fresh(in viewport: Size) throws -> any LayoutResult {
            let sizes = measured, ids = ids, estimate = estimate
            let p = BasicProvider(data: source, layout: layout(), size: .custom { i, p in sizes[.string(ids[i])] ?? estimate(p) })
            return try p.layout(in: viewport).result
        }
        /// The engine's frames are the fresh layout's, item for item.
        func expectFresh(_ e: CollectionEngine, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let expected = try fresh(in: e.viewportSize)
            #expect(e.layoutResult.count == expected.count, "\(what): count", sourceLocation: sourceLocation)
            #expect(e.contentSize == expected.contentSize, "\(what): content size", sourceLocation: sourceLocation)
            for i in 0..<min(expected.count, e.layoutResult.count) where try e.layoutResult.frame(at: i) != expected.frame(at: i) {
                Issue.record("\(what): item \(i) at \(try e.layoutResult.frame(at: i)), fresh \(try expected.frame(at: i))",
                             sourceLocation: sourceLocation)
                break
            }
        }
    }

    /// Where cell `id` is on screen: its frame's origin less the content offset.
    static func screen(_ e: CollectionEngine, _ id: String) throws -> Point? {
        guard let i = try e.index(of: .string(id)), let f = try e.frame(at: i) else { return nil }
        return Point(x: f.minX - e.scrollState.contentOffset.x, y: f.minY - e.scrollState.contentOffset.y)
    }

    /// 200 cells in a 360x500 viewport, scrolled so the viewport's top cuts 10 off i50 (i51 at 36).
    static func showing50(anchor: ScrollAnchor = .none) throws -> (Feed, CollectionEngine) {
        let feed = Feed(count: 200)
        let e = feed.engine(anchor: anchor)
        try e.layout()
        try e.scroll(to: y(46 * 50 + 10))
        return (feed, e)
    }

    /// 200 cells scrolled to the end of their 9198 points (offset 8698): i189 cut by 4, i190 at 42,
    /// every cell on screen drawn before.
    static func atTheEnd() throws -> (Feed, CollectionEngine) {
        let feed = Feed(count: 200)
        let e = feed.engine()
        try e.layout()
        try e.scroll(to: y(8600))
        try e.scroll(to: y(8698))
        return (feed, e)
    }

    static func y(_ v: Double) -> Point { Point(x: 0, y: v) }
    static func tall(_ h: Double) -> Size { Size(width: 360, height: h) }

    // MARK: data changes at the anchor

    /// The first visible cell is deleted while cells arrive above it in the same reload: the
    /// cell that showed right after it is what the person looks at now, and it stays where it
    /// was (without it the screen jumps by everything that arrived above).
    @Test func anAnchorDeletedWithInsertsAboveKeepsTheNextVisibleCellStill() throws {
        let (feed, e) = try Self.showing50(anchor: .firstVisible)
        #expect(try Self.screen(e, "i51") == Self.y(36))
        feed.update { ids in
            ids.remove(at: 50)
            ids.insert(contentsOf: ["n0", "n1", "n2"], at: 0)
        }
        let events = try e.layout()
        #expect(try Self.screen(e, "i51") == Self.y(36))
        #expect(e.scrollState.contentOffset == Self.y(46 * 53 - 36))
        #expect(events.first == .adjust(by: Self.y(46 * 2), to: Self.y(46 * 53 - 36)))
        try feed.expectFresh(e, "deleted anchor")
    }

    /// The first visible cell alone deleted: the next visible cell stays, the gap closes from above.
    @Test func anAnchorDeletedAloneKeepsTheNextVisibleCellStill() throws {
        let (feed, e) = try Self.showing50(anchor: .firstVisible)
        feed.update { $0.remove(at: 50) }
        try e.layout()
        #expect(try Self.screen(e, "i51") == Self.y(36))
        #expect(e.scrollState.contentOffset == Self.y(46 * 50 - 36))
        try feed.expectFresh(e, "deleted anchor alone")
    }

    /// Every visible cell deleted: nothing that was drawn survives, so nothing moves.
    @Test func everyVisibleCellDeletedLeavesTheOffset() throws {
        let (feed, e) = try Self.showing50(anchor: .firstVisible)
        feed.update { ids in
            ids.removeSubrange(50...61)
            ids.insert("n0", at: 0)
        }
        let events = try e.layout()
        #expect(e.scrollState.contentOffset == Self.y(46 * 50 + 10))
        #expect(!events.contains { $0.type == .adjust })
        try feed.expectFresh(e, "all visible deleted")
    }

    /// With `.none`, a reload in the same pass as a measurement anchors as much as the measurement
    /// alone: three cells inserted above while a cell far below is measured push the screen down
    /// by three cells, as they do when the measurement is laid out first (the measurement alone
    /// moves nothing). It used to anchor the inserts too, so the offset depended on whether the
    /// host laid out between the two.
    @Test func aReloadInThePassOfAMeasurementAnchorsAsMuchAsTheMeasurementAlone() throws {
        var (feed, e) = try Self.showing50()
        feed.update { $0.insert(contentsOf: ["n0", "n1", "n2"], at: 0) }
        try feed.measure(e, "i150", Self.tall(80))
        #expect(try !e.layout().contains { $0.type == .adjust })
        #expect(try Self.screen(e, "i51") == Self.y(36 + 138))
        try feed.expectFresh(e, "reload with a measurement")
        (feed, e) = try Self.showing50()
        try feed.measure(e, "i150", Self.tall(80))
        try e.layout()
        feed.update { $0.insert(contentsOf: ["n0", "n1", "n2"], at: 0) }
        #expect(try !e.layout().contains { $0.type == .adjust })
        #expect(try Self.screen(e, "i51") == Self.y(36 + 138))
        try feed.expectFresh(e, "measured, then reloaded")
    }

    /// The anchor moved far up by a data update (a conversation bumped): the first visible
    /// cell that was drawn is followed, and stays where it was on screen.
    @Test func anAnchorMovedByADataUpdateIsFollowed() throws {
        let (feed, e) = try Self.showing50(anchor: .firstVisible)
        feed.update { ids in ids.insert(ids.remove(at: 50), at: 5) }
        try e.layout()
        #expect(try Self.screen(e, "i50") == Self.y(-10))
        #expect(e.scrollState.contentOffset == Self.y(46 * 5 + 10))
        try feed.expectFresh(e, "moved anchor")
    }

    /// An insert exactly at the anchor's index goes above it: the anchor keeps its place with
    /// `.firstVisible`; with `.none` the offset stays and the anchor moves down by the new cell.
    @Test(arguments: [ScrollAnchor.firstVisible, .none])
    func anInsertAtTheAnchorsIndex(_ anchor: ScrollAnchor) throws {
        let (feed, e) = try Self.showing50(anchor: anchor)
        feed.update { $0.insert("n0", at: 50) }
        let events = try e.layout()
        if anchor == .firstVisible {
            #expect(try Self.screen(e, "i50") == Self.y(-10))
            #expect(events.first == .adjust(by: Self.y(46), to: Self.y(46 * 51 + 10)))
        } else {
            #expect(try Self.screen(e, "i50") == Self.y(36))
            #expect(try Self.screen(e, "n0") == Self.y(-10))
            #expect(!events.contains { $0.type == .adjust })
        }
        try feed.expectFresh(e, "insert at anchor")
    }

    // MARK: measurements

    /// Cells above and in view shrink until the content ends above where the anchor would go:
    /// the offset is clamped to the content's end. Grown back (forgotten), the cell that was
    /// drawn right below the cut one keeps its place and the cut one grows upwards.
    @Test func shrinkingBelowTheOffsetClampsThenGrowingBackKeepsTheAnchor() throws {
        let (feed, e) = try Self.atTheEnd()
        for k in 100..<200 { try feed.measure(e, "i\(k)", Self.tall(10)) }
        var events = try e.layout()
        // i190 would stay at 42 with the offset at 5638; the content now ends at 5798.
        #expect(e.contentSize.height == 5798)
        #expect(e.scrollState.contentOffset == Self.y(5298))
        #expect(events.first == .adjust(by: Self.y(5298 - 8698), to: Self.y(5298)))
        try feed.expectFresh(e, "shrunk")
        // The host draws the shrunk cells (they are not new any more), then forgets them all.
        try e.scroll(to: Self.y(5297))                        // i158 cut by 1, i159 at 11
        #expect(try Self.screen(e, "i159") == Self.y(11))
        for k in 100..<200 { try feed.measure(e, "i\(k)", nil) }
        events = try e.layout()
        #expect(try Self.screen(e, "i159") == Self.y(11))
        #expect(e.scrollState.contentOffset == Self.y(46 * 159 - 11))
        #expect(events.first?.type == .adjust)
        try feed.expectFresh(e, "grown back")
    }

    /// Scrolled to the very end, the last cell measured shorter: the content now ends above the
    /// viewport's bottom, so the offset follows the content's end (what is on screen moves down
    /// by as much) rather than leaving a gap under the last cell. Measured taller, it grows below
    /// the viewport and nothing moves. An offset the host put past the end (a bounce) is left
    /// where it is.
    @Test func theLastCellShrinkingAtTheEndPullsTheOffsetToTheNewEnd() throws {
        let (feed, e) = try Self.atTheEnd()
        try feed.measure(e, "i199", Self.tall(10))
        var events = try e.layout()
        #expect(e.contentSize.height == 9164)
        #expect(e.scrollState.contentOffset == Self.y(8664))
        #expect(events.first == .adjust(by: Self.y(-34), to: Self.y(8664)))
        #expect(try Self.screen(e, "i190") == Self.y(76))
        #expect(try Self.screen(e, "i199") == Self.y(490))
        try feed.expectFresh(e, "last shrunk")
        try feed.measure(e, "i199", Self.tall(100))            // i188 (cut by 16) anchors
        events = try e.layout()
        #expect(e.contentSize.height == 9254)
        #expect(e.scrollState.contentOffset == Self.y(8664))
        #expect(!events.contains { $0.type == .adjust })
        try feed.expectFresh(e, "last grown")
        try e.scroll(to: Self.y(8800))                        // 46 past the end
        try feed.measure(e, "i199", Self.tall(10))
        events = try e.layout()
        #expect(e.scrollState.contentOffset == Self.y(8800))
        #expect(!events.contains { $0.type == .adjust })
        try feed.expectFresh(e, "bounce")
    }

    /// A row scrolled to its end whose last cell is measured narrower: the offset follows the
    /// content's end on the x axis.
    @Test func aRowsLastCellNarrowingAtTheEndPullsTheOffsetToTheNewEnd() throws {
        let feed = Feed(count: 200, estimate: Size(width: 60, height: 40), layout: { RowLayout(spacing: 2) })
        let e = feed.engine()
        try e.layout()
        try e.scroll(to: Point(x: 12038, y: 0))               // the end: content 12398 wide
        try feed.measure(e, "i199", Size(width: 20, height: 40))
        let events = try e.layout()
        #expect(e.contentSize.width == 12358)
        #expect(e.scrollState.contentOffset == Point(x: 11998, y: 0))
        #expect(events.first == .adjust(by: Point(x: -40, y: 0), to: Point(x: 11998, y: 0)))
        try feed.expectFresh(e, "row end")
    }

    /// A rotation runs while measurements are pending: one pass lays out at the new size with
    /// the new sizes, and the anchor keeps its place.
    @Test func aResizeWithMeasurementsPendingKeepsTheAnchor() throws {
        let (feed, e) = try Self.showing50()
        try feed.measure(e, "i40", Self.tall(100))             // above: +56
        try feed.measure(e, "i55", Self.tall(100))             // in view, below the anchor
        let events = try e.resize(to: Size(width: 640, height: 360))
        #expect(try Self.screen(e, "i50") == Self.y(-10))
        #expect(e.scrollState.contentOffset == Self.y(46 * 50 + 56 + 10))
        #expect(events.first == .adjust(by: Self.y(56), to: Self.y(46 * 50 + 56 + 10)))
        try feed.expectFresh(e, "rotated")
    }

    /// `scrollTo` keeps its target where it was put as its own size and sizes above and below
    /// it arrive, over several passes; the next scroll hands over to ordinary anchoring.
    @Test(arguments: [CollectionEngine.ScrollPosition.top, .center, .bottom])
    func aScrollTargetStaysPutThroughMeasurementsUntilTheNextScroll(_ position: CollectionEngine.ScrollPosition) throws {
        let feed = Feed(count: 200)
        let e = feed.engine()
        try e.layout()
        try e.scrollTo(.string("i100"), align: position)
        func place() throws -> Double {
            let index = try #require(try e.index(of: "i100"))
            let f = try #require(try e.frame(at: index))
            let o = e.scrollState.contentOffset.y
            switch position {
            case .top: return f.minY - o
            case .center: return f.minY + f.height / 2 - o - 250
            case .bottom: return f.maxY - o - 500
            }
        }
        #expect(try place() == 0)
        try feed.measure(e, "i99", Self.tall(100))             // above, off screen
        try feed.measure(e, "i101", Self.tall(120))            // below
        try e.layout()
        #expect(try place() == 0)
        try feed.measure(e, "i100", Self.tall(80))             // the target itself
        try feed.measure(e, "i90", Self.tall(300))
        try e.layout()
        #expect(try place() == 0)
        try feed.expectFresh(e, "target kept")
        // A scroll ends it: now the first visible cell is kept, wherever the target goes.
        let offset = e.scrollState.contentOffset.y + 7
        try e.scroll(to: Self.y(offset))
        let first = try #require(e.views.filter { $0.category == .item }.min { $0.index! < $1.index! })
        let before = try #require(try Self.screen(e, first.id.description))
        try feed.measure(e, "i20", Self.tall(144))             // far above: +100
        try e.layout()
        #expect(try Self.screen(e, first.id.description) == before)
        #expect(e.scrollState.contentOffset == Self.y(offset + 100))
        try feed.expectFresh(e, "after the next scroll")
    }

    /// The target of `scrollTo` deleted by a reload: nothing is kept at its place any more,
    /// so ordinary anchoring takes over at once: the cells on screen stay still as sizes above
    /// them arrive (without the target, no pass anchored until the next scroll).
    @Test(arguments: [ScrollAnchor.none, .firstVisible])
    func aDeletedScrollTargetHandsOverToAnchoring(_ anchor: ScrollAnchor) throws {
        let feed = Feed(count: 200)
        let e = feed.engine(anchor: anchor)
        try e.layout()
        try e.scrollTo("i100")
        #expect(e.scrollState.contentOffset == Self.y(4600))
        feed.update { ids in
            ids.remove(at: 100)
            ids.insert(contentsOf: ["n0", "n1", "n2"], at: 0)
        }
        try e.layout()
        // `.firstVisible` keeps i101 where it was drawn (46 down); `.none` leaves the offset.
        let place = anchor == .none ? 46.0 * 103 - 4600 : 46
        #expect(try Self.screen(e, "i101") == Self.y(place))
        try feed.measure(e, "i50", Self.tall(100))
        let events = try e.layout()
        #expect(try Self.screen(e, "i101") == Self.y(place))
        #expect(events.first?.type == .adjust)
        try feed.expectFresh(e, "target deleted")
        // The target's id back, below the viewport: the deleted target was forgotten, so
        // nothing scrolls to it; the screen stays as it was.
        let offset = e.scrollState.contentOffset
        feed.update { $0.insert("i100", at: 150) }
        try e.layout()
        #expect(e.scrollState.contentOffset == offset)
        #expect(try Self.screen(e, "i101") == Self.y(place))
    }

    /// A horizontal row: a cell left of the viewport grows wider, the first visible cell keeps
    /// its place on the x axis.
    @Test func aRowKeepsItsAnchorOnTheXAxis() throws {
        let feed = Feed(count: 200, estimate: Size(width: 60, height: 40), layout: { RowLayout(spacing: 2) })
        let e = feed.engine()
        try e.layout()
        try e.scroll(to: Point(x: 62 * 50 + 10, y: 0))
        try feed.measure(e, "i10", Size(width: 100, height: 40))
        try feed.measure(e, "i52", Size(width: 90, height: 40))
        let events = try e.layout()
        #expect(try Self.screen(e, "i50") == Point(x: -10, y: 0))
        #expect(events.first == .adjust(by: Point(x: 40, y: 0), to: Point(x: 62 * 50 + 50, y: 0)))
        try feed.expectFresh(e, "row")
    }

    /// A right-to-left row, mirrored around the viewport's width: the first cell is at the
    /// right, later cells go left, at negative x, and the offset runs towards negative x. A
    /// cell after the viewport (to its left) growing moves nothing on screen. One before it
    /// (to its right) growing moves every cell after it left by as much, and the offset follows
    /// towards negative x (the content's scroll range reaches there), so nothing moves on screen.
    @Test func aRightToLeftRowKeepsItsAnchor() throws {
        let feed = Feed(count: 200, estimate: Size(width: 60, height: 40), layout: { MirroredLayout(RowLayout(spacing: 2)) })
        let e = feed.engine()
        try e.layout()
        #expect(try e.frame(at: 50) == Rect(x: 300 - 62 * 50, y: 0, width: 60, height: 40))
        let x = -(62.0 * 50 + 10)                             // i50 cut by 10 at the right
        try e.scroll(to: Point(x: x, y: 0))
        #expect(try Self.screen(e, "i50") == Point(x: 310, y: 0))
        try feed.measure(e, "i150", Size(width: 100, height: 40))
        let events = try e.layout()
        #expect(try Self.screen(e, "i50") == Point(x: 310, y: 0))
        #expect(!events.contains { $0.type == .adjust })
        try feed.expectFresh(e, "right-to-left row, after")
        try feed.measure(e, "i10", Size(width: 100, height: 40))
        try e.layout()
        try feed.expectFresh(e, "right-to-left row, before")
        #expect(try Self.screen(e, "i50") == Point(x: 310, y: 0))
        #expect(e.scrollState.contentOffset == Point(x: x - 40, y: 0))
    }

    /// `scrollTo` in a right-to-left row goes towards negative x, where the cell is, and stays
    /// within the row: its last cell's left edge at the viewport's left at most.
    @Test func scrollToReachesIntoARightToLeftRow() throws {
        let feed = Feed(count: 200, estimate: Size(width: 60, height: 40), layout: { MirroredLayout(RowLayout(spacing: 2)) })
        let e = feed.engine()
        try e.scrollTo("i100", align: .top)
        #expect(e.scrollState.contentOffset == Point(x: 300 - 62 * 100, y: 0))   // i100's left edge
        #expect(try Self.screen(e, "i100") == Point(x: 0, y: 0))
        try e.scrollTo("i199", align: .center)   // its centre would be 150 past the row's left end
        // The row spans 200 * 62 - 2 = 12398 points ending at x = 360: it starts at 360 - 12398.
        #expect(e.scrollState.contentOffset == Point(x: 360 - 12398, y: 0))
        #expect(try e.offset(showing: 0, at: .top) == Point(x: 0, y: 0))
    }

    /// Measuring an id no item has yet schedules a pass that changes nothing; the size is kept
    /// and the item gets it when it arrives.
    @Test(arguments: [ScrollAnchor.firstVisible, .none])
    func anIdMeasuredBeforeItIsInsertedGetsItsSize(_ anchor: ScrollAnchor) throws {
        let (feed, e) = try Self.showing50(anchor: anchor)
        try feed.measure(e, "n0", Self.tall(100))
        #expect(try e.layout().isEmpty)
        #expect(e.measuredSize(of: "n0") == Self.tall(100))
        feed.update { $0.insert("n0", at: 10) }
        try e.layout()
        #expect(try e.frame(at: 10) == Rect(x: 0, y: 460, width: 360, height: 100))
        #expect(e.scrollState.contentOffset == Self.y(anchor == .none ? 46 * 50 + 10 : 46 * 50 + 10 + 102))
        try feed.expectFresh(e, "measured before inserted")
    }

    /// Many measurements in one pass and one per pass end with the same frames, offset and
    /// anchor on screen.
    @Test(arguments: [UInt64(1), 7, 0xa11c])
    func batchedAndOneByOneMeasurementsAgree(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var plan: [(String, Size?)] = []
        for _ in 0..<40 {
            // Above, in view below the anchor, and below the viewport; never the anchor.
            var k = Int.random(in: 0..<120, using: &rng)
            if k == 50 { k = 49 }
            let forget = Int.random(in: 0..<6, using: &rng) == 0
            plan.append(("i\(k)", forget ? nil : Self.tall(Double(Int.random(in: 0...200, using: &rng)))))
        }
        func run(batched: Bool) throws -> (CollectionEngine, Feed) {
            let feed = Feed(count: 200)
            let e = feed.engine()
            try e.layout()
            try e.scroll(to: Self.y(46 * 50 + 10))
            for (id, size) in plan {
                try feed.measure(e, id, size)
                if !batched { try e.layout() }
            }
            try e.layout()
            return (e, feed)
        }
        let (batch, feed) = try run(batched: true), (single, _) = try run(batched: false)
        try feed.expectFresh(batch, "batched")
        try feed.expectFresh(single, "one by one")
        #expect(batch.scrollState.contentOffset == single.scrollState.contentOffset)
        #expect(try Self.screen(batch, "i50") == Self.y(-10))
        #expect(try Self.screen(single, "i50") == Self.y(-10))
        #expect(batch.views.map(\.frame) == single.views.map(\.frame))
    }

    /// A measured height of 0: the first visible cell, drawn at the top, collapses where it is
    /// (the cells below close the gap); cut by the top, it collapses upwards and the next cell stays.
    @Test func aZeroSizeCollapsesTheAnchorInPlace() throws {
        let feed = Feed(count: 200)
        let e = feed.engine()
        try e.layout()
        try e.scroll(to: Self.y(46 * 49))
        try e.scroll(to: Self.y(46 * 50))                     // i50 at the top, drawn before
        try feed.measure(e, "i50", Self.tall(0))
        var events = try e.layout()
        #expect(e.scrollState.contentOffset == Self.y(46 * 50))
        #expect(!events.contains { $0.type == .adjust })
        #expect(try Self.screen(e, "i51") == Self.y(2))
        #expect(!e.views.contains { $0.id == "i50" })
        try feed.expectFresh(e, "zero at the top")
        try e.scroll(to: Self.y(46 * 50 + 12))               // i51 cut by 10
        try e.scroll(to: Self.y(46 * 50 + 12))
        try feed.measure(e, "i51", Self.tall(0))
        events = try e.layout()
        #expect(try Self.screen(e, "i52") == Self.y(36))
        #expect(events.first == .adjust(by: Self.y(-44), to: Self.y(46 * 50 + 12 - 44)))
        try feed.expectFresh(e, "zero cut")
    }

    /// A list of 20 cells, a sideways shelf of 30 cards of estimated widths, a list of 70.
    static func shelves() throws -> Feed {
        typealias C = Compositional
        let feed = Feed(count: 120, sized: { p in Size(width: p.width.isFinite ? p.width : 80, height: 44) }) {
            let cell = C.Subitem.item(C.Item(size: C.LayoutSize(width: .fractionalWidth(1), height: .estimated(44))))
            let list = C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(44)), [cell]),
                                 interGroupSpacing: 4)
            let card = C.Subitem.item(C.Item(size: C.LayoutSize(width: .estimated(80), height: .fractionalHeight(1))))
            let shelf = C.Section(group: .horizontal(C.LayoutSize(width: .estimated(80), height: .absolute(60)), [card]),
                                  interGroupSpacing: 6, orthogonalScrolling: .continuous)
            return CompositionalLayout(configuration: .init(interSectionSpacing: 10)) { index, _, _ in index == 1 ? shelf : list }
        }
        feed.sections = [0..<20, 20..<50, 50..<120]
        return feed
    }

    /// A list section, a sideways shelf of estimated widths, another list. One pass measures a
    /// list cell above the screen taller and a card before the shelf's first visible card
    /// wider: the content offset and the shelf's offset both move, so neither the first visible
    /// list cell nor the first visible card moves on screen.
    @Test func aShelfAndTheListKeepTheirAnchorsInOnePass() throws {
        let feed = try Self.shelves()
        let e = feed.engine()
        try e.layout()
        let scroller = try #require(e.layoutResult.orthogonalSections.first)
        #expect(scroller.frame == Rect(x: 0, y: 966, width: 360, height: 60))
        try e.scroll(to: Self.y(900))                          // i18 cut by 36
        try e.scrollSection(1, to: Point(x: 300, y: 0))        // i23 cut by 42 at the shelf's left
        let card = try #require(e.views.first { $0.id == "i24" })
        try feed.measure(e, "i2", Self.tall(100))              // +56
        try feed.measure(e, "i21", Size(width: 130, height: 60)) // +50 along the shelf
        let events = try e.layout()
        #expect(events.first == .adjust(by: Self.y(56), to: Self.y(956), sectionOffsets: [1: Point(x: 350, y: 0)]))
        #expect(try Self.screen(e, "i18") == Self.y(-36))
        #expect(e.views.first { $0.id == "i24" }?.frame == card.frame.offsetBy(dx: 0, dy: 56))
        try feed.expectFresh(e, "shelf and list")
    }

    /// The shelf's first visible card deleted while two cards arrive at the shelf's start: the
    /// next visible card keeps its place on screen, the shelf's offset moves by one card.
    @Test func aShelfWhoseAnchorIsDeletedKeepsItsNextCard() throws {
        let feed = try Self.shelves()
        let e = feed.engine(anchor: .firstVisible)
        try e.layout()
        try e.scroll(to: Self.y(900))
        try e.scrollSection(1, to: Point(x: 300, y: 0))
        let card = try #require(e.views.first { $0.id == "i24" })
        feed.sections = [0..<20, 20..<51, 51..<121]
        feed.update { ids in
            ids.remove(at: 23)
            ids.insert(contentsOf: ["n0", "n1"], at: 20)
        }
        let events = try e.layout()
        #expect(events.first == .adjust(by: .zero, to: Self.y(900), sectionOffsets: [1: Point(x: 386, y: 0)]))
        #expect(e.views.first { $0.id == "i24" }?.frame == card.frame)
        try feed.expectFresh(e, "shelf anchor deleted")
    }

    // MARK: pinned headers and a chat

    /// A pinned header measured taller, while it pins over its section's cells: it never
    /// anchors, the first visible cell does and keeps its place. A header below measured moves
    /// nothing on screen.
    @Test func aMeasuredPinnedHeaderLeavesTheCellsStill() throws {
        func sections(_ header: @escaping @Sendable (Int) -> Double) -> HeadersProvider {
            HeadersProvider(sections: (0..<10).map { _ in numbers(Array(0..<20), size: Size(width: 360, height: 44)) },
                            headerSize: .custom { s, _ in Size(width: 360, height: header(s)) })
        }
        let e = CollectionEngine(provider: sections { _ in 44 }, viewport: Size(width: 360, height: 500))
        try e.layout()
        // Section 3's header at 2772, its cells from 2816; 3-5 cut by 10.
        try e.scroll(to: Self.y(2816 + 44 * 5 + 10))
        #expect(e.views.contains { $0.id == .scoped("3", "header") && $0.pinned })
        try e.measure("3-header", size: Self.tall(80))
        try e.measure("5-header", size: Self.tall(60))
        let events = try e.layout()
        #expect(events.first == .adjust(by: Self.y(36), to: Self.y(2816 + 44 * 5 + 10 + 36)))
        let index = try #require(try e.index(of: "3-5"))
        let cell = try #require(try e.frame(at: index))
        #expect(cell.minY - e.scrollState.contentOffset.y == -10)
        let header = try #require(e.views.first { $0.id == .scoped("3", "header") })
        #expect(header.frame == Rect(x: 0, y: e.scrollState.contentOffset.y, width: 360, height: 80))
        let fresh = try sections { $0 == 3 ? 80 : $0 == 5 ? 60 : 44 }.layout(in: e.viewportSize).result
        #expect(e.contentSize == fresh.contentSize)
        for i in 0..<fresh.count { #expect(try e.layoutResult.frame(at: i) == fresh.frame(at: i)) }
    }

    /// A chat (`.end`) scrolled away: a message arriving and an older one measured in the same
    /// pass keep the first visible message still. Back at the end, the newest growing and one
    /// arriving at the top keep the end in view.
    @Test func aChatAwayFromItsEndKeepsItsFirstVisibleMessage() throws {
        let feed = Feed(count: 30, layout: { FlowLayout(lineSpacing: 8) })
        let e = feed.engine(viewport: Size(width: 360, height: 600), anchor: .end)
        try e.layout()
        #expect(e.scrollState.contentOffset == Self.y(952))
        try e.scroll(to: Self.y(500))                         // i9 cut by 32
        feed.update { $0.append("i30") }
        try feed.measure(e, "i5", Self.tall(100))              // above: +56
        var events = try e.layout()
        #expect(try Self.screen(e, "i9") == Self.y(-32))
        #expect(events.first == .adjust(by: Self.y(56), to: Self.y(556)))
        try feed.expectFresh(e, "away from the end")
        // Back at the end.
        try e.scroll(to: Self.y(e.contentSize.height - 600))
        try feed.measure(e, "i30", Self.tall(200))
        feed.update { $0.insert("n0", at: 0) }
        events = try e.layout()
        #expect(e.scrollState.contentOffset.y == e.contentSize.height - 600)
        #expect(events.first?.type == .adjust)
        try feed.expectFresh(e, "at the end")
        // The newest deleted while at the end: still at the end.
        feed.update { $0.removeLast() }
        try e.layout()
        #expect(e.scrollState.contentOffset.y == e.contentSize.height - 600)
        try feed.expectFresh(e, "newest deleted")
    }
}
