import Testing
@testable import TesseraCore

/// A compositional section provider (and a custom group's provider) sees the direction the
/// layout is read in, as UIKit's `traitCollection.layoutDirection` gives the collection view's:
/// the layout's own `layoutDirection`, flipped by each mirror around it (`tessera run --rtl`), so
/// under a mirror it says what a sections layout's provider says there.
@Suite struct CompositionalReadingDirectionTests {
    /// Two sections of one and two items, 100 wide, a custom group per section.
    let context = sectionedContext([1, 2], in: s(100, 300))

    /// What each section provider and custom group call saw, in call order, and the frames.
    func seen(_ own: C.LayoutDirection, _ wrap: (CompositionalLayout) -> any Layout) throws -> (calls: [String], frames: [Rect]) {
        let calls = Recorder<String>()
        let layout = CompositionalLayout(configuration: C.Configuration(layoutDirection: own)) { index, _, env in
            calls.append("section \(index) \(env.layoutDirection.rawValue)")
            return C.Section(group: .custom(abs_(100, 10)) { group in
                calls.append("group \(group.layoutDirection.rawValue)")
                return [C.CustomItem(frame: r(0, 0, 30, 10))]
            })
        }
        let frames = try wrap(layout).layout(context).allFrames
        return (calls.values, frames)
    }

    /// Left to right it reads left to right, and right to left under a mirror; right to left
    /// it reads right to left, and under a mirror, which mirrors it twice, left to right. The
    /// frames are the layout's as before: against the left edge when read left to right.
    @Test func itReadsItsOwnDirectionFlippedByEachMirror() throws {
        let cases: [(own: C.LayoutDirection, mirrored: Bool, reads: String, x: Double)] = [
            (.leftToRight, false, "ltr", 0), (.leftToRight, true, "rtl", 70),
            (.rightToLeft, false, "rtl", 70), (.rightToLeft, true, "ltr", 0),
        ]
        for c in cases {
            let got = try seen(c.own) { c.mirrored ? MirroredLayout($0) : $0 as any Layout }
            let reads = c.reads
            #expect(got.calls == ["section 0 \(reads)", "group \(reads)", "section 1 \(reads)", "group \(reads)"], "\(c)")
            #expect(got.frames == [r(c.x, 0, 30, 10), r(c.x, 10, 30, 10), r(c.x, 20, 30, 10)], "\(c)")
        }
    }

    /// A mirror flips a direction, and a second mirror flips it back.
    @Test func flippedIsTheOtherDirection() {
        #expect(C.LayoutDirection.allCases.map(\.flipped) == [.rightToLeft, .leftToRight])
        #expect(C.LayoutDirection.allCases.map(\.flipped.flipped) == C.LayoutDirection.allCases)
    }

    /// The viewport's guides are the screen's: a safe area of 10 on the left and 20 on the right
    /// stays there whichever way the layout reads and however often it is mirrored, so a full-width
    /// item always spans x 10 to 70 of the 100.
    @Test func theSafeAreaKeepsItsSidesInEveryReadingDirection() throws {
        var guarded = context
        guarded.guides = ViewportGuides(safeArea: EdgeInsets(top: 0, left: 10, bottom: 0, right: 20))
        let full = C.LayoutSize(width: .fractionalWidth(1), height: .absolute(10))
        for own in [C.LayoutDirection.leftToRight, .rightToLeft] {
            let layout = CompositionalLayout(section: C.Section(group: .horizontal(full, [item(full)])),
                                             configuration: C.Configuration(layoutDirection: own, contentInsetsReference: .safeArea))
            let plain = try layout.layout(guarded).allFrames, mirrored = try MirroredLayout(layout).layout(guarded).allFrames
            expectFrames(plain, [r(10, 0, 70, 10), r(10, 10, 70, 10), r(10, 20, 70, 10)])
            expectFrames(mirrored, plain)
        }
    }

    /// A compositional layout in a section of a mirrored sections layout reads as the sections
    /// layout's provider does, and the visible-items handlers get the same environment.
    @Test func insideAMirroredSectionsLayoutItReadsAsTheSectionsProviderDoes() throws {
        let calls = Recorder<String>()
        let compositional = CompositionalLayout { index, _, env in
            calls.append("compositional \(index) \(env.layoutDirection.rawValue)")
            return C.Section(group: .horizontal(abs_(100, 10), [item(abs_(30, 10))]))
        }
        let sections = SectionsLayout { index, _, env in
            calls.append("sections \(index) \(env.layoutDirection.rawValue)")
            return compositional
        }
        _ = try MirroredLayout(sections).layout(LayoutContext(dataset: sectionsWithAnEmptyOne(), collectionSize: s(100, 300)))
        #expect(calls.values == ["sections 0 rtl", "sections 1 rtl", "sections 2 rtl",
                                 "compositional 0 rtl", "compositional 0 rtl", "compositional 0 rtl"])
        var mirrored = context
        mirrored.layoutDirection = .rightToLeft
        #expect(try compositional.solve(mirrored).environment.layoutDirection == .rightToLeft)
        #expect(try compositional.solve(context).environment.layoutDirection == .leftToRight)
    }
}
