/// A result that answers every query as its `base` does, except those it implements itself.
///
/// Decorators that change one or two answers adopt it, so none of them can forget to pass on the
/// rest: a forgotten optional requirement would otherwise fall back silently to `LayoutResult`'s
/// defaults (section 0, zIndex 0, no supplementaries). Each forwarded query costs what the base's does.
package protocol ForwardingLayoutResult: LayoutResult {
    /// The result whose answers this one passes on.
    var base: any LayoutResult { get }
}

extension ForwardingLayoutResult {
    public var count: Int { base.count }
    public var contentSize: Size { base.contentSize }
    public var contentOrigin: Point { base.contentOrigin }
    public var elements: [LayoutElement] { base.elements }
    public var pinLimits: [Double?] { base.pinLimits }
    public var orthogonalSections: [OrthogonalSection] { base.orthogonalSections }
    public func frame(at index: Int) throws -> Rect { try base.frame(at: index) }
    public func frame(at index: Int, scroll: ScrollState) throws -> Rect { try base.frame(at: index, scroll: scroll) }
    public func visible(in rect: Rect) throws -> [Int] { try base.visible(in: rect) }
    public func section(ofItem index: Int) throws -> Int { try base.section(ofItem: index) }
    public var sectionRanges: [Range<Int>] { base.sectionRanges }
    public func zIndex(ofItem index: Int) throws -> Int { try base.zIndex(ofItem: index) }
    public func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] {
        try base.elements(in: rect, scroll: scroll)
    }
    public func targetContentOffset(section: Int, proposed: Point, velocity: Point) -> Point {
        base.targetContentOffset(section: section, proposed: proposed, velocity: velocity)
    }
}
