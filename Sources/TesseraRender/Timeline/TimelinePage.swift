import OrderedCollections
import TesseraCore

/// `animate --format html`: a self-contained page that plays a timeline. Each item view is a
/// labelled card inside a viewport-sized window, each header or footer a bar with its section's
/// title, each background a dashed box; play, pause, a scrubber and a speed menu drive it, and
/// `#t=T` in the address opens it paused at time T. The page is Pages/animate-page.html; its
/// player, timeline-player.js, is the one `tessera preview` plays a save with.
///
/// The page carries the timeline's samples (computed in Swift, every curve evaluated there) and
/// shows, at time T, the sample at or before T, in the sample's drawing order, so it draws
/// exactly what the JSON output says. A card is coloured by what the pass did to it: green when
/// it enters, red when it leaves, yellow when its frame changes (a view that only changed index
/// or data keeps the still colour); an element is outlined in those colours.
package struct TimelinePage {
    public var title: String
    public var timeline: Timeline
    public var viewport: Rect
    public var fps: Double
    public var labels: TimelineLabels?

    public init(title: String, timeline: Timeline, viewport: Rect, fps: Double = 60, labels: TimelineLabels? = nil) {
        self.title = title; self.timeline = timeline; self.viewport = viewport; self.fps = fps; self.labels = labels
    }

    /// The page's key for a view: its number and identifier (a leaving view's number may be
    /// taken by an entering one in the same pass).
    static func key(view: Int, id: String) -> String { "\(view):\(id)" }

    /// How the page colours a track's view: `insert`, `delete`, `move` (its frame changed) or
    /// `still`.
    public static func role(of track: AnimationTrack) -> String {
        switch track.event {
        case .insert: return "insert"
        case .delete: return "delete"
        default: return track.movesFrame ? "move" : "still"
        }
    }

    /// Every view's card: key, label, classes (`card` or `element <category> <kind>`, then its
    /// role). O(views).
    func cards() -> [(key: String, label: String, classes: String)] {
        func classes(_ element: AnimatedElement?, _ role: String) -> String {
            guard let element else { return "card \(role)" }
            return "element \(element.category.rawValue) \(role)"
        }
        let tracked = timeline.tracks.map { t in
            (Self.key(view: t.view, id: t.id.description), labels?.label(view: t.view, id: t.id, element: t.element, leaving: t.event == .delete) ?? bidiControlsShown(t.id.description),
             classes(t.element, Self.role(of: t)))
        }
        let still = timeline.still.map { s in
            (Self.key(view: s.view, id: s.id.description), labels?.label(view: s.view, id: s.id, element: s.element, leaving: false) ?? bidiControlsShown(s.id.description),
             classes(s.element, "still"))
        }
        return tracked + still
    }

    /// Writes the page's data as it goes: `{"duration": …, "cards": {…}, "samples": [{"t": …,
    /// "views": […]}, …]}`, the views of a sample drawn bottom first, each `[key, x, y, w, h,
    /// alpha, scale, rotation, tx, ty]`, escaped by the page rule so no label can close the
    /// script. One sample's JSON exists at a time, never the whole array.
    private func writeData(sampledAt times: [Double], to out: BufferedWriter) {
        var cardFields: OrderedDictionary<String, JSONValue> = [:]
        for card in cards() { cardFields[card.key] = .array([.string(card.label), .string(card.classes)]) }
        out.append("{\"duration\":")
        out.appendNumber(timeline.duration)
        out.append(",\"cards\":")
        out.append(PageText.scriptJSON(.object(cardFields)))
        out.append(",\"samples\":[")
        for (k, time) in times.enumerated() {
            if k > 0 { out.append(",") }
            let views: [JSONValue] = timeline.sample(at: time).map { v in
                let f = v.state.frame
                return .array([.string(Self.key(view: v.view, id: v.id.description))] + [f.x, f.y, f.width, f.height, v.state.alpha,
                              v.state.scale, v.state.rotation, v.state.tx, v.state.ty].map(JSONValue.double))
            }
            out.append(PageText.scriptJSON(.object(["t": .double(time), "views": .array(views)])))
        }
        out.append("]}")
    }

    /// The page's data as text (what `tessera preview` sends its player). Throws when the
    /// samples at `fps` would be too many (`Timeline.sampleTimes(fps:)`).
    func data() throws -> String {
        let times = try timeline.sampleTimes(fps: fps)
        return try BufferedWriter.text { writeData(sampledAt: times, to: $0) }
    }

    /// The whole page, in memory. Throws when the samples at `fps` would be too many
    /// (`Timeline.sampleTimes(fps:)`).
    public func render() throws -> String { try BufferedWriter.text { try write(to: $0) } }

    /// Writes the page as it goes. The sample times are worked out (and refused when too many)
    /// before the first byte, so a refused page writes nothing.
    /// - Complexity: O(samples · views) time; memory O(views) besides the writer's buffer.
    package func write(to out: BufferedWriter) throws {
        let times = try timeline.sampleTimes(fps: fps)
        let moved = timeline.tracks.filter { $0.element == nil && $0.movesFrame }.count
        let elements = timeline.tracks.filter { $0.element != nil }.count + timeline.still.filter { $0.element != nil }.count
        let title = PageText.markup(title)
        PageTemplate.animatePage.write(to: out) { marker in
            switch marker {
            case "title": out.append(title)
            case "viewport-width": out.append(NumberText.picture(viewport.width))
            case "viewport-height": out.append(NumberText.picture(viewport.height))
            case "tracks": out.append("\(timeline.tracks.filter { $0.element == nil }.count)")
            case "duration": out.append(NumberText.display(timeline.duration))
            case "moved": out.append("\(moved)")
            case "elements": out.append("\(elements)")
            case "timeline": writeData(sampledAt: times, to: out)
            case "offset-x": out.append(JSONWriter.format(viewport.x))   // data the page draws with: exact
            case "offset-y": out.append(JSONWriter.format(viewport.y))
            default: break
            }
        }
    }
}

extension PageTemplate {
    /// `animate --format html`'s page (animate-page.html).
    static let animatePage = PageTemplate(file: "animate-page.html")
}
