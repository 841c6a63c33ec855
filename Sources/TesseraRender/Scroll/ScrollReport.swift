import OrderedCollections
import TesseraCore

/// `tessera scroll --format json`: `{"steps": [{"offset": [x, y], "visible":, "inserted": [...],
/// "deleted": [...], "us":}], "summary": {"created":, "reused":, "maxVisible":, "medianUs":,
/// "p99Us":}}`, compact; a step where elements entered or left adds `"elements": {"inserted":
/// [...], "deleted": [...]}`, each `{"category":, "kind":, "section":}` (and `"index"` for a
/// badge). Ids are typed as the data gives them. A run that measured its views (`--measured`)
/// adds `"adjust": [dx, dy]` to a step whose passes moved the offset, `"jump"` to a step whose
/// watched cell moved on screen, and `"maxJump"` to the summary. Written step by step.
package struct ScrollReport {
    package var run: ScrollRun

    package init(run: ScrollRun) { self.run = run }

    /// Writes the document, one step at a time. O(steps) time; memory O(one step).
    package func write(to out: BufferedWriter) {
        out.append("{\"steps\":[")
        for (k, step) in run.steps.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.withBuffer { JSONWriter.write(Self.json(step), into: &$0) }
        }
        out.append("],\"summary\":")
        out.withBuffer { JSONWriter.write(summary, into: &$0) }
        out.append(UInt8(ascii: "}"))
    }

    /// The `--format text` report (`ScrollRunText`).
    package var text: String { ScrollRunText.render(run) }

    private var summary: JSONValue {
        var fields: OrderedDictionary<String, JSONValue> = [
            "created": .int(run.stats.created), "reused": .int(run.stats.reused), "maxVisible": .int(run.maxVisible),
            "medianUs": .double(Self.rounded(run.medianMicroseconds)), "p99Us": .double(Self.rounded(run.p99Microseconds)),
        ]
        if run.isMeasured { fields["maxJump"] = .double(run.maxJump) }
        return .object(fields)
    }

    static func json(_ s: ScrollRun.Step) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("offset", .array([.double(s.offset.x), .double(s.offset.y)])), ("visible", .int(s.visible)),
            ("inserted", .array(s.inserted.map(\.jsonValue))), ("deleted", .array(s.deleted.map(\.jsonValue))),
        ]
        if !s.elementsInserted.isEmpty || !s.elementsDeleted.isEmpty {
            fields.append(("elements", .object(["inserted": .array(s.elementsInserted.map(json)),
                                                "deleted": .array(s.elementsDeleted.map(json))])))
        }
        if let a = s.adjust { fields.append(("adjust", .array([.double(a.x), .double(a.y)]))) }
        if s.jump != 0 { fields.append(("jump", .double(s.jump))) }
        fields.append(("us", .double(rounded(s.microseconds))))
        return .object(.init(uniqueKeysWithValues: fields))
    }

    static func json(_ ref: ScrollRun.ElementRef) -> JSONValue {
        var fields: [(String, JSONValue)] = [("category", .string(ref.category.rawValue)), ("kind", .string(ref.kind)),
                                             ("section", .int(ref.section))]
        if let index = ref.index { fields.append(("index", .int(index))) }
        return .object(.init(uniqueKeysWithValues: fields))
    }

    /// Times to a tenth of a microsecond: the clock is no finer than that.
    static func rounded(_ us: Double) -> Double { (us * 10).rounded() / 10 }
}
