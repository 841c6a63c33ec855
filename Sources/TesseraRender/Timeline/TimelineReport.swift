import OrderedCollections
import TesseraCore

/// `tessera animate --format json`: `{"viewport": [w, h], "offset": [x, y], "duration":,
/// "tracks": [...]}`, compact: the item views' tracks, then, when the timeline has
/// supplementaries or decorations, `"elements"`: their tracks, in the same shape plus
/// `category`, `kind` and `section`. With `fps`, `"samples"`: at each sample time every present
/// item view's state (`"views"`) and every element's (`"elements"`), each list in drawing order.
/// `offset` is the content offset the reload was played at. Written sample by sample.
package struct TimelineReport {
    package var timeline: Timeline
    package var viewport: Size
    package var offset: Point
    package var fps: Double?

    package init(timeline: Timeline, viewport: Size, offset: Point = .zero, fps: Double? = nil) {
        self.timeline = timeline; self.viewport = viewport; self.offset = offset; self.fps = fps
    }

    /// The whole document as a value (what `write(to:)` writes).
    /// - Throws: when the samples would be too many (`Timeline.sampleTimes(fps:)`).
    package func json() throws(AnimationFormatError) -> JSONValue {
        var object = head
        let elements = hasElements
        if let fps { object["samples"] = .array(try timeline.sampleTimes(fps: fps).map { sample($0, elements: elements) }) }
        return .object(object)
    }

    /// Writes the document, one sample at a time; the sample count is checked before the first
    /// byte. O(output) time; memory O(one sample).
    package func write(to out: BufferedWriter) throws(AnimationFormatError) {
        let times = try fps.map { fps throws(AnimationFormatError) in try timeline.sampleTimes(fps: fps) }
        var text: [UInt8] = []
        JSONWriter.write(.object(head), into: &text)
        guard let times else { return out.append(contentsOf: text) }
        let elements = hasElements
        out.append(contentsOf: text.dropLast())   // the closing brace comes after the samples
        out.append(",\"samples\":[")
        for (k, time) in times.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.withBuffer { JSONWriter.write(sample(time, elements: elements), into: &$0) }
        }
        out.append("]}")
    }

    private var hasElements: Bool {
        timeline.tracks.contains { $0.element != nil } || timeline.still.contains { $0.element != nil }
    }

    /// Everything before the samples.
    private var head: OrderedDictionary<String, JSONValue> {
        var object: OrderedDictionary<String, JSONValue> = [
            "viewport": .array([.double(viewport.width), .double(viewport.height)]),
            "offset": .array([.double(offset.x), .double(offset.y)]),
            "duration": .double(timeline.duration),
            "tracks": .array(timeline.tracks.filter { $0.element == nil }.map(\.json)),
        ]
        if hasElements { object["elements"] = .array(timeline.tracks.filter { $0.element != nil }.map(\.json)) }
        return object
    }

    private func sample(_ time: Double, elements hasElements: Bool) -> JSONValue {
        let drawn = timeline.sample(at: time)
        var fields: OrderedDictionary<String, JSONValue> = [
            "t": .double(time), "views": .array(drawn.filter { $0.element == nil }.map(\.json))]
        if hasElements { fields["elements"] = .array(drawn.filter { $0.element != nil }.map(\.json)) }
        return .object(fields)
    }
}
