import TesseraCore

/// How a shelf (a compositional section scrolling on the cross axis) of the HTML page comes to
/// rest: the layout's `targetContentOffset` for a scroll that stops where the user left it.
///
/// With no velocity, every paging behaviour rests on the multiple of a step nearest to where the
/// scroll stopped, clamped to the scroll range: the scroller's length for `paging`, the group
/// pitch (group length + interGroupSpacing) for `groupPaging`, `groupPagingCentered` (whose
/// insets make each multiple a centred group) and `continuousGroupLeadingBoundary`; a
/// `continuous` shelf rests anywhere (step 0). Right to left, horizontal offsets are negative:
/// `sign` is −1 and the multiples are taken of −offset. The page's script applies `resting`
/// to the offset a wheel or a drag left, in the same arithmetic.
struct ShelfPaging: Equatable {
    /// Distance between resting offsets along the shelf's axis; 0 when it rests anywhere.
    var step: Double
    /// The largest offset (scroller content length − scroller length), in the `sign`ed sense.
    var maximum: Double
    /// 1, or −1 for a right-to-left horizontal shelf.
    var sign: Double

    /// The rule for section `section`, found through results that forward every query (script
    /// hosts, sticky and visible-frame decorators) to a compositional result; nil for any other
    /// result, whose shelves scroll freely.
    static func of(section: Int, in result: any LayoutResult) -> ShelfPaging? {
        var current: any LayoutResult = result
        for _ in 0..<32 {
            if let compositional = current as? CompositionalResult {
                return of(section: section, in: compositional)
            }
            guard let forwarding = current as? any ForwardingLayoutResult else { return nil }
            current = forwarding.base
        }
        return nil
    }

    /// The rule for a shelf of the pages: `of(section:in:)`, else resting anywhere.
    static func forShelf(_ section: Int, in result: any LayoutResult) -> ShelfPaging {
        of(section: section, in: result) ?? ShelfPaging(step: 0, maximum: 0, sign: 1)
    }

    static func of(section: Int, in result: CompositionalResult) -> ShelfPaging? {
        guard result.sections.indices.contains(section), let scroller = result.sections[section].scroller else { return nil }
        let geometry = result.sections[section]
        let axis = result.scrollDirection.cross
        let page = scroller.frame.length(along: axis)
        let step: Double
        switch geometry.scrolling {
        case .none, .continuous: step = 0
        case .paging: step = page
        case .groupPaging, .groupPagingCentered, .continuousGroupLeadingBoundary: step = geometry.groupPitch
        }
        return ShelfPaging(step: step, maximum: scroller.contentSize.length(along: axis) - page, sign: result.orthogonalOffsetSign)
    }

    /// Where a scroll that stopped at `proposed` (along the shelf's axis) comes to rest, within
    /// the scroll range; the page's script computes the same (a browser keeps a continuous
    /// shelf in its range by itself, so the script leaves step 0 alone). O(1).
    func resting(_ proposed: Double) -> Double {
        var q = sign * proposed
        if step > 0 {
            q /= step
            let nearest = q.rounded()
            if abs(q - nearest) < 1e-9 { q = nearest }
            q = q.rounded() * step
        }
        return sign * min(max(q, 0), max(maximum, 0))
    }
}
