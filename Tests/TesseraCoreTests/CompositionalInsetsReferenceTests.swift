import Synchronization
import Testing
@_spi(Testing) @testable import TesseraCore

/// `contentInsetsReference`: a section's content insets are measured from the collection's edges
/// (`none`), the safe area, the layout margins guide (the safe area inset by the margins) or the
/// readable content guide (the margins guide, at most `readableWidth` wide, centred), on the
/// cross axis only; the viewport's guides are zero unless set, so nothing moves without them.
@Suite struct CompositionalInsetsReferenceTests {
    /// Safe area left 10, right 20 (top and bottom are the scroll view's: unused); margins 5 and
    /// 5 more; a readable width of 200.
    let guides = ViewportGuides(safeArea: EdgeInsets(top: 30, left: 10, bottom: 40, right: 20),
                                layoutMargins: EdgeInsets(top: 8, left: 5, bottom: 8, right: 5), readableWidth: 200)

    /// One full-width row 50 tall on a background, section insets leading 1 and trailing 2, in
    /// a 400-wide collection.
    func solve(_ section: C.ContentInsetsReference, configuration: C.ContentInsetsReference = .safeArea,
               guides: ViewportGuides? = nil, direction: C.LayoutDirection = .leftToRight,
               axis: Axis = .vertical) throws -> CompositionalResult {
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(50)),
                                       [item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))])
        let blueprint = C.Section(group: group, contentInsets: C.DirectionalEdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 2),
                                  decorations: [C.Decoration(kind: "background")], contentInsetsReference: section)
        var context = sectionedContext([1], in: s(400, 600))
        context.guides = guides ?? self.guides
        return try CompositionalLayout(section: blueprint, configuration: C.Configuration(
            scrollDirection: axis, layoutDirection: direction, contentInsetsReference: configuration)).solve(context)
    }

    @Test func eachReferenceMeasuresTheSectionInsetsFromItsGuide() throws {
        for (reference, row, background) in [
            (C.ContentInsetsReference.none, r(1, 0, 397, 50), r(0, 0, 400, 50)),
            (.safeArea, r(11, 0, 367, 50), r(10, 0, 370, 50)),
            (.automatic, r(11, 0, 367, 50), r(10, 0, 370, 50)),        // the configuration's: the safe area
            (.layoutMargins, r(16, 0, 357, 50), r(15, 0, 360, 50)),    // safe area + margins: 15 and 25
            (.readableContent, r(96, 0, 197, 50), r(95, 0, 200, 50)),  // 200 centred in the 360 of the margins
        ] {
            let result = try solve(reference)
            #expect(try result.allFrames == [row], "\(reference)")
            #expect(result.elements.map(\.frame) == [background], "\(reference)")
            #expect(result.contentSize == s(400, 50), "\(reference)")
        }
    }

    @Test func aSectionFollowsTheConfigurationsReferenceWhenAutomatic() throws {
        #expect(try solve(.automatic, configuration: .none).allFrames == [r(1, 0, 397, 50)])
        #expect(try solve(.automatic, configuration: .layoutMargins).allFrames == [r(16, 0, 357, 50)])
        #expect(try solve(.automatic, configuration: .automatic).allFrames == [r(11, 0, 367, 50)])
        #expect(try solve(.none, configuration: .layoutMargins).allFrames == [r(1, 0, 397, 50)])
    }

    /// No guides: every reference gives the frames of a layout that has none.
    @Test func withoutGuidesNothingMoves() throws {
        for reference in C.ContentInsetsReference.allCases {
            #expect(try solve(reference, guides: .zero).allFrames == [r(1, 0, 397, 50)], "\(reference)")
        }
    }

    /// A readable width wider than the margins guide leaves the margins guide.
    @Test func aReadableWidthWiderThanTheMarginsIsTheMargins() throws {
        var wide = guides
        wide.readableWidth = 1000
        #expect(try solve(.readableContent, guides: wide).allFrames == [r(16, 0, 357, 50)])
    }

    /// The environment's effective size is the collection less the configuration's reference.
    @Test func theEnvironmentsEffectiveWidthIsLessTheConfigurationsReference() throws {
        let seen = Mutex<[Size]>([])
        var context = sectionedContext([1], in: s(400, 600))
        context.guides = guides
        _ = try CompositionalLayout(configuration: C.Configuration(contentInsetsReference: .layoutMargins)) { _, _, env in
            seen.withLock { $0.append(env.effectiveContainer) }
            return C.Section(group: .horizontal(abs_(10, 10), [item(abs_(10, 10))]))
        }.solve(context)
        #expect(seen.withLock { $0 } == [s(360, 600)])
    }

    /// Right to left: the physical left safe area stays on the left of the screen.
    @Test func rightToLeftKeepsTheSafeAreaWhereTheScreenHasIt() throws {
        // Mirrored: the section's leading inset 1 is at the right, next to the right safe area 20.
        #expect(try solve(.safeArea, direction: .rightToLeft).allFrames == [r(12, 0, 367, 50)])
    }

    /// A horizontal layout insets the top and bottom (its cross axis), not the left and right.
    @Test func aHorizontalLayoutInsetsItsCrossAxis() throws {
        let group = C.Group.vertical(C.LayoutSize(width: .absolute(50), height: .fractionalHeight(1)),
                                     [item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))])
        var context = sectionedContext([1], in: s(400, 600))
        context.guides = guides
        let result = try CompositionalLayout(section: C.Section(group: group),
                                             configuration: C.Configuration(scrollDirection: .horizontal)).solve(context)
        #expect(try result.allFrames == [r(0, 30, 50, 530)])
    }

    /// The reference's insets on both axes, without a layout: what the solver keeps the cross
    /// axis of.
    @Test func insetsInASizeAreTheGuidesOnBothAxes() {
        let size = s(400, 600)
        #expect(C.ContentInsetsReference.none.insets(in: size, guides: guides) == .zero)
        #expect(C.ContentInsetsReference.safeArea.insets(in: size, guides: guides) == guides.safeArea)
        #expect(C.ContentInsetsReference.automatic.insets(in: size, guides: guides) == guides.safeArea)
        #expect(C.ContentInsetsReference.layoutMargins.insets(in: size, guides: guides)
                == EdgeInsets(top: 38, left: 15, bottom: 48, right: 25))
        // 400 − 40 of margins leaves 360; 200 readable centred adds 80 each side, horizontally only.
        #expect(C.ContentInsetsReference.readableContent.insets(in: size, guides: guides)
                == EdgeInsets(top: 38, left: 95, bottom: 48, right: 105))
        // No readable limit: the margins guide. A container narrower than its margins: no more.
        var unlimited = guides
        unlimited.readableWidth = nil
        #expect(C.ContentInsetsReference.readableContent.insets(in: size, guides: unlimited)
                == EdgeInsets(top: 38, left: 15, bottom: 48, right: 25))
        #expect(C.ContentInsetsReference.readableContent.insets(in: s(30, 600), guides: guides)
                == EdgeInsets(top: 38, left: 15, bottom: 48, right: 25))
        #expect(C.ContentInsetsReference.readableContent.insets(in: size, guides: .zero) == .zero)
    }
}
