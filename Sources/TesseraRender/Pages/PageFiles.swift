/// The pages' HTML, CSS and JavaScript. They live in files of their own language beside this one
/// (`Pages/*.html`, `*.css`, `*.js`), where editors, linters and `node --check` read them, and
/// SwiftPM compiles them into the library (`.embedInCode` in Package.swift), so a program writes
/// a page without a checkout.
///
/// A page is a template (`PageTemplate`) that names the shared pieces it holds by file name:
/// - run-page.html (`HTMLPage`): page-layer.css, display-number.js, page-drawing.js (`PageDrawing`),
///   page-nodes.js (the drawing pass), run-overview.js (the overview strip), run-page.js (its
///   static data, the drawing pass's hooks, the scroll and the address).
/// - animate-page.html (`TimelinePage`): timeline-player.js, animate-page.js.
/// - preview-page.html (`PreviewPage`): page-layer.css, preview-measure.css, preview-socket.js
///   (the worker that holds the WebSocket, as text the page starts from a Blob URL), then one
///   script of display-number.js, timeline-player.js, page-drawing.js, page-nodes.js, preview-measure.js and the page's own files,
///   one concern each, in this order (each file's top-level code uses only what comes before it):
///   preview-state.js (the page's elements and helpers, `S` and the address, the current
///   generation `M` as flat arrays), preview-draw.js (its hooks into the drawing pass, the offset,
///   the status line), preview-gaps.js (the gaps overlay), preview-animation.js (a save
///   played with the animator), preview-problems.js (the problems overlay, "next problem"),
///   preview-inspector.js (selection, inspector, tooltip), preview-controls.js (the viewport's
///   size and fitting, the overlays' checkboxes), preview-params.js (the params' controls) and
///   preview-page.js (a new generation and its anchor, the error box, the connection, the start).
/// - snapshot-report.html (`SnapshotReportPage`): display-number.js (its counts) and snapshot-report.js.
/// - open-page.html (`PreviewPage.opener`): the redirect `tessera preview --open` opens.
///
/// page-nodes.js is the drawing pass both pages run on every scroll (`PageDrawing` tells
/// more): `describeDrawable` (a drawable's class and text), `drawNear` (nodes for what lies
/// near the viewport, recycled, in drawing order, labels clear of the titles) and
/// `drawShelfNear` (a shelf's cards near its offset). Each page passes its hooks: how a node is
/// dressed, placed and decorated, and its shelves' scroll boxes and offsets.
///
/// display-number.js is `displayNumber(v)`: a number as the pages show it in labels, tooltips and
/// the status line, by `NumberText.display`'s rule (the text output's and the svg picture's
/// captions and hover titles): at most two decimals; and `displayCount(n)`: a count (items,
/// nodes) with its digits grouped by commas, as `NumberText.grouped` writes it.
///
/// timeline-player.js plays a sampled timeline (the data `TimelinePage` writes) for `animate
/// --format html` and for the preview's saves: one way of showing a timeline.
/// `timelinePlayer(box, timeline, offset, ui)` draws into `box` (a viewport-sized element) the
/// sample at or before the current time, bottom first, each view at its frame minus the content
/// offset the timeline was played at, with its alpha and its transform (translate, rotate,
/// scale about its centre). The samples were computed in Swift with every curve, so the page
/// shows at a sample's time exactly that sample. `ui` holds the controls: `play`, `scrubber` (a
/// range over the sample indices), `speed` (a select of playback rates: slow motion below 1),
/// `time` (a text) and an optional `onChange` called after every draw and every play or pause.
/// The returned player has `time`, `index`, `playing`, `duration`, `elapsed` (wall-clock seconds
/// played, for a test comparing it with the time at a rate), `draw()`, `play()`, `pause()`,
/// `seek(k)`, `indexAt(t)` and `sample(k)`.
///
/// preview-measure.js is `--measure` in the preview page: an item whose data has `text` draws
/// it in a box of its laid-out width (the box's height is the text's, not the frame's, in
/// preview-measure.css's font); a `ResizeObserver` reports each box, and the heights that
/// differ from the laid-out ones go to the server as one `measure` message per animation frame,
/// one message in flight at a time (the next waits for the generation that answers it, so the
/// offset it carries belongs to the frames the server has). It counts the messages sent and the
/// generations whose offset the engine's adjustment set (the page had not scrolled since it
/// measured) or the page's own anchor. It uses the page's `M`, `S`, `send`, `idAt` and `ITEM`.
enum PageFiles {
    /// Every file by name. A file's text is its bytes without the final newline (each file
    /// ends with one; a page puts its pieces together line by line).
    static let named: [String: String] = [
        "page-layer.css": text(PackageResources.page_layer_css),
        "page-drawing.js": text(PackageResources.page_drawing_js),
        "page-nodes.js": text(PackageResources.page_nodes_js),
        "display-number.js": text(PackageResources.display_number_js),
        "run-page.html": text(PackageResources.run_page_html),
        "run-page.js": text(PackageResources.run_page_js),
        "run-overview.js": text(PackageResources.run_overview_js),
        "timeline-player.js": text(PackageResources.timeline_player_js),
        "animate-page.html": text(PackageResources.animate_page_html),
        "animate-page.js": text(PackageResources.animate_page_js),
        "preview-page.html": text(PackageResources.preview_page_html),
        "preview-state.js": text(PackageResources.preview_state_js),
        "preview-draw.js": text(PackageResources.preview_draw_js),
        "preview-gaps.js": text(PackageResources.preview_gaps_js),
        "preview-animation.js": text(PackageResources.preview_animation_js),
        "preview-problems.js": text(PackageResources.preview_problems_js),
        "preview-inspector.js": text(PackageResources.preview_inspector_js),
        "preview-controls.js": text(PackageResources.preview_controls_js),
        "preview-params.js": text(PackageResources.preview_params_js),
        "preview-page.js": text(PackageResources.preview_page_js),
        "preview-measure.css": text(PackageResources.preview_measure_css),
        "preview-measure.js": text(PackageResources.preview_measure_js),
        "preview-socket.js": text(PackageResources.preview_socket_js),
        "open-page.html": text(PackageResources.open_page_html),
        "snapshot-report.html": text(PackageResources.snapshot_report_html),
        "snapshot-report.js": text(PackageResources.snapshot_report_js),
    ]

    /// The file `name`'s text (a name from `named`; a missing one is a fault of this module, and
    /// `PageFilesTests` opens every page).
    static func file(_ name: String) -> String { named[name] ?? "" }

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
}
