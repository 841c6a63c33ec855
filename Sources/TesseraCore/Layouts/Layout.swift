/// A layout is a configuration: laying it out against a context gives an immutable result.
///
/// Layouts hold no state between calls. Everything a caller needs afterwards (frames, content
/// size, the spatial index) lives in the returned `Result`.
///
/// `Result` is the layout's own result type: the built-in layouts that only place items give a
/// `FramesResult`, `CompositionalLayout` a `CompositionalResult`, whose queries do not throw.
/// Layouts that compose layouts chosen at run time (decorators, `SectionsLayout`, scripted
/// layouts) give an `AnyLayoutResult`. Code that holds layouts of several kinds uses
/// `any Layout`, whose `layout(_:)` gives `any LayoutResult`:
///
/// ```swift
/// let frames: FramesResult = try WaterfallLayout(columns: 2).layout(context)
/// let rect = try frames.frame(at: 0)                // typed: throws only LayoutError
/// let layouts: [any Layout] = [WaterfallLayout(columns: 2), PinnedLayout(FlowLayout())]
/// let results = try layouts.map { try $0.layout(context) }   // [any LayoutResult]
/// ```
public protocol Layout<Result>: Sendable {
    /// What laying out gives: a concrete result type, or `AnyLayoutResult` for a layout whose
    /// result type is chosen at run time.
    associatedtype Result: LayoutResult

    /// Lays out every item of `context`.
    ///
    /// - Throws: a `TesseraError`: `LayoutError` for invalid parameters or frames (not finite, a
    ///   negative size), `LuaScriptError` when a scripted layout's Lua fails; and whatever a
    ///   closure given to a layout throws (`ClosureLayout`, the section functions of
    ///   `SectionsLayout`, `SplitLayout` and `CompositionalLayout`), unchanged.
    func layout(_ context: LayoutContext) throws -> Result
}

