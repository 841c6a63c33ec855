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

    @Test func leftToRightItReadsLeftToRightAndUnderAMirrorRightToLeft() throws {
        let plain = try seen(.leftToRight) { $0 }, mirrored = try seen(.leftToRight) { MirroredLayout($0) }
        #expect(plain.calls == ["section 0 ltr", "group ltr", "section 1 ltr", "group ltr"])
        #expect(mirrored.calls == ["section 0 rtl", "group rtl", "section 1 rtl", "group rtl"])
        // The frames are unchanged by what the providers see: the mirror places them.
        #expect(plain.frames == [r(0, 0, 30, 10), r(0, 10, 30, 10), r(0, 20, 30, 10)])
        #expect(mirrored.frames == [r(70, 0, 30, 10), r(70, 10, 30, 10), r(70, 20, 30, 10)])
    }

    /// A right-to-left layout under a mirror is mirrored twice: it reads, and is laid out, left
    /// to right.
    @Test func rightToLeftItReadsRightToLeftAndUnderAMirrorLeftToRight() throws {
        let plain = try seen(.rightToLeft) { $0 }, mirrored = try seen(.rightToLeft) { MirroredLayout($0) }
        #expect(plain.calls == ["section 0 rtl", "group rtl", "section 1 rtl", "group rtl"])
        #expect(mirrored.calls == ["section 0 ltr", "group ltr", "section 1 ltr", "group ltr"])
        #expect(plain.frames == [r(70, 0, 30, 10), r(70, 10, 30, 10), r(70, 20, 30, 10)])
        #expect(mirrored.frames == [r(0, 0, 30, 10), r(0, 10, 30, 10), r(0, 20, 30, 10)])
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
