import Testing
import TesseraCore

/// The promise of `LayoutError`: a case carries the values it names, so code can react to them
/// without reading the message. `==` compares messages, so these match the case itself.
@Suite struct LayoutErrorCasesTests {
    @Test func aProviderCycleNamesTheProvidersAroundTheLoop() throws {
        let root = ComposedProvider(sections: [])
        let inner = ComposedProvider(sections: [numbers([1])])
        root.sections = [inner]
        inner.sections = [root]
        let engine = CollectionEngine(provider: root, viewport: s(100, 100))
        do {
            try engine.layout()
            Issue.record("a cycle was laid out")
        } catch LayoutError.providerCycle(let path) {
            #expect(path == ["composed provider", "composed provider", "composed provider"])
            #expect(LayoutError.providerCycle(path: path).description
                    == "the provider tree has a cycle (composed provider > composed provider > composed provider); a provider cannot contain itself")
        }
    }

    @Test func scrollingASectionThatDoesNotScrollSidewaysNamesThoseThatDo() throws {
        typealias C = Compositional
        let row = C.Group.horizontal(C.LayoutSize(width: .absolute(100), height: .absolute(40)),
                                     [.item(C.Item(size: C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1))))])
        let layout = CompositionalLayout { index, _, _ in
            C.Section(group: row, orthogonalScrolling: index == 1 ? .continuous : .none)
        }
        var sectioned = ItemSource(values: [1, 2, 3].map { .int($0) })
        sectioned.sections = [Dataset.Section(id: "a", range: 0..<1), Dataset.Section(id: "b", range: 1..<3)]
        let engine = CollectionEngine(provider: BasicProvider(data: sectioned, layout: layout), viewport: s(300, 300))
        do {
            try engine.scrollSection(0, to: Point(x: 10, y: 0))
            Issue.record("section 0 scrolled")
        } catch LayoutError.notOrthogonal(let section, let sideways) {
            #expect(section == 0 && sideways == [1])
        }
        #expect(throws: LayoutError("section 0 does not scroll sideways; sections that do: 1")) {
            try engine.scrollSection(0, to: .zero)
        }
        let flat = CollectionEngine(provider: numbers([1]), viewport: s(100, 100))
        #expect(throws: LayoutError("section 0 does not scroll sideways; this layout has no such section")) {
            try flat.scrollSection(0, to: .zero)
        }
    }

    @Test func aContentSizePastTheLargestNumberCarriesItsWidthAndHeight() throws {
        do {
            // Frames with finite far edges never make one; a minimum content size can.
            _ = try FramesResult(frames: [r(0, 0, 10, 10)], minimumContentSize: Size(width: .infinity, height: 5), layoutName: "edge")
            Issue.record("an infinite content size was accepted")
        } catch LayoutError.contentSizeNotFinite(let layout, let width, let height) {
            #expect(layout == "edge" && width == .infinity && height == 10)
            #expect(LayoutError.contentSizeNotFinite(layout: layout, width: width, height: height).description
                    == "edge layout's content size infx10 is not finite; expected a finite minimum content size")
        }
    }

    @Test func aCheckedResultNamesTheFirstInvalidItemFrame() throws {
        let result = try FramesResult(frames: [r(0, 0, 10, 10), r(0, 10, 10, 10)], layoutName: "two")
        do {
            _ = try LayoutCheck(result: result, frame: { $0 == 1 ? r(0, 10, -1, 10) : r(0, 0, 10, 10) }, id: { _ in "b" })
            Issue.record("a negative width passed")
        } catch LayoutError.invalidItemFrame(let index, let name, let frame) {
            #expect(index == 1 && frame == r(0, 10, -1, 10))
            #expect(name == "1 (\"b\")")
        }
    }

    @Test func anElementSpanningSectionsPastTheLastIsRefusedNamingItsSpan() throws {
        let frames = [r(0, 0, 10, 10), r(0, 10, 10, 10)]
        for span in [0, 2, Int.max] {
            let header = LayoutElement.supplementary("header", section: 1, frame: r(0, 0, 10, 5), sectionSpan: span)
            do {
                _ = try FramesResult(frames: frames, elements: [header], sections: [0..<1, 1..<2], layoutName: "spanning")
                Issue.record("a span of \(span) was accepted")
            } catch LayoutError.invalidElement(let layout, let position, let element, let problem) {
                #expect(layout == "spanning" && position == 0 && element == header)
                #expect(problem == "spans \(span) sections from section 1; expected 1 or more sections within 0..<2")
            }
        }
    }

    @Test func aPinnedHeaderSpanningSectionsIsPushedByTheLastOnesEnd() throws {
        // Sections 0..<1 and 1..<2, each one 100-tall item; a 20-tall header over both.
        let header = LayoutElement.supplementary("header", section: 0, frame: r(0, 0, 100, 20), pinned: true, sectionSpan: 2)
        let result = try FramesResult(frames: [r(0, 20, 100, 100), r(0, 120, 100, 100)], elements: [header],
                                      sections: [0..<1, 1..<2])
        func pinned(at y: Double) throws -> [Rect] {
            try result.elements(in: r(0, y, 100, 50), scroll: ScrollState(contentOffset: Point(x: 0, y: y)))
                .filter { $0.kind == "header" }.map(\.frame)
        }
        // Past section 0's end (120) it still sticks; section 1's end (220) pushes it up.
        #expect(try pinned(at: 150) == [r(0, 150, 100, 20)])
        #expect(try pinned(at: 210) == [r(0, 200, 100, 20)])
        var single = header
        single.sectionSpan = 1
        let one = try FramesResult(frames: [r(0, 20, 100, 100), r(0, 120, 100, 100)], elements: [single], sections: [0..<1, 1..<2])
        // Spanning its own section only, it was pushed out of view by that section's end (120).
        #expect(try one.elements(in: r(0, 150, 100, 50), scroll: ScrollState(contentOffset: Point(x: 0, y: 150)))
                    .filter { $0.kind == "header" }.isEmpty)
    }

    @Test func aHeaderSizeThatIsNotALengthNamesTheSectionAndTheSize() throws {
        let headers = HeadersProvider(sections: [numbers([1]), numbers([2])],
                                      headerSize: .custom { s, _ in Size(width: 10, height: s == 1 ? -4 : 20) })
        let engine = CollectionEngine(provider: headers, viewport: s(100, 100))
        do {
            try engine.layout()
            Issue.record("a negative header was laid out")
        } catch LayoutError.invalidSectionSize(let subject, let what, let got, let section, let expected) {
            #expect([subject, what, got, expected] == ["headers provider", "header size", "10x-4", "finite, non-negative numbers"])
            #expect(section == 1)
            #expect(LayoutError.invalidSectionSize(subject: subject, what: what, got: got, section: section, expected: expected)
                        .description == "headers provider got a header size of 10x-4 for section 1; expected finite, non-negative numbers")
        }
    }

    @Test func anOrthogonalSectionOutsideTheSectionsOrTwiceIsRefusedNamingIt() throws {
        let scroller = OrthogonalSection(section: 1, frame: r(0, 0, 10, 10), contentSize: s(20, 10))
        for (orthogonal, message) in [
            ([scroller], "shelf layout made section 1 orthogonal; expected a section in 0..<1"),
            ([OrthogonalSection(section: 0, frame: r(0, 0, 10, 10), contentSize: s(20, 10)),
              OrthogonalSection(section: 0, frame: r(0, 0, 10, 10), contentSize: s(30, 10))], "shelf layout made section 0 orthogonal twice"),
        ] {
            do {
                _ = try FramesResult(frames: [r(0, 0, 10, 10)], orthogonal: orthogonal, layoutName: "shelf")
                Issue.record("accepted \(orthogonal)")
            } catch LayoutError.invalidOrthogonalSection(let layout, let section, let problem) {
                #expect(layout == "shelf" && section == orthogonal.last!.section)
                #expect(LayoutError.invalidOrthogonalSection(layout: layout, section: section, problem: problem).description == message)
            }
        }
    }
}
