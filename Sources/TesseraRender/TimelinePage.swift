import TesseraCore

/// `animate --format html`: a self-contained page that plays a timeline. Each view is a labelled
/// card inside a viewport-sized window; play, pause, a scrubber and a speed menu drive it, and
/// `#t=T` in the address opens it paused at time T.
///
/// The page carries the timeline's samples (computed in Swift, every curve evaluated there) and
/// shows, at time T, the sample at or before T, so it draws exactly what the JSON output says.
public struct TimelinePage {
    public var title: String
    public var timeline: Timeline
    public var viewport: Rect
    public var fps: Double

    public init(title: String, timeline: Timeline, viewport: Rect, fps: Double = 60) {
        self.title = title; self.timeline = timeline; self.viewport = viewport; self.fps = fps
    }

    /// Throws when the samples at `fps` would be too many (`Timeline.sampleTimes(fps:)`).
    public func render() throws -> String {
        let data = PageText.scriptJSON(try timeline.json(viewport: viewport.size, fps: fps))
        return """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>\(PageText.markup(title)) - tessera animate</title>
        <style>
        body { font-family: sans-serif; margin: 16px; background: #f4f4f4; }
        #controls { margin-bottom: 8px; display: flex; gap: 8px; align-items: center; }
        #scrubber { width: 320px; }
        #view { width: \(fmt(viewport.width))px; height: \(fmt(viewport.height))px; overflow: hidden;
                border: 2px solid #d0021b; position: relative; background: #fff; }
        .card { position: absolute; box-sizing: border-box; background: #8fb3d9; border: 1px solid #3d6a99;
                border-radius: 4px; font-size: 11px; overflow: hidden; transform-origin: 50% 50%; padding: 2px; }
        .card.insert { background: #9fd89f; border-color: #2e7d32; }
        .card.delete { background: #f2a5a5; border-color: #b71c1c; }
        .card.update, .card.move { background: #f7d58b; border-color: #a66d00; }
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
        <p>\(PageText.markup(title)): \(timeline.tracks.count) tracks over \(fmt(timeline.duration)) s; green cards enter, red leave, yellow move.</p>
        <script>
        const timeline = \(data);
        const offset = [\(fmt(viewport.x)), \(fmt(viewport.y))];
        const events = {};
        timeline.tracks.forEach(t => { events[t.view + ':' + t.id] = t.event; });
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
          for (const v of sample.views) {
            const key = v.view + ':' + v.id;
            seen[key] = true;
            let card = cards[key];
            if (!card) {
              card = document.createElement('div');
              card.className = 'card ' + (events[key] || 'still');
              card.textContent = v.id;
              view.appendChild(card);
              cards[key] = card;
            }
            const f = v.frame;
            card.style.display = '';
            card.style.left = (f[0] - offset[0]) + 'px';
            card.style.top = (f[1] - offset[1]) + 'px';
            card.style.width = f[2] + 'px';
            card.style.height = f[3] + 'px';
            card.style.opacity = v.alpha;
            card.style.zIndex = Math.round(v.zIndex * 10);
            card.style.transform = 'translate(' + v.tx + 'px,' + v.ty + 'px) rotate(' + v.rotation + 'rad) scale(' + v.scale + ')';
          }
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
