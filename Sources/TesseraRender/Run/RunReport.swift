import OrderedCollections
import TesseraCore

/// The `run --format json` document: viewport, contentSize (and contentOrigin when the content
/// does not start at 0, 0), items in flattened order at rest,
/// supplementaries and decorations at rest, orthogonal sections with the offsets they are drawn
/// at, and, when a viewport offset was given, `visible` (items as drawn there) and
/// `visibleElements` (supplementaries and decorations as drawn there, pinned headers at their
/// pinned place, in drawing order).
package struct RunReport {
    public var run: LayoutRun
    public var viewport: Rect?
    /// Offsets of orthogonal sections (the content offset is the viewport's origin).
    public var sectionOffsets: [Int: Point]

    public init(run: LayoutRun, viewport: Rect?, sectionOffsets: [Int: Point] = [:]) {
        self.run = run; self.viewport = viewport; self.sectionOffsets = sectionOffsets
    }

    public func document() throws -> JSONValue {
        let result = run.result
        let dataset = run.dataset
        let layered = try (0..<result.count).contains { try result.zIndex(ofItem: $0) != 0 }
        var items: [JSONValue] = []
        items.reserveCapacity(result.count)
        for i in 0..<result.count {
            let section = dataset.sectionIndex(containing: i)
            let id = i < dataset.count ? dataset.id(at: i).jsonValue : .int(i)
            var item: OrderedDictionary<String, JSONValue> = ["id": id, "section": .int(section), "frame": try result.frame(at: i).json]
            if layered { item["zIndex"] = .int(try result.zIndex(ofItem: i)) }
            items.append(.object(item))
        }
        var doc: OrderedDictionary<String, JSONValue> = [
            "viewport": .array([.double(run.viewport.width), .double(run.viewport.height)]),
            "contentSize": .array([.double(result.contentSize.width), .double(result.contentSize.height)]),
        ]
        if let origin = contentOrigin { doc["contentOrigin"] = origin }
        doc["items"] = .array(items)
        let drawn = try viewport.map { try result.elements(in: $0, scroll: ScrollState(showing: $0, sectionOffsets: sectionOffsets)) }
        doc["supplementaries"] = .array(result.supplementaries.map { $0.json(category: false) })
        let decorations = result.decorations
        if !decorations.isEmpty { doc["decorations"] = .array(decorations.map { $0.json(category: false) }) }
        for (key, value) in members(drawn: drawn) { doc[key] = value }
        return .object(doc)
    }

    private var contentOrigin: JSONValue? {
        run.result.reportedContentOrigin.map { .array([.double($0.x), .double($0.y)]) }
    }

    /// The document as `run --format json` prints it (what `document()` gives, written pretty).
    public func json() throws -> String { try BufferedWriter.text { try write(to: $0) } }

    /// Writes the document as `JSONWriter` writes `document()` pretty, item by item: nothing the
    /// size of the output is built. Everything that can throw (every item's frame, the elements
    /// in the viewport) is asked before the first byte, so a failing layout writes nothing.
    /// - Complexity: O(n) time; memory O(elements in the viewport + supplementaries).
    public func write(to out: BufferedWriter) throws {
        let result = run.result
        let dataset = run.dataset
        for i in 0..<result.count { _ = try result.frame(at: i) }
        let drawn = try viewport.map { try result.elements(in: $0, scroll: ScrollState(showing: $0, sectionOffsets: sectionOffsets)) }
        let layered = try (0..<result.count).contains { try result.zIndex(ofItem: $0) != 0 }
        let ids = dataset.count
        var object = PrettyJSONObject()
        object.add("viewport", .array([.double(run.viewport.width), .double(run.viewport.height)]))
        object.add("contentSize", .array([.double(result.contentSize.width), .double(result.contentSize.height)]))
        if let origin = contentOrigin { object.add("contentOrigin", origin) }
        // Items are written in order, so their section only ever moves on: one walk over the
        // section starts instead of a search per item.
        let sections = dataset.sections
        var section = 0
        object.add("items", records: result.count) { i, out in
            while section + 1 < sections.count && sections[section + 1].range.lowerBound <= i { section += 1 }
            out.append("{\"id\": ")
            out.withBuffer { buffer in
                // The id alone: an item with its fields would be built and dropped per record.
                JSONWriter.write(i < ids ? dataset.id(at: i).jsonValue : .int(i), into: &buffer)
                buffer.append(contentsOf: ", \"section\": ".utf8)
                buffer.append(contentsOf: String(section).utf8)
                buffer.append(contentsOf: ", \"frame\": [".utf8)
                // Asked above: a layout answers the same again.
                let f = (try? result.frame(at: i)) ?? .zero
                f.appendJSONNumbers(to: &buffer)
                buffer.append(UInt8(ascii: "]"))
                if layered {
                    buffer.append(contentsOf: ", \"zIndex\": ".utf8)
                    buffer.append(contentsOf: String((try? result.zIndex(ofItem: i)) ?? 0).utf8)
                }
                buffer.append(UInt8(ascii: "}"))
            }
        }
        // One of each per section, at most: each built as it is written, not all held at once.
        let supplementaries = result.supplementaries
        object.add("supplementaries", records: supplementaries.count) { k, out in
            out.withBuffer { supplementaries[k].appendJSONRecord(category: false, to: &$0) }
        }
        let decorations = result.decorations
        if !decorations.isEmpty {
            object.add("decorations", records: decorations.count) { k, out in
                out.withBuffer { decorations[k].appendJSONRecord(category: false, to: &$0) }
            }
        }
        for (key, value) in members(drawn: drawn) {
            if case .array(let records) = value, key != "visible" { object.add(key, records: records) }
            else { object.add(key, value) }
        }
        object.write(to: out)
    }

    /// The members after `items`, `supplementaries` and `decorations`, as values: small (one per
    /// shelf or element in the viewport).
    private func members(drawn: [LayoutElement]?) -> [(String, JSONValue)] {
        let result = run.result
        var members: [(String, JSONValue)] = []
        let orthogonal = result.orthogonalSections
        if !orthogonal.isEmpty {
            members.append(("orthogonal", .array(orthogonal.map { o in
                let offset = sectionOffsets[o.section] ?? .zero
                return .object(["section": .int(o.section), "frame": o.frame.json,
                                "contentSize": .array([.double(o.contentSize.width), .double(o.contentSize.height)]),
                                "offset": .array([.double(offset.x), .double(offset.y)])])
            })))
        }
        if let drawn {
            members.append(("visible", .array(drawn.compactMap { $0.category == .item ? $0.index : nil }.sorted().map { .int($0) })))
            members.append(("visibleElements", .array(drawn.filter { $0.category != .item }.map { $0.json(category: true) })))
            // Items whose look a section's visibleItemsHandler changed, as drawn.
            let styled = drawn.filter { $0.category == .item && ($0.alpha != 1 || $0.transform != .identity) }
            if !styled.isEmpty {
                members.append(("visibleItems", .array(styled.map { e in
                    var object = e.jsonObject(category: false)
                    object.removeValue(forKey: "kind")
                    return .object(object)
                })))
            }
        }
        return members
    }
}

