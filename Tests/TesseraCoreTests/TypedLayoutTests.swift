import Testing
@_spi(Testing) @testable import TesseraCore

/// Layouts give their own result type, and every lookup by item index answers an index out of
/// range one way: `LayoutError.indexOutOfRange` naming it (nil where the API returns an optional).
@Suite struct TypedLayoutTests {
    let context = fixedContext([s(100, 40), s(100, 60), s(100, 50)], in: s(200, 400))

    /// The error a lookup of `index` among `count` items throws, and its message.
    func expectOutOfRange(_ index: Int, count: Int, sourceLocation: SourceLocation = #_sourceLocation,
                          _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("item \(index) answered", sourceLocation: sourceLocation)
        } catch let error as LayoutError {
            #expect(error == .indexOutOfRange(index: index, count: count), sourceLocation: sourceLocation)
            #expect(error.description == "item index \(index) is out of range; expected an index in 0..<\(count)",
                    sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }

    /// Every index lookup of `result` refuses `-1`, `count` and `999`.
    func expectEveryLookupRefuses(_ result: any LayoutResult, sourceLocation: SourceLocation = #_sourceLocation) {
        for index in [-1, result.count, 999] {
            expectOutOfRange(index, count: result.count, sourceLocation: sourceLocation) { _ = try result.frame(at: index) }
            expectOutOfRange(index, count: result.count, sourceLocation: sourceLocation) {
                _ = try result.frame(at: index, scroll: ScrollState(contentOffset: Point(x: 0, y: 10)))
            }
            expectOutOfRange(index, count: result.count, sourceLocation: sourceLocation) { _ = try result.section(ofItem: index) }
            expectOutOfRange(index, count: result.count, sourceLocation: sourceLocation) { _ = try result.zIndex(ofItem: index) }
        }
    }

    @Test func nativeLayoutsGiveTheirConcreteResultWithQueriesThatDoNotThrow() throws {
        let frames: FramesResult = try WaterfallLayout(columns: 2, spacing: 0).layout(context)
        // No `try`: these queries of a concrete result cannot fail.
        #expect(frames.visible(in: r(0, 0, 200, 40)) == [0, 1])
        #expect(frames.allFrames == [r(0, 0, 100, 40), r(100, 0, 100, 60), r(0, 40, 100, 50)])
        #expect(frames.elements(in: r(0, 0, 200, 40), scroll: ScrollState()).count == 2)
        #expect(frames.targetContentOffset(section: 0, proposed: Point(x: 3, y: 4), velocity: .zero) == Point(x: 3, y: 4))
        // Index lookups throw only LayoutError (typed throws).
        do {
            #expect(try frames.frame(at: 2) == r(0, 40, 100, 50))
            _ = try frames.frame(at: 3)
        } catch {
            let typed: LayoutError = error   // the catch sees a LayoutError, no cast
            #expect(typed == .indexOutOfRange(index: 3, count: 3))
        }

        let compositional: CompositionalResult = try CompositionalLayout(
            section: C.Section(group: .horizontal(abs_(200, 50), [item(abs_(100, 50))]))
        ).layout(sectionedContext([3], in: s(200, 400)))
        #expect(compositional.visible(in: r(0, 0, 200, 60)) == [0, 1, 2])
        #expect(try compositional.frame(at: 2) == r(0, 50, 100, 50))
        #expect(compositional.sections.count == 1)   // the concrete API, no cast

        let split: FramesResult = try SplitLayout().layout(sectionedContext([2], in: s(400, 400)))
        #expect(split.count == 2)
    }

    @Test func concreteResultsAnswerAnIndexOutOfRangeWithNilWithoutTry() throws {
        let frames: FramesResult = try WaterfallLayout(columns: 2, spacing: 0).layout(context)
        let compositional: CompositionalResult = try CompositionalLayout(
            section: C.Section(group: .horizontal(abs_(200, 50), [item(abs_(100, 50))]))
        ).layout(sectionedContext([1, 2], in: s(200, 400)))
        let scroll = ScrollState(contentOffset: Point(x: 0, y: 10))
        // In range: the same answers as the throwing lookups.
        #expect(frames.frameIfPresent(at: 2) == r(0, 40, 100, 50))
        #expect(frames.frameIfPresent(at: 1, scroll: scroll) == r(100, 0, 100, 60))
        #expect(frames.sectionIfPresent(ofItem: 2) == 0)
        #expect(frames.zIndexIfPresent(ofItem: 0) == 0)
        #expect(compositional.frameIfPresent(at: 2) == r(100, 50, 100, 50))
        #expect(compositional.frameIfPresent(at: 0, scroll: scroll) == r(0, 0, 100, 50))
        #expect(compositional.sectionIfPresent(ofItem: 0) == 0)
        #expect(compositional.sectionIfPresent(ofItem: 2) == 1)
        #expect(compositional.zIndexIfPresent(ofItem: 1) == 0)
        // Out of range: nil, never a trap.
        for index in [-1, 3, 999, Int.min, Int.max] {
            #expect(frames.frameIfPresent(at: index) == nil)
            #expect(frames.frameIfPresent(at: index, scroll: scroll) == nil)
            #expect(frames.sectionIfPresent(ofItem: index) == nil)
            #expect(frames.zIndexIfPresent(ofItem: index) == nil)
            #expect(compositional.frameIfPresent(at: index) == nil)
            #expect(compositional.frameIfPresent(at: index, scroll: scroll) == nil)
            #expect(compositional.sectionIfPresent(ofItem: index) == nil)
            #expect(compositional.zIndexIfPresent(ofItem: index) == nil)
        }
    }

