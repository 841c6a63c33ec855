import OrderedCollections
import TesseraCore

/// `animate --format html`: a self-contained page that plays a timeline. Each item view is a
/// labelled card inside a viewport-sized window, each header or footer a bar with its section's
/// title, each background a dashed box; play, pause, a scrubber and a speed menu drive it, and
/// `#t=T` in the address opens it paused at time T.
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
            (Self.key(view: t.view, id: t.id.description), labels?.label(view: t.view, element: t.element, leaving: t.event == .delete) ?? t.id.description,
             classes(t.element, Self.role(of: t)))
        }
        let still = timeline.still.map { s in
            (Self.key(view: s.view, id: s.id.description), labels?.label(view: s.view, element: s.element, leaving: false) ?? s.id.description,
             classes(s.element, "still"))
        }
        return tracked + still
    }

    /// The page's data: the cards, then per sample time the views drawn, bottom first, each
    /// `[key, x, y, w, h, alpha, scale, rotation, tx, ty]`.
    func data() throws -> String {
        var cardFields: OrderedDictionary<String, JSONValue> = [:]
        for card in cards() { cardFields[card.key] = .array([.string(card.label), .string(card.classes)]) }
        let samples: [JSONValue] = try timeline.sampleTimes(fps: fps).map { time in
            .object(["t": .double(time), "views": .array(timeline.sample(at: time).map { v in
                let f = v.state.frame
                return .array([.string(Self.key(view: v.view, id: v.id.description))] + [f.x, f.y, f.width, f.height, v.state.alpha,
                              v.state.scale, v.state.rotation, v.state.tx, v.state.ty].map(JSONValue.double))
            })])
        }
        // Escaped by the page rule, so no label can close the script.
        return PageText.scriptJSON(.object(["duration": .double(timeline.duration), "cards": .object(cardFields),
                                            "samples": .array(samples)]))
    }

    /// Throws when the samples at `fps` would be too many (`Timeline.sampleTimes(fps:)`).
    public func render() throws -> String {
        let data = try data()
        let moved = timeline.tracks.filter { $0.element == nil && $0.movesFrame }.count
        let elements = timeline.tracks.filter { $0.element != nil }.count + timeline.still.filter { $0.element != nil }.count
        return """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>\(PageText.markup(title)) - tessera animate</title>
        <style>
        body { font-family: sans-serif; margin: 16px; background: #f4f4f4; }
        #controls { margin-bottom: 8px; display: flex; gap: 8px; align-items: center; }
        #scrubber { width: 320px; }
        #view { width: \(fmt(viewport.width))px; height: \(fmt(viewport.height))px; overflow: hidden;
                border: 2px solid #d0021b; position: relative; background: #fff; }
        .card, .element { position: absolute; box-sizing: border-box; font-size: 11px; overflow: hidden;
                transform-origin: 50% 50%; padding: 2px; white-space: nowrap; }
        .card { background: #8fb3d9; border: 1px solid #3d6a99; border-radius: 4px; }
        .card.insert { background: #9fd89f; border-color: #2e7d32; }
        .card.delete { background: #f2a5a5; border-color: #b71c1c; }
        .card.move { background: #f7d58b; border-color: #a66d00; }
        .element.supplementary { background: #444; color: #fff; font-weight: bold; font-size: 13px; padding: 6px 8px;
                border: 2px solid #444; }
        .element.decoration { background: rgba(155, 89, 182, 0.12); border: 2px dashed #8e44ad; }
        .element.insert { border-color: #2e7d32; border-style: solid; }
        .element.delete { border-color: #b71c1c; border-style: solid; }
        .element.move { border-color: #e0a100; border-style: solid; }
        </style></head>
        <body>
        <div id="controls">
          <button id="play">Play</button>
          <input id="scrubber" type="range" min="0" max="1000" value="0">
          <select id="speed"><option value="0.25">0.25x</option><option value="0.5">0.5x</option>
            <option value="1" selected>1x</option><option value="2">2x</option></select>
          <span id="time"></span>
        </div>
        <div id="view"></div>
        <p>\(PageText.markup(title)): \(timeline.tracks.filter { $0.element == nil }.count) tracks over \(fmt(timeline.duration)) s, \(moved) cards moved, \(elements) headers, footers and backgrounds;
        green cards enter, red leave, yellow move (their frame changes); dark bars are headers and footers, dashed boxes
        backgrounds, outlined in the same colours when they enter, leave or move.</p>
        <script>
        const timeline = \(data);
        const offset = [\(fmt(viewport.x)), \(fmt(viewport.y))];
        const view = document.getElementById('view'), scrubber = document.getElementById('scrubber');
        const timeText = document.getElementById('time'), playButton = document.getElementById('play');
        const cards = {};
        let time = 0, playing = false, last = null;
        function sampleAt(t) {
          let chosen = timeline.samples[0];
          for (const s of timeline.samples) { if (s.t <= t + 1e-9) chosen = s; else break; }
          return chosen;
        }
        function draw() {
          const sample = sampleAt(time), seen = {};
          // Drawn bottom first: the stacking order is the position in the sample.
          sample.views.forEach((v, position) => {
            const key = v[0];
            seen[key] = true;
            let card = cards[key];
            if (!card) {
              const info = timeline.cards[key] || [key, 'card still'];
              card = document.createElement('div');
              card.className = info[1];
              card.textContent = info[0];
              card.dataset.key = key;
              view.appendChild(card);
              cards[key] = card;
            }
            card.style.display = '';
            card.style.left = (v[1] - offset[0]) + 'px';
            card.style.top = (v[2] - offset[1]) + 'px';
            card.style.width = v[3] + 'px';
            card.style.height = v[4] + 'px';
            card.style.opacity = v[5];
            card.style.zIndex = position + 1;
            card.style.transform = 'translate(' + v[8] + 'px,' + v[9] + 'px) rotate(' + v[7] + 'rad) scale(' + v[6] + ')';
          });
          for (const key in cards) { if (!seen[key]) cards[key].style.display = 'none'; }
          scrubber.value = timeline.duration > 0 ? Math.round(1000 * time / timeline.duration) : 0;
          timeText.textContent = 't = ' + time.toFixed(3) + ' s / ' + timeline.duration.toFixed(3) + ' s';
        }
        function tick(now) {
          if (!playing) return;
          if (last !== null) time += (now - last) / 1000 * parseFloat(document.getElementById('speed').value);
          last = now;
          if (time >= timeline.duration) { time = timeline.duration; playing = false; playButton.textContent = 'Play'; }
          draw();
          if (playing) requestAnimationFrame(tick);
        }
        playButton.onclick = () => {
          playing = !playing;
          playButton.textContent = playing ? 'Pause' : 'Play';
          if (playing) { if (time >= timeline.duration) time = 0; last = null; requestAnimationFrame(tick); }
        };
        scrubber.oninput = () => { playing = false; playButton.textContent = 'Play'; time = timeline.duration * scrubber.value / 1000; draw(); };
        const match = /t=([0-9.]+)/.exec(location.hash);
        if (match) time = Math.min(parseFloat(match[1]), timeline.duration);
        draw();
        </script>
        </body></html>
        """
    }
}
