/// A provider tree laid out in one container size: one result over every flattened item, and
/// who owns the headers that providers add.
///
/// The result is a plain `LayoutResult` in the root's coordinates: items in flattened order,
/// each child's sections numbered on from the sections before it, and every child's
/// supplementaries, decorations, item zIndices and orthogonal sections with their sections and
/// item indices remapped into that flattened space. So `elements(in:scroll:)` gives every
/// header, footer, badge, background and shelf of every nested provider.
package struct ProviderLayout {
    /// A header a headers provider adds: the `header` supplementary at `section` spanning
    /// `sectionSpan` sections of the flattened result.
    public struct Header {
        public var section: Int
        public var sectionSpan: Int
        public var kind: String
        /// The headers provider that shows it, and the header's section in that provider.
        public var owner: HeadersProvider
        public var local: Int
        /// The header's hierarchical identifier (`"0-1-header"`).
        public var identifier: ItemID
    }

    public var result: any LayoutResult
    /// Every provider header, in flattened section order of their first section.
    public var headers: [Header]

    public var contentSize: Size { result.contentSize }

    /// The provider header drawn as `element` (a supplementary of the flattened result), if a
    /// headers provider added it. O(headers).
    public func header(of element: LayoutElement) -> Header? {
        guard element.category == .supplementary, element.index == nil else { return nil }
        return headers.last {
            $0.section == element.section && $0.sectionSpan == element.sectionSpan && $0.kind == element.kind
        }
    }

    /// The same layout with sections renumbered from `base` and identifiers under `prefix`
    /// (how a parent sees a child's headers).
    func headers(movedBy base: Int, prefix: String) -> [Header] {
        headers.map { h in
            var moved = h
            moved.section += base
            moved.identifier = .scoped(prefix: prefix, h.identifier)
            return moved
        }
    }
}
