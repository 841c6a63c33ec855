/// Pins section headers to the top of the viewport (CollectionKit's StickyLayout).
///
/// The header pinned for a viewport is the last sticky item whose resting minY is above the
/// viewport's minY. It sits at the viewport top and is pushed up by the next sticky item:
/// `y = min(viewport.minY, next.minY − height)`. Two fixes over CollectionKit: the pin takes
/// the viewport as an argument (no state stored by the visible query), and the last header is
/// pushed up by the bottom of its own section instead of staying pinned for ever.
public struct StickyLayout: Layout {
    public var root: any Layout
    /// Which items stick; gets a 0-based index. Default: even indices (headers before sections).
    public var isSticky: (Int) -> Bool

    public init(_ root: any Layout, isSticky: @escaping (Int) -> Bool = { $0 % 2 == 0 }) {
        self.root = root
        self.isSticky = isSticky
    }

    /// - Complexity: the root's layout, plus O(n) to find sticky items and section bottoms.
    public func layout(_ context: LayoutContext) throws -> any LayoutResult {
        let base = try root.layout(context)
        var sticky: [StickyResult.Header] = []
        var sectionBottom = 0.0
        for i in 0..<base.count {
            let f = base.frame(at: i)
            if isSticky(i) {
                if !sticky.isEmpty { sticky[sticky.count - 1].sectionBottom = sectionBottom }
                sticky.append(.init(index: i, frame: f, sectionBottom: f.maxY))
                sectionBottom = f.maxY
            } else {
                sectionBottom = max(sectionBottom, f.maxY)
            }
        }
        if !sticky.isEmpty { sticky[sticky.count - 1].sectionBottom = sectionBottom }
        // Sorted by resting minY so the pinned header can be found by binary search.
        sticky.sort { ($0.frame.minY, $0.index) < ($1.frame.minY, $1.index) }
        return StickyResult(base: base, headers: sticky)
    }
}

struct StickyResult: LayoutResult {
    struct Header {
        var index: Int
        var frame: Rect
        /// Lowest maxY of the header and the items after it, up to the next sticky item.
        var sectionBottom: Double
    }

    let base: any LayoutResult
    /// Sticky items sorted by resting minY.
    let headers: [Header]

    var count: Int { base.count }
    var contentSize: Size { base.contentSize }
    var supplementaries: [Supplementary] { base.supplementaries }
    func frame(at index: Int) -> Rect { base.frame(at: index) }

    /// Position in `headers` of the header pinned for `viewport`, if any. O(log s).
    func pinned(for viewport: Rect) -> Int? {
        var lo = 0, hi = headers.count   // first header with minY >= viewport.minY
        while lo < hi {
            let mid = (lo + hi) / 2
            if headers[mid].frame.minY < viewport.minY { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    func pinnedFrame(_ k: Int, viewport: Rect) -> Rect {
        let h = headers[k]
        let limit = k + 1 < headers.count ? headers[k + 1].frame.minY : h.sectionBottom
        var f = h.frame
        f.y = max(h.frame.minY, min(viewport.minY, limit - f.height))
        return f
    }

    func frame(at index: Int, viewport: Rect) -> Rect {
        guard let k = pinned(for: viewport), headers[k].index == index else { return base.frame(at: index) }
        return pinnedFrame(k, viewport: viewport)
    }

    /// The root's visible items with the pinned header's resting frame replaced by its pinned one.
    func visible(in rect: Rect) -> [Int] {
        var result = base.visible(in: rect)
        guard let k = pinned(for: rect) else { return result }
        let index = headers[k].index
        let showsPinned = pinnedFrame(k, viewport: rect).overlapsWithPositiveArea(rect)
        let slot = lowerBound(result, index)
        let present = slot < result.count && result[slot] == index
        if showsPinned && !present { result.insert(index, at: slot) }
        if !showsPinned && present { result.remove(at: slot) }
        return result
    }

    private func lowerBound(_ a: [Int], _ x: Int) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let m = (lo + hi) / 2; if a[m] < x { lo = m + 1 } else { hi = m } }
        return lo
    }
}
