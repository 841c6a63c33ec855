import TesseraCore
import TesseraRender

/// The viewport a page's `hello` or `viewport` message asks for, checked: page messages are
/// untrusted, and a side the page's own W and H fields could not hold (0, 2.5, 1e6, "NaN") is
/// refused with the range, not dropped without a word.
enum PageViewport {
    /// The size `message` (of `type` "hello" or "viewport") asks for; nil for a hello that
    /// names no side (the page takes `--viewport`'s until a size is chosen). O(1).
    /// - Throws: `PreviewMessageError` naming the range and what was sent.
    static func size(in message: JSONValue, type: String) throws(PreviewMessageError) -> Size? {
        let w = message["w"], h = message["h"]
        if type == "hello" && w == nil && h == nil { return nil }
        let sides = Int(PreviewSession.viewportSides.lowerBound)...Int(PreviewSession.viewportSides.upperBound)
        guard let width = w?.number.flatMap({ Int(whole: $0, in: sides) }),
              let height = h?.number.flatMap({ Int(whole: $0, in: sides) }) else {
            throw PreviewMessageError("\(type): expected w and h to be whole numbers from \(sides.lowerBound) to \(sides.upperBound), "
                                      + "got w \(w?.briefDescription ?? "nothing"), h \(h?.briefDescription ?? "nothing")")
        }
        return Size(width: Double(width), height: Double(height))
    }
}
