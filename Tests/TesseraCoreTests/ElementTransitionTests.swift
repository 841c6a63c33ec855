import Testing
@testable import TesseraCore

@Suite struct ElementTransitionTests {
    func dataset(_ sections: [(ItemID, [ItemID])]) -> Dataset {
        var items: [Item] = [], ranges: [Dataset.Section] = []
        for (id, members) in sections {
            ranges.append(Dataset.Section(id: id, range: items.count..<items.count + members.count))
            items += members.map { Item(id: $0) }
        }
        return Dataset(items: items, sections: ranges)
    }

    func rect(_ y: Double, _ h: Double = 30) -> Rect { Rect(x: 0, y: y, width: 100, height: h) }

    @Test func elementsPairBySectionIdentityNotPosition() {
        let old = dataset([("A", ["a"]), ("C", ["c"])])
        let new = dataset([("A", ["a"]), ("B", ["b"]), ("C", ["c"])])
        let before = ElementTransition.Side(elements: [
            .decoration("background", section: 0, frame: rect(0, 60), zIndex: -1),
            .item(0, section: 0, frame: rect(10)),                              // items are not elements here
            .supplementary("header", section: 0, frame: rect(0)),
            .supplementary("header", section: 1, frame: rect(60)),
            .supplementary("footer", section: 1, frame: rect(90)),
        ], dataset: old)
        let after = ElementTransition.Side(elements: [
            .supplementary("header", section: 0, frame: rect(0)),
            .supplementary("header", section: 1, frame: rect(60)),
            .supplementary("header", section: 2, frame: rect(120)),
            .supplementary("footer", section: 2, frame: rect(90)),
        ], dataset: new)
        let transition = ElementTransition(from: before, to: after, firstView: 10)
        #expect(transition.entries.map(\.id) == ["A-background", "A-header", "B-header", "C-header", "C-footer"])
        #expect(transition.entries.map(\.view) == [10, 11, 12, 13, 14])
        #expect(transition.entries.map(\.event) == [.delete, nil, .insert, .update, .move])
        #expect(transition.entries[3].old?.frame == rect(60) && transition.entries[3].new?.frame == rect(120))

        let visible = Rect(x: 0, y: 0, width: 100, height: 400)
        let events = transition.events(visibleFrame: visible, reloadCount: 1, isReloading: true, old: old, new: new)
        #expect(events.map(\.kind) == [.delete, .insert, .update, .move])
        #expect(events.map(\.id) == ["A-background", "B-header", "C-header", "C-footer"])
        // A section's element is told as its section's first item: index 1 for B, 2 for C.
        #expect(events.map(\.index) == [0, 1, 2, 2])
        #expect(events.map(\.oldFrame) == [nil, nil, rect(60), rect(90)])
        #expect(events.map { $0.element?.section } == [0, 1, 2, 2])
        #expect(events.map { $0.element?.kind } == ["background", "header", "header", "footer"])
        #expect(events.allSatisfy { $0.reloadCount == 1 && $0.isReloading && $0.visibleFrame == visible })
    }

    @Test func repeatsPairInOrderAndBadgesFollowTheirItem() {
        let old = dataset([("S", ["x", "y"])])
        let new = dataset([("S", ["y", "x"])])
        let before = ElementTransition.Side(elements: [
            .supplementary("badge", section: 0, index: 0, frame: rect(0, 10)),
            .supplementary("header", section: 0, frame: rect(100)),
            .supplementary("header", section: 0, frame: rect(200)),
            LayoutElement(category: .supplementary, kind: "title", section: 0, frame: rect(300), isGlobal: true),
        ], dataset: old)
        let after = ElementTransition.Side(elements: [
            .supplementary("badge", section: 0, index: 1, frame: rect(40, 10)),   // x moved to index 1
            .supplementary("header", section: 0, frame: rect(100)),
            LayoutElement(category: .supplementary, kind: "title", section: 0, frame: rect(300), isGlobal: true),
        ], dataset: new)
        let transition = ElementTransition(from: before, to: after, firstView: 1)
        #expect(transition.entries.map(\.id) == ["S-header(1)", "x-badge", "S-header", "title"])
        #expect(transition.entries.map(\.event) == [.delete, .update, nil, nil])
    }

