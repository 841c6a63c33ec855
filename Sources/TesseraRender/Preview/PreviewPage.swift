import Foundation

/// `tessera preview`'s page: one self-contained HTML document (inline style and script, no
/// external request), served by the CLI and fed over a WebSocket by `PreviewUpdate` messages.
///
/// It draws as `HTMLPage` does: the frames go into flat arrays and a uniform grid; on every
/// scroll only what lies within half a viewport of the visible rectangle gets DOM nodes
/// (recycled), pinned elements sit at their pinned place for the offset, and each shelf
/// (orthogonal section) is a scroll box of its own with its own index. Unlike that page it
/// is re-fed: each generation replaces the arrays, and the page keeps its own state across
/// generations and in its address (`#w=375&h=812&y=300&s1=345&sel=ID&ov=boxes`): the
/// viewport size, the offsets (anchored on the selected item, else the first visible one:
/// the anchor keeps its place in the viewport when items above it move), shelf offsets, the
/// selection and the overlays. A failed generation leaves the last good picture dimmed under
/// a non-modal error panel; a message the server refuses is said in a line under the status
/// line. A lost connection reconnects with the state the page holds.
///
/// With `--measure` (`measureScript`) it draws each item's text, measures it and sends the
/// heights back; a generation made from them carries the engine's adjustment, which the page
/// takes when it has not scrolled since it measured (else it keeps its first visible item).
///
/// After drawing a generation the page reports it painted (after two animation frames) with
/// its wall-clock time, which `tessera bench preview` compares with the time of the save.
///
/// The page may hold the server's last good pass (its id table's and its frame's messages, in
/// base64), which it draws as it loads, before its socket answers: a screenshot, or a slow
/// connection, shows the layout at once. The socket brings that generation again, and the page
/// draws it as any frame (measured, inspected, reported painted: the server hears of no paint
/// before its socket).
///
/// The page is Pages/preview-page.html with its pieces (`PageFiles`).
package enum PreviewPage {
    /// The page whose W and H fields, and the sizes it asks for and keeps in its address, go up
    /// to `largestSide` (the server's bound on a viewport's side, which the page takes from here
    /// and writes nowhere itself), holding `firstPass` to draw: the id table's and the frame's
    /// messages, which go in as base64.
    ///
    /// Built as the UTF-8 bytes the server sends, into one buffer of the page's exact size, the
    /// pass encoded into it a piece at a time: building a page of megabytes holds that page and
    /// little more (a page built as text, then bytes, held about three times its size). O(page).
    public static func page(largestSide: Int, firstPass: (ids: Data, frame: Data)? = nil) -> Data {
        let template = PageTemplate(file: "preview-page.html")
        let side = String(largestSide)
        let encoded = { (data: Data?) in ((data?.count ?? 0) + 2) / 3 * 4 }
        let filledLength = template.markers.reduce(template.fixedLength) { length, marker in
            switch marker {
            case "largestside": length + side.utf8.count
            case "first-ids": length + encoded(firstPass?.ids)
            case "first-frame": length + encoded(firstPass?.frame)
            default: length
            }
        }
        var page = Data()
        page.reserveCapacity(filledLength)
        let writer = BufferedWriter { if let base = $0.baseAddress { page.append(base.assumingMemoryBound(to: UInt8.self), count: $0.count) } }
        template.write(to: writer) { marker in
            switch marker {
            case "largestside": writer.append(side)
            case "first-ids": firstPass.map { appendBase64($0.ids, to: writer) }
            case "first-frame": firstPass.map { appendBase64($0.frame, to: writer) }
            default: break
            }
        }
        try? writer.finish()   // its drain does not throw
        return page
    }

    /// The page without a pass, as text.
    public static func html(largestSide: Int) -> String { String(decoding: page(largestSide: largestSide), as: UTF8.self) }

    /// `data` in base64, encoded 48 KB at a time (whole groups of 3 bytes, so the pieces join).
    private static func appendBase64(_ data: Data, to writer: BufferedWriter) {
        let piece = 3 << 14
        var start = data.startIndex
        while start < data.endIndex {
            let end = min(start + piece, data.endIndex)
            writer.append(contentsOf: data[start..<end].base64EncodedData())
            start = end
        }
    }

    /// The page `--open` hands the browser instead of the tokened address (open-page.html): a
    /// redirect to `address`, ending with a newline.
    public static func opener(address: String) -> String {
        PageTemplate(file: "open-page.html").filled(["address": PageText.markup(address)]) + "\n"
    }
}