    @Test func layoutsOfOneResultTypeAreHeldAsAConstrainedExistential() throws {
        let layouts: [any Layout<FramesResult>] = [WaterfallLayout(columns: 2), FlowLayout(), RowLayout()]
        let results: [FramesResult] = try layouts.map { try $0.layout(context) }
        #expect(results.map(\.count) == [3, 3, 3])
        // A generic function sees the concrete type.
        func laidOut<L: Layout>(_ layout: L) throws -> L.Result { try layout.layout(context) }
        let flow: FramesResult = try laidOut(FlowLayout())
        #expect(flow.allFrames == [r(0, 0, 100, 40), r(100, 0, 100, 60), r(0, 60, 100, 50)])
    }

    @Test func decoratorsAndCompositionStayAnyLayout() throws {
        let layouts: [any Layout] = [FlowLayout(), FlowLayout().inset(8), PinnedLayout(FlowLayout()) { $0 == 0 },
                                     FlowLayout().transposed(), MirroredLayout(FlowLayout())]
        for layout in layouts {
            let result = try layout.layout(context)   // any LayoutResult
            #expect(result.count == 3)
        }
        let sticky = try PinnedLayout(FlowLayout()) { $0 == 0 }.layout(context)
        #expect(sticky.base is PinnedResult)
        // Wrapping twice keeps one level: one cast reaches the concrete result.
        #expect(AnyLayoutResult(AnyLayoutResult(try FlowLayout().layout(context))).base is FramesResult)
        let erased: any LayoutResult = try (FlowLayout().inset(0) as any Layout).layout(context)
        #expect(erased.unwrapped is MappedResult)
    }

    @Test func framesResultLookupsOutOfRangeThrowNamingTheIndex() throws {
        let result = try WaterfallLayout(columns: 2).layout(context)
        expectEveryLookupRefuses(result)
        #expect(try result.section(ofItem: 2) == 0 && result.zIndex(ofItem: 2) == 0)
        // The sectioned and orthogonal paths too.
        let sectioned = try SectionsLayout(sectionLayout: { _, _ in FlowLayout() }).layout(sectionedContext([2, 3], in: s(200, 400)))
        expectEveryLookupRefuses(sectioned)
        #expect(try sectioned.section(ofItem: 4) == 1)
    }

    @Test func compositionalAndDecoratedResultsRefuseTheSameWay() throws {
        let orthogonal = C.Section(group: .horizontal(abs_(100, 50), [item(abs_(100, 50))]), orthogonalScrolling: .continuous)
        let compositional = try CompositionalLayout(section: orthogonal).layout(sectionedContext([2, 3], in: s(200, 400)))
        expectEveryLookupRefuses(compositional)
        #expect(try compositional.section(ofItem: 4) == 1)
        for layout in [FlowLayout().inset(8), PinnedLayout(FlowLayout()) { $0 == 0 }, FlowLayout().transposed(),
                       MirroredLayout(FlowLayout()), VisibleFrameInsetLayout(FlowLayout(), insets: EdgeInsets(all: 4))] as [any Layout] {
            expectEveryLookupRefuses(try layout.layout(context))
        }
        // A result with no items refuses item 0.
        let empty = try FlowLayout().layout(fixedContext([], in: s(200, 400)))
        expectOutOfRange(0, count: 0) { _ = try empty.frame(at: 0) }
        expectOutOfRange(0, count: 0) { _ = try empty.section(ofItem: 0) }
    }

    @Test func theEngineAnswersNilWhereItReturnsAnOptionalAndThrowsElsewhere() throws {
        let engine = CollectionEngine(provider: numbers([1, 2, 3, 4]), viewport: s(100, 49))
        try engine.layout()
        #expect(try engine.frame(at: 3) == r(50, 50, 50, 50))
        #expect(try engine.frame(at: 4) == nil)
        #expect(try engine.frame(at: -1) == nil)
        #expect(try engine.offset(showing: 4) == nil)
        #expect(try engine.offset(showing: 3) == Point(x: 0, y: 50))
        expectOutOfRange(4, count: 4) { try engine.scrollTo(4) }
        #expect(engine.scrollState.contentOffset == .zero)   // nothing changed
        expectEveryLookupRefuses(engine.layoutResult)
    }
}
