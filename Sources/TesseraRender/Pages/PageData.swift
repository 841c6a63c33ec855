import TesseraCore

/// What a page draws besides the item frames, in the one shape `run --format html`'s page and
/// `tessera preview`'s frame messages share (docs/outputs.md, "Page data"): the section boxes,
/// the elements (with the pin limits the page places pinned ones by), the items that pin with
/// an element, the shelves and the items drawn above or below the others. page-drawing.js reads
/// it, in `drawables`, and nowhere else.
struct PageData {
    var run: LayoutRun
    /// Where each shelf starts, by 0-based section (absent: 0, 0).
    var shelfOffsets: [Int: Point] = [:]
    /// Numbers rounded to 1/100 px (a page that draws, not reports); otherwise exact, a
    /// non-finite one as 0.
    var rounded: Bool
    /// The layout script's declared params (the preview's controls); none: no `params` field.
    var params: [PageParam] = []
    /// Each shelf names its section's dataset id (`id`, and `occurrence` when earlier sections
    /// have the same id): the preview's page carries a shelf's offset to the section's number in
    /// a picture a save renumbered. The run page has one picture and leaves them out.
    var shelfIDs = false

    /// The fields `"sections":[…],"elements":[…],"pinnedItems":[…],"orthogonal":[…],"itemZ":[…]`
    /// (and `"params":[…]` when there are any), without braces, for the caller's object. Throws what the result's queries throw.
    /// O(elements + sections + shelves + n) (the zIndex of every item).
    func fields() throws -> [UInt8] {
        let result = run.result
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        func raw(_ s: String) { out.append(contentsOf: Array(s.utf8)) }
        func number(_ v: Double) {
            if rounded {
                let r = (v * 100).rounded() / 100
                JSONWriter.appendNumber(r.isFinite ? r : v, to: &out)
            } else {
                JSONWriter.appendNumber(v.isFinite ? v : 0, to: &out)
            }
        }
        func pair(_ a: Double, _ b: Double) { raw("["); number(a); raw(","); number(b); raw("]") }
        func frame(_ f: Rect) { raw("["); number(f.x); raw(","); number(f.y); raw(","); number(f.width); raw(","); number(f.height); raw("]") }
        func string(_ s: String) { PageText.appendScriptString(s, to: &out) }

        raw("\"sections\":[")
        for (k, box) in try SectionBoxes(run: run).boxes.enumerated() {
            raw(k > 0 ? ",{\"section\":" : "{\"section\":"); raw("\(box.section),\"frame\":"); frame(box.frame)
            raw(",\"title\":"); string(box.title)
            raw(",\"titledByHeader\":\(box.titledBySupplementary)}")
        }
        raw("],\"elements\":[")
        let elements = try PictureElements(result: result)
        let sections = run.dataset.sections
        for (k, entry) in elements.elements.enumerated() {
            let e = entry.element
            raw(k > 0 ? ",{\"category\":" : "{\"category\":"); string(e.category.rawValue)
            raw(",\"kind\":"); string(e.kind)
            raw(",\"section\":\(e.section)")
            if let index = e.index { raw(",\"index\":\(index)") }
            raw(",\"frame\":"); frame(e.frame)
            raw(",\"zIndex\":\(e.zIndex)")
            if let limit = entry.pinLimit {
                raw(",\"pinLimit\":"); number(limit)
                raw(",\"pinEdge\":\"\(e.pinEdge.rawValue)\"")
            }
            // The label its layout gave, else a section's own headers and footers show its title.
            if let title = SectionBoxes.label(of: e, sections: sections) {
                raw(",\"title\":"); string(title)
            }
            raw("}")
        }
        raw("],\"pinnedItems\":[")
        for (k, pin) in elements.pinnedItems.enumerated() {
            raw(k > 0 ? ",{\"index\":" : "{\"index\":"); raw("\(pin.index),\"pinLimit\":"); number(pin.end)
            raw(pin.edge == .top ? "}" : ",\"pinEdge\":\"\(pin.edge.rawValue)\"}")
        }
        raw("],\"orthogonal\":[")
        let shelves = run.shelves()
        // Only when there are shelves: one pass over the sections pairs repeated ids.
        let keys = shelfIDs && !shelves.isEmpty ? Occurrence.keys(of: sections.map(\.id)) : []
        for (k, shelf) in shelves.enumerated() {
            let o = shelf.scroller, offset = shelfOffsets[o.section] ?? .zero
            let paging = ShelfPaging.forShelf(o.section, in: result)
            raw(k > 0 ? ",{\"section\":" : "{\"section\":"); raw("\(o.section),")
            if keys.indices.contains(o.section) {
                let key = keys[o.section]
                raw("\"id\":"); raw(PageText.scriptJSON(key.id.jsonValue)); raw(",")
                if key.index > 0 { raw("\"occurrence\":\(key.index),") }
            }
            raw("\"frame\":"); frame(o.frame)
            raw(",\"contentSize\":"); pair(o.contentSize.width, o.contentSize.height)
            raw(",\"offset\":"); pair(offset.x, offset.y)
            raw(",\"items\":[\(shelf.items.lowerBound),\(shelf.items.upperBound)]")
            // How it comes to rest (exact, never rounded: the page snaps to multiples of step).
            raw(",\"paging\":{\"step\":\(JSONWriter.format(paging.step)),\"maximum\":\(JSONWriter.format(paging.maximum)),"
                + "\"sign\":\(JSONWriter.format(paging.sign))}}")
        }
        raw("],\"itemZ\":[")
        out.append(contentsOf: try PageDrawing.itemZ(of: result))
        raw("]")
        if !params.isEmpty {
            raw(",\"params\":[")
            for (k, p) in params.enumerated() {
                raw(k > 0 ? ",{\"name\":" : "{\"name\":"); string(p.name)
                raw(",\"default\":"); raw(PageText.scriptJSON(p.defaultValue))
                raw(",\"value\":"); raw(PageText.scriptJSON(p.value))
                if p.baseValue != p.defaultValue { raw(",\"base\":"); raw(PageText.scriptJSON(p.baseValue)) }
                if !p.choices.isEmpty { raw(",\"choices\":"); raw(PageText.scriptJSON(.array(p.choices))) }
                if let minimum = p.minimum { raw(",\"min\":"); number(minimum) }
                if let maximum = p.maximum { raw(",\"max\":"); number(maximum) }
                raw("}")
            }
            raw("]")
        }
        return out
    }
}

/// One parameter a layout script declares (`params = { columns = 2 }`) or a built-in layout
/// takes: its name, its default, the value a run used (the default, `--param`'s, or the preview
/// page's control's), its value with no page's params (`--param`'s, else the default), the
/// values it allows (`choices`, an enum's cases) and a number's range.
/// The page makes a control of its default's type: a menu when there are choices, else a number
/// field and slider, a checkbox, a text field. A page's control shows the page's own value: the
/// one it set, else the base (the picture may have another page's).
package struct PageParam: Equatable, Sendable {
    public var name: String
    public var defaultValue: JSONValue
    public var value: JSONValue
    public var baseValue: JSONValue
    public var choices: [JSONValue]
    public var minimum: Double?
    public var maximum: Double?
    /// `baseValue` nil: the default.
    public init(name: String, defaultValue: JSONValue, value: JSONValue, baseValue: JSONValue? = nil, choices: [JSONValue] = [],
                minimum: Double? = nil, maximum: Double? = nil) {
        self.name = name; self.defaultValue = defaultValue; self.value = value; self.baseValue = baseValue ?? defaultValue
        self.choices = choices; self.minimum = minimum; self.maximum = maximum
    }
}
