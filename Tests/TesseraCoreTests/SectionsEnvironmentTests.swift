import Testing
@testable import TesseraCore

/// A sections layout's `sectionProvider` sees the environment a compositional section provider
/// does: the container the sections layout fills, that less the safe area's left and right
/// insets, and the reading direction, right to left under a mirror.
@Suite struct SectionsEnvironmentTests {
    /// Three sections (two items, none, three) of 10x10 items in a 30x100 container whose safe
    /// area is 3 on the left and 2 on the right (top and bottom do not count).
    var context: LayoutContext {
        var context = LayoutContext(dataset: sectionsWithAnEmptyOne(), collectionSize: s(30, 100), sizing: ItemSizing(rule: .intrinsic))
        context.guides = ViewportGuides(safeArea: EdgeInsets(top: 7, left: 3, bottom: 9, right: 2))
        return context
    }

    static func text(_ size: Size) -> String { "\(Int(size.width))x\(Int(size.height))" }

    /// What each `sectionProvider` call saw, in call order, for `wrap` around the sections layout.
    func seen(_ wrap: (SectionsLayout) -> any Layout, in context: LayoutContext? = nil) throws -> [String] {
        let calls = Recorder<String>()
        let layout = SectionsLayout { index, section, env in
            calls.append("\(index) \(section?.id.description ?? "-") \(Self.text(env.container)) \(Self.text(env.effectiveContainer)) \(env.layoutDirection.rawValue)")
            return FlowLayout()
        }
        _ = try wrap(layout).layout(context ?? self.context)
        return calls.values
    }

    @Test func eachSectionSeesTheContainerLessTheSafeAreaAcross() throws {
        #expect(try seen { $0 } == ["0 a 30x100 25x100 ltr", "1 empty 30x100 25x100 ltr", "2 b 30x100 25x100 ltr"])
    }

    @Test func theContainerIsTheOneTheSectionsLayoutFills() throws {
        #expect(try seen { $0.inset(EdgeInsets(top: 1, left: 4, bottom: 1, right: 6)) }
                == ["0 a 20x98 15x98 ltr", "1 empty 20x98 15x98 ltr", "2 b 20x98 15x98 ltr"])
        // Without guides, the effective size is the container's.
        #expect(try seen({ $0 }, in: LayoutContext(dataset: sectionsWithAnEmptyOne(), collectionSize: s(1, 0)))
                == ["0 a 1x0 1x0 ltr", "1 empty 1x0 1x0 ltr", "2 b 1x0 1x0 ltr"])
    }

    @Test func aMirrorReadsRightToLeftAndAMirrorOfAMirrorLeftToRight() throws {
        #expect(try seen { MirroredLayout($0) } == ["0 a 30x100 25x100 rtl", "1 empty 30x100 25x100 rtl", "2 b 30x100 25x100 rtl"])
        #expect(try seen { $0.mirrored().mirrored() } == ["0 a 30x100 25x100 ltr", "1 empty 30x100 25x100 ltr", "2 b 30x100 25x100 ltr"])
        // The direction reaches through decorators and into nested sections layouts.
        let nested = try seen { inner in SectionsLayout(sectionLayout: { _, _ in inner.transposed() }).mirrored() }
        #expect(nested == ["0 a 100x30 84x30 rtl", "0 empty 100x30 84x30 rtl", "0 b 100x30 84x30 rtl"])
    }

    /// The environment a compositional layout gives is built the same way: the container less
    /// its reference across.
    @Test func theEnvironmentIsTheContainerLessTheReferenceAcrossItsScrollAxis() {
        let insets = EdgeInsets(top: 7, left: 3, bottom: 9, right: 2)
        #expect(C.Environment(container: s(30, 100), reference: insets, axis: .vertical, layoutDirection: .rightToLeft)
                == C.Environment(container: s(30, 100), effectiveContainer: s(25, 100), layoutDirection: .rightToLeft))
        #expect(C.Environment(container: s(30, 100), reference: insets, axis: .horizontal, layoutDirection: .leftToRight)
                == C.Environment(container: s(30, 100), effectiveContainer: s(30, 84)))
        // Never below zero.
        #expect(C.Environment(container: s(4, 100), reference: insets, axis: .vertical, layoutDirection: .leftToRight).effectiveContainer
                == s(0, 100))
    }
}