extension LayoutElement {
    /// The element as `run --format json` prints it; `category` only where lists mix them.
    func json(category withCategory: Bool) -> JSONValue { .object(jsonObject(category: withCategory)) }

    func jsonObject(category withCategory: Bool) -> OrderedDictionary<String, JSONValue> {
        var object: OrderedDictionary<String, JSONValue> = [:]
        forEachJSONMember(category: withCategory) { object[$0.description] = $1 }
        return object
    }

    /// Appends the element's record, byte for byte what the pretty writer writes for
    /// `json(category:)` two levels deep, without building the object: one line, since every
    /// member is a scalar or the frame's four numbers. A document lists one record per section
    /// boundary and background, so a dictionary per record cost a third of writing a split
    /// layout of 100k sections. O(1).
    func appendJSONRecord(category withCategory: Bool, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        forEachJSONMember(category: withCategory) { key, value in
            if !first { out.append(contentsOf: ", ".utf8) }
            first = false
            // The keys are plain words: quoted as they are, with nothing to escape.
            out.append(UInt8(ascii: "\""))
            key.withUTF8Buffer { out.append(contentsOf: $0) }
            out.append(contentsOf: "\": ".utf8)
            JSONWriter.write(value, options: .pretty, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Calls `body(key, value)` for each member of the element's record, in the record's order.
    private func forEachJSONMember(category withCategory: Bool, _ body: (StaticString, JSONValue) -> Void) {
        if withCategory { body("category", .string(category.rawValue)) }
        body("kind", .string(kind))
        body("section", .int(section))
        if let index { body("index", .int(index)) }
        if groupLevel != 0 { body("groupLevel", .int(groupLevel)) }
        body("frame", frame.json)
        body("zIndex", .int(zIndex))
        if pinned { body("pinned", .bool(true)) }
        if pinned && pinEdge != .top { body("pinEdge", .string(pinEdge.rawValue)) }
        if let pinUntil { body("pinUntil", .double(pinUntil)) }
        if let label { body("label", .string(label)) }
        if isGlobal { body("global", .bool(true)) }
        if alpha != 1 { body("alpha", .double(alpha)) }
        if transform != .identity {
            body("scale", .double(transform.scale)); body("rotation", .double(transform.rotation))
            body("tx", .double(transform.tx)); body("ty", .double(transform.ty))
        }
    }
}

extension Rect {
    var json: JSONValue { .array([.double(x), .double(y), .double(width), .double(height)]) }

    /// Appends `x, y, width, height` as `json` lists them (without the brackets). O(1).
    func appendJSONNumbers(to out: inout [UInt8]) {
        JSONWriter.appendNumber(x, to: &out)
        out.append(contentsOf: ", ".utf8)
        JSONWriter.appendNumber(y, to: &out)
        out.append(contentsOf: ", ".utf8)
        JSONWriter.appendNumber(width, to: &out)
        out.append(contentsOf: ", ".utf8)
        JSONWriter.appendNumber(height, to: &out)
    }
}

extension LayoutResult {
    /// Where the content starts, for the JSON document and the page's data: only when that is
    /// not (0, 0), so every left-to-right document stays as it was. Right to left the content box
    /// is mirrored with the frames: wider than the viewport it starts left of 0 (the offsets run
    /// below 0), narrower it starts right of 0 (at the viewport width minus its own), so the
    /// reported origin and size always contain every frame.
    var reportedContentOrigin: Point? {
        contentOrigin == .zero ? nil : contentOrigin
    }
}
