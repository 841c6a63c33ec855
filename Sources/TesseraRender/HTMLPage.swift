import TesseraCore

/// `run --format html`: a self-contained page that can be scrolled; the viewport-sized window
/// shows the layout, and a status line lists the items visible at the current scroll offset.
public struct HTMLPage {
    public var run: LayoutRun
    public var viewport: Rect?

    public init(run: LayoutRun, viewport: Rect?) {
        self.run = run; self.viewport = viewport
    }

    public func render() -> String {
        let frames = run.result.allFrames
        let data = JSONWriter.write(.array(frames.map { $0.json }))
        let ids = JSONWriter.write(.array((0..<frames.count).map {
            .string($0 < run.dataset.count ? run.dataset.items[$0].id.description : String($0))
        }))
        let content = run.result.contentSize
        return """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>\(escape(run.layoutName)) - tessera</title>
        <style>
        body { font-family: sans-serif; margin: 16px; }
        #view { width: \(fmt(run.viewport.width))px; height: \(fmt(run.viewport.height))px; overflow: auto;
                border: 2px solid #d0021b; position: relative; background: #fff; }
        #content { position: relative; width: \(fmt(content.width))px; height: \(fmt(content.height))px; }
        .item { position: absolute; box-sizing: border-box; background: #8fb3d9; border: 1px solid #3d6a99;
                font-size: 10px; overflow: hidden; }
        </style></head>
        <body>
        <p>\(escape(run.layoutName)): \(frames.count) items, content \(fmt(content.width)) x \(fmt(content.height)). <span id="status"></span></p>
        <div id="view"><div id="content"></div></div>
        <script>
        const frames = \(data);
        const ids = \(ids);
        const content = document.getElementById('content');
        const view = document.getElementById('view');
        frames.forEach((f, i) => {
          const d = document.createElement('div');
          d.className = 'item';
          d.style.left = f[0] + 'px'; d.style.top = f[1] + 'px';
          d.style.width = f[2] + 'px'; d.style.height = f[3] + 'px';
          d.title = i + ': ' + ids[i];
          if (frames.length <= 2000) d.textContent = ids[i];
          content.appendChild(d);
        });
        function status() {
          const x = view.scrollLeft, y = view.scrollTop, w = view.clientWidth, h = view.clientHeight;
          let n = 0;
          frames.forEach(f => { if (f[0] < x + w && x < f[0] + f[2] && f[1] < y + h && y < f[1] + f[3]) n++; });
          document.getElementById('status').textContent = 'offset ' + x + ',' + y + ': ' + n + ' visible';
        }
        view.addEventListener('scroll', status);
        view.scrollTo(\(fmt(viewport?.x ?? 0)), \(fmt(viewport?.y ?? 0)));
        status();
        </script>
        </body></html>
        """
    }
}
