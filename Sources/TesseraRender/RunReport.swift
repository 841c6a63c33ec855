import OrderedCollections
import TesseraCore

/// The `run --format json` document (SPEC §9): viewport, contentSize, items in flattened order,
/// supplementaries, and `visible` when a viewport offset was given. Frames are printed as drawn
/// in that viewport (a pinned sticky header at its pinned place), so `visible` is exactly the set
/// of printed frames that overlap the viewport.
public struct RunReport {
    public var run: LayoutRun
    public var viewport: Rect?

    public init(run: LayoutRun, viewport: Rect?) {
        self.run = run; self.viewport = viewport
    }

    public func document() -> JSONValue {
        let result = run.result
        let dataset = run.dataset
        var items: [JSONValue] = []
        items.reserveCapacity(result.count)
        for i in 0..<result.count {
            let section = dataset.sectionIndex(containing: i)
            let frame = result.drawnFrame(at: i, viewport: viewport)
            let id = i < dataset.count ? dataset.items[i].id.jsonValue : .int(i)
            items.append(.object(["id": id, "section": .int(section), "frame": frame.json]))
        }
        var doc: OrderedDictionary<String, JSONValue> = [
            "viewport": .array([.double(run.viewport.width), .double(run.viewport.height)]),
            "contentSize": .array([.double(result.contentSize.width), .double(result.contentSize.height)]),
            "items": .array(items),
            "supplementaries": .array(result.supplementaries.map {
                .object(["kind": .string($0.kind), "section": .int($0.section), "frame": $0.frame.json])
            }),
        ]
        if let viewport {
            doc["visible"] = .array(result.visible(in: viewport).map { .int($0) })
        }
        return .object(doc)
    }

    public func json() -> String { JSONWriter.write(document(), options: .pretty) }
}

extension Rect {
    var json: JSONValue { .array([.double(x), .double(y), .double(width), .double(height)]) }
}
