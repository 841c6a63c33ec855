import TesseraCore

/// The drawing script shared by `run --format html`'s page (`HTMLPage`) and `tessera
/// preview`'s page (`PreviewPage`): Pages/page-drawing.js, with its style page-layer.css. One
/// model of what a layout draws and where, from the page data both embed (`PageData`: section
/// boxes, elements with their pin limits, pinned items, shelves, item zIndex pairs), which
/// `drawables` alone reads.
///
/// `drawables(D, F, CW, CH, VW, VH)` puts everything drawable in flat typed arrays: the items
/// (frames `F`, 4 numbers each), then per section its box and its title, then the headers,
/// footers, badges and backgrounds, then one drawable per shelf (an orthogonal section, drawn
/// at its items' highest zIndex). It indexes each shelf's content in buckets a scroller long
/// along the axis it scrolls on, and the rest in a uniform grid over the content (`CW` x `CH`)
/// with cells about a viewport (`VW` x `VH`) in size, at most ~max(m, 4096) cells. It is a
/// generator that yields every 16k entries, so a page can build a large layout in slices
/// (`built` runs it to the end). Its typed arrays come from `arrays.take(Type, length, fill)`
/// (fill: undefined when every entry is written anyway) and its scratch ones go back through
/// `arrays.recycle(...)`: by default fresh arrays; the preview page passes arrays of past
/// generations. `gridQuery` answers what meets a rectangle, `pinnedFrameIn`
/// where a pinned element sits for an offset, `byDrawingOrder` sorts bottom first, and
/// `restingOffset` is where a shelf comes to rest (`ShelfPaging`'s arithmetic), `shelfBox`
/// a shelf's scroll box and `shelfDrawables` what a shelf draws near its offset.
///
/// A section title's box is as wide as its text measured with a canvas in the font the page's
/// `.title` style gives (`titleBoxWidth`, once per distinct title), plus that style's padding.
/// `labelPlace` and `placeLabel` keep an item's or header's label clear of the title boxes by
/// `LabelPlace`'s rule (moved under them, cut short of them, or left off); `titlesAmong` and
/// `labelWanted` say when a page places a label again (a title came near, the box is pinned).
/// A shelf's cards scroll under the titles and are left as they are.
///
/// The drawing pass on top of this model is shared too (Pages/page-nodes.js, after this file in
/// both pages): what a drawable shows (`describeDrawable`) and the nodes for what lies near the
/// viewport (`drawNear`, `drawShelfNear`), each page passing its own hooks.
enum PageDrawing {
    /// The content of both pages' `itemZ` array: index, zIndex pairs of the items drawn above or
    /// below the others (most results have none). O(n).
    static func itemZ(of result: any LayoutResult) throws -> [UInt8] {
        var pairs: [UInt8] = []
        for i in 0..<result.count {
            let z = try result.zIndex(ofItem: i)
            guard z != 0 else { continue }
            pairs.append(contentsOf: Array("\(pairs.isEmpty ? "" : ",")\(i),\(z)".utf8))
        }
        return pairs
    }
}