    @Test func aKeptElementThatOnlyChangedSectionMoves() {
        let old = dataset([("A", ["a"]), ("B", ["b"])]), new = dataset([("B", ["b"]), ("A", ["a"])])
        let transition = ElementTransition(
            from: .init(elements: [.supplementary("header", section: 1, frame: rect(0))], dataset: old),
            to: .init(elements: [.supplementary("header", section: 0, frame: rect(0))], dataset: new), firstView: 1)
        #expect(transition.entries.map(\.event) == [.move])
        #expect(transition.entries.map(\.id) == ["B-header"])
    }

    @Test func elementsJoinTheTimelineWithTheirAnimations() throws {
        let old = dataset([("A", ["a"])]), new = dataset([("A", ["a"]), ("B", ["b"])])
        let transition = ElementTransition(
            from: .init(elements: [.supplementary("header", section: 0, frame: rect(0))], dataset: old),
            to: .init(elements: [.supplementary("header", section: 0, frame: rect(0)),
                                 .decoration("background", section: 1, frame: rect(40, 50), zIndex: -1)], dataset: new),
            firstView: 5)
        var timeline = Timeline(tracks: [])
        let fade = AnimationDescription(from: PartialViewState(alpha: 0), duration: 0.5, curve: .linear)
        timeline.add(transition, animations: [fade])
        #expect(timeline.tracks.count == 1 && timeline.still.count == 1)
        let track = timeline.tracks[0]
        #expect(track.id == "B-background" && track.view == 6 && track.event == .insert)
        #expect(track.element == AnimatedElement(category: .decoration, kind: "background", section: 1))
        #expect(track.from == ViewState(frame: rect(40, 50), alpha: 0, zIndex: -1))
        #expect(track.to == ViewState(frame: rect(40, 50), zIndex: -1))
        #expect(timeline.still == [Timeline.ViewSample(id: "A-header", view: 5, state: ViewState(frame: rect(0), zIndex: 1),
                                                       element: AnimatedElement(category: .supplementary, kind: "header", section: 0))])
        // Background beneath, header on top; the background half faded in.
        let middle = timeline.sample(at: 0.25)
        #expect(middle.map(\.id) == ["B-background", "A-header"])
        #expect(middle[0].state.alpha == 0.5)
        // The timeline report (TesseraRender) lists item tracks and element tracks apart.
        #expect(timeline.tracks.filter { $0.element == nil }.isEmpty)
        guard case .object(let first)? = timeline.tracks.first(where: { $0.element != nil })?.json else { Issue.record("no elements"); return }
        #expect(Array(first.keys.prefix(6)) == ["id", "view", "category", "kind", "section", "event"])
        #expect(first["category"] == "decoration" && first["section"] == .int(1))
    }

    @Test func repeatsOnScreenAreNumberedAsInTheWholeLayout() {
        // A separator under each row of section A, 52 points apart; the screen shows those at
        // y 310 and 362 (the 6th and 7th). The rows from the 7th on are removed: the 7th
        // separator is deleted, not moved to where the whole layout's 2nd is.
        func seps(_ ys: [Int]) -> [LayoutElement] { ys.map { .supplementary("sep", section: 0, frame: rect(Double($0), 2)) } }
        let old = dataset([("A", (0..<10).map { .string("a\($0)") })]), new = dataset([("A", (0..<6).map { .string("a\($0)") })])
        let before = ElementTransition.Side(elements: seps([310, 362]), dataset: old)
        let after = ElementTransition.Side(elements: seps([310]), dataset: new)
        let whole = (before: ElementTransition.Side(elements: seps((0..<10).map { 50 + 52 * $0 }), dataset: old),
                     after: ElementTransition.Side(elements: seps((0..<6).map { 50 + 52 * $0 }), dataset: new))
        let transition = ElementTransition(from: before, to: after, firstView: 1, whole: whole)
        #expect(transition.entries.map { "\($0.id) \($0.event?.rawValue ?? "-") \($0.leavesScreen)" }
                == ["A-sep(6) delete true", "A-sep(5) - false"])
        // Without the whole layouts, repeats on screen pair in order as before.
        #expect(ElementTransition(from: before, to: after, firstView: 1).entries.map(\.id) == ["A-sep(1)", "A-sep"])
    }

    @Test func anElementMovedOutOfViewIsDrawnUntilItsTrackEndsAndNotAtAllWithNoAnimation() throws {
        // B's header is pushed from y 60 to y 500, out of view; A's header stays.
        let data = dataset([("A", ["a"]), ("B", ["b"])])
        let a = LayoutElement.supplementary("header", section: 0, frame: rect(0))
        let moved = LayoutElement.supplementary("header", section: 1, frame: rect(500))
        let before = ElementTransition.Side(elements: [a, .supplementary("header", section: 1, frame: rect(60))], dataset: data)
        let after = ElementTransition.Side(elements: [a], dataset: data)
        let transition = ElementTransition(from: before, to: after, firstView: 1,
                                           whole: (before: before, after: .init(elements: [a, moved], dataset: data)))
        #expect(transition.entries.map { "\($0.id) \($0.event?.rawValue ?? "-") \($0.leavesScreen)" }
                == ["B-header update true", "A-header - false"])
        var jumping = Timeline(tracks: []), sliding = Timeline(tracks: [])
        jumping.add(transition, animations: [nil])
        sliding.add(transition, animations: [AnimationDescription(duration: 0.5, curve: .linear)])
        #expect(jumping.tracks.map(\.removesView) == [true] && sliding.tracks.map(\.removesView) == [true])
        #expect(jumping.sample(at: 0).map(\.id) == ["A-header"])
        #expect(sliding.sample(at: 0.25).map { "\($0.id) \($0.state.frame.y)" } == ["B-header 280.0", "A-header 0.0"])
        #expect(sliding.sample(at: 0.5).map(\.id) == ["B-header", "A-header"])
        #expect(sliding.sample(at: 0.51).map(\.id) == ["A-header"])
        // The JSON says so: an update's event alone does not.
        guard case .object(let fields) = jumping.tracks[0].json else { Issue.record("not an object"); return }
        #expect(Array(fields.keys.prefix(8)) == ["id", "view", "category", "kind", "section", "event", "removesView", "delay"])
        #expect(fields["removesView"] == .bool(true))
    }
}