/// The outcome of a layout pass: an immutable value that answers frame and element queries.
///
/// Nothing here keeps state between calls: the same question always gets the same answer.
/// Queries throw so that a result computed on demand (an analytic Lua script asked per query)
/// reports a failing query to its caller as an error. Results that cannot fail implement them
/// without `throws`, so code holding a concrete `FramesResult` needs no `try`.
/// Everything that depends on scrolling (pinned headers, orthogonal sections scrolled on the
/// cross axis) takes a `ScrollState` argument.
///
/// **Item indices out of range.** Every query that takes an item index (`frame(at:)`,
/// `frame(at:scroll:)`, `section(ofItem:)`, `zIndex(ofItem:)`) answers an index outside
/// `0..<count` the same way: it throws `LayoutError.indexOutOfRange(index:count:)`, whose
/// message names the index. Nothing traps. APIs that return an optional for a missing item
/// (`CollectionEngine.frame(at:)`, and the concrete results' `frameIfPresent(at:)`,
/// `sectionIfPresent(ofItem:)` and `zIndexIfPresent(ofItem:)`, for code that cannot throw)
/// return `nil` instead.
///
/// A result draws *elements*: its `count` items, plus the supplementaries (headers, footers,
/// badges) and decorations (backgrounds) listed in `elements`.
public protocol LayoutResult: Sendable {
    /// Number of items laid out.
    var count: Int { get }
    /// Size of the scrollable content.
    var contentSize: Size { get }
    /// Where the content's top-left corner lies: the content spans `contentOrigin` and
    /// `contentSize`, and contains every frame. (0, 0), but for a layout mirrored right to left:
    /// its content box is mirrored as its frames are (x' = W − x − w), so content narrower than
    /// the container starts right of 0 and wider content hangs off the left edge, at negative x
    /// (see `MirroredLayout` and `scrollRange(viewport:)`).
    var contentOrigin: Point { get }
    /// Item `index`'s resting frame (unpinned, orthogonal sections at offset 0).
    /// - Throws: `LayoutError.indexOutOfRange` for an index outside `0..<count`.
    func frame(at index: Int) throws -> Rect
    /// Every item whose frame, as drawn when scrolled to `rect`'s origin (pinned headers pin to
    /// its top, orthogonal sections at offset 0 clipped to their scrollers), overlaps `rect`
    /// with a positive area, in ascending flattened order.
    /// - Complexity: a `FramesResult` (what the built-in layouts that only place items give)
    ///   asks its spatial index, O(log n + k) for k items found; decorators and sectioned results
    ///   add their parts' queries, and a scripted layout's analytic `visible` costs what its Lua does.
    func visible(in rect: Rect) throws -> [Int]
    /// Item `index`'s frame as drawn for `scroll`: pinned for a pinned header, shifted by its
    /// section's offset in an orthogonal section (unclipped).
    /// - Throws: `LayoutError.indexOutOfRange` for an index outside `0..<count`.
    func frame(at index: Int, scroll: ScrollState) throws -> Rect
    /// The 0-based section of item `index`.
    /// - Throws: `LayoutError.indexOutOfRange` for an index outside `0..<count`.
    func section(ofItem index: Int) throws -> Int
    /// Each section's items, in order, tiling `0..<count` (empty sections included).
    var sectionRanges: [Range<Int>] { get }
    /// Item `index`'s drawing order (higher on top).
    /// - Throws: `LayoutError.indexOutOfRange` for an index outside `0..<count`.
    func zIndex(ofItem index: Int) throws -> Int
    /// The supplementaries and decorations, at rest, in content coordinates.
    var elements: [LayoutElement] { get }
    /// For each of `elements`, in order, where its pinning stops, or nil for one that does not
    /// pin (see `LayoutElement.pinEdge`): for a top-pinned element the y its bottom may not pass
    /// (its section's end), drawn y = max(rest y, min(visible top, limit − height)); for a
    /// bottom-pinned one the y its top may not pass (its section's start), drawn y = min(rest y,
    /// max(visible bottom − height, limit)); for a left- or right-pinned one the same in x.
    /// Pages draw pinned elements from these without asking the result again. A result whose
    /// elements pin must answer (the default says none pins).
    var pinLimits: [Double?] { get }
    /// Sections that scroll on the cross axis, with their scroller frames.
    var orthogonalSections: [OrthogonalSection] { get }
    /// Every element (items, supplementaries, decorations) that, as drawn for `scroll`, overlaps
    /// `rect` with a positive area, with its drawn frame, in drawing order (see
    /// `LayoutElement.inDrawingOrder`). An element of an orthogonal section counts only where
    /// it shows through its scroller. O(log n + k) for results that index their elements.
    func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement]
    /// Where sideways section `section`'s scroller comes to rest when a scroll would stop at
    /// `proposed` with `velocity`, for its paging behaviour (UIKit's
    /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`).
    func targetContentOffset(section: Int, proposed: Point, velocity: Point) -> Point
}

extension LayoutResult {
    /// The resting frame: nothing pins or scrolls sideways.
    public func frame(at index: Int, scroll: ScrollState) throws -> Rect { try frame(at: index) }
    /// One section: 0 for every item in range.
    public func section(ofItem index: Int) throws -> Int { try checkIndex(index); return 0 }
    /// Every item at 0.
    public func zIndex(ofItem index: Int) throws -> Int { try checkIndex(index); return 0 }

    /// Throws `LayoutError.indexOutOfRange` unless `index` is in `0..<count`. O(1).
    package func checkIndex(_ index: Int) throws(LayoutError) {
        guard index >= 0, index < count else { throw .indexOutOfRange(index: index, count: count) }
    }
    public var elements: [LayoutElement] { [] }
    /// The content starts at (0, 0).
    public var contentOrigin: Point { .zero }
    /// No element pins.
    public var pinLimits: [Double?] { Array(repeating: nil, count: elements.count) }
    public var orthogonalSections: [OrthogonalSection] { [] }
    /// No paging: the scroll rests where it was proposed.
    public func targetContentOffset(section: Int, proposed: Point, velocity: Point) -> Point { proposed }

    /// Derived from `section(ofItem:)`, with as many sections as the items, elements and
    /// orthogonal sections name. O(n + m); results that know their sections answer in O(1).
    public var sectionRanges: [Range<Int>] {
        // Every index below is in range, so no lookup throws.
        func section(ofItem i: Int) -> Int { (try? self.section(ofItem: i)) ?? 0 }
        var sectionCount = count > 0 ? section(ofItem: count - 1) + 1 : 1
        for e in elements { sectionCount = max(sectionCount, e.section + e.sectionSpan) }
        for o in orthogonalSections { sectionCount = max(sectionCount, o.section + 1) }
        var starts = [Int](repeating: count, count: sectionCount)
        for i in stride(from: count - 1, through: 0, by: -1) { starts[section(ofItem: i)] = i }
        for s in stride(from: sectionCount - 2, through: 0, by: -1) { starts[s] = min(starts[s], starts[s + 1]) }
        starts[0] = 0
        return (0..<sectionCount).map { s in starts[s]..<(s + 1 < sectionCount ? starts[s + 1] : count) }
    }

    /// Items only, for results with no other elements: the visible items as drawn.
    public func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] {
        let drawn = try visible(in: rect).compactMap { i -> LayoutElement? in
            let f = try frame(at: i, scroll: scroll)
            return f.overlapsWithPositiveArea(rect)
                ? .item(i, section: try section(ofItem: i), frame: f, zIndex: try zIndex(ofItem: i)) : nil
        }
        return LayoutElement.inDrawingOrder(drawn)
    }

    /// The supplementaries (headers, footers, badges) at rest.
    public var supplementaries: [LayoutElement] { elements.filter { $0.category == .supplementary } }
    /// The decorations (backgrounds) at rest.
    public var decorations: [LayoutElement] { elements.filter { $0.category == .decoration } }

    /// The items visible in `rect` as drawn for `scroll`, ascending. O(log n + k).
    public func visible(in rect: Rect, scroll: ScrollState) throws -> [Int] {
        LayoutElement.itemIndices(of: try elements(in: rect, scroll: scroll))
    }

    /// Item `index`'s frame as drawn when scrolled to show `viewport` (the renderers' and tests'
    /// shorthand; the public query is `frame(at:scroll:)` with `ScrollState(showing:)`).
    package func frame(at index: Int, viewport: Rect) throws -> Rect { try frame(at: index, scroll: ScrollState(showing: viewport)) }

    /// Item `index`'s frame as drawn: pinned for `viewport` when one is given, else resting.
    package func drawnFrame(at index: Int, viewport: Rect?) throws -> Rect {
        try viewport.map { try frame(at: index, viewport: $0) } ?? frame(at: index)
    }

    /// All resting frames, in flattened order. O(n).
    public var allFrames: [Rect] { get throws { try (0..<count).map { try frame(at: $0) } } }
}