@Suite struct TimelineDrawingOrderTests {
    let frame = Rect(x: 0, y: 0, width: 50, height: 50)

    func track(_ id: String, _ event: AnimationEventKind, _ description: AnimationDescription? = nil, zIndex: Double = 0) -> AnimationTrack {
        let target = ViewState(frame: frame, zIndex: zIndex)
        guard let description else { return AnimationTrack(id: .string(id), view: 1, event: event, duration: 0.2, from: target, to: target) }
        return AnimationTrack(id: .string(id), view: 1, event: event, description: description, current: target, target: target)
    }

    @Test func enteringViewsAreDrawnAboveStayingOnesAndLeavingOnesBeneath() {
        let timeline = Timeline(tracks: [track("in", .insert), track("moved", .move), track("out", .delete)],
                                still: [Timeline.ViewSample(id: "still", view: 9, state: ViewState(frame: frame))])
        #expect(timeline.sample(at: 0.1).map(\.id) == ["out", "moved", "still", "in"])
        // A higher zIndex still wins over the role.
        let raised = Timeline(tracks: [track("in", .insert), track("top", .update, zIndex: 2)])
        #expect(raised.sample(at: 0.1).map(\.id) == ["in", "top"])
    }

    @Test func anAnimatorThatSetsTheZIndexDecides() {
        let below = AnimationDescription(from: PartialViewState(zIndex: -1), to: PartialViewState(zIndex: -1), duration: 0.2)
        let same = AnimationDescription(to: PartialViewState(zIndex: 0), duration: 0.2)
        let timeline = Timeline(tracks: [track("sunk", .insert, below), track("level", .insert, same), track("plain", .insert)],
                                still: [Timeline.ViewSample(id: "still", view: 9, state: ViewState(frame: frame))])
        #expect(timeline.tracks.map(\.setsZIndex) == [true, true, false])
        // "sunk" goes under everything; "level" is ordered as a staying view (its place in the list).
        #expect(timeline.sample(at: 0.1).map(\.id) == ["sunk", "level", "still", "plain"])
    }

    @Test func onlyAFrameChangeIsAMove() {
        var timeline = Timeline(tracks: [track("same", .move), track("moved", .update), track("new", .insert)])
        timeline.tracks[0].view = 1; timeline.tracks[1].view = 2; timeline.tracks[2].view = 3
        timeline.recordFramesBefore([1: frame, 2: frame.offsetBy(dx: 0, dy: 60), 3: frame.offsetBy(dx: 0, dy: 120)])
        #expect(timeline.tracks.map(\.oldFrame) == [frame, frame.offsetBy(dx: 0, dy: 60), nil])
        #expect(timeline.tracks.map(\.movesFrame) == [false, true, false])
    }
}
