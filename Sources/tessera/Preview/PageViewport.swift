import TesseraCore
import TesseraRender

/// The viewport sizes the preview's page draws: whole numbers from 1 to 100000 on each side, what
/// its W and H fields hold. A page's `hello` or `viewport` message is checked against them (page
/// messages are untrusted, and a side the fields could not hold, 0, 2.5, 1e6 or "NaN", is refused
/// with the range, not dropped without a word), and so is `--viewport`, which the page takes
/// as its size and sends back when it reconnects.
enum PageViewport {
    static let sides = 1...100_000
    /// What a side must be, as every refusal says it.
    static let expectedSide = "whole numbers from \(NumberText.grouped(sides.lowerBound)) to \(NumberText.grouped(sides.upperBound))"

    /// `value` as a side the page draws, or nil. O(1).
    static func side(_ value: Double?) -> Int? { value.flatMap { Int(whole: $0, in: sides) } }

    /// The size `message` (of `type` "hello" or "viewport") asks for; nil for a hello that
    /// names no side (the page takes `--viewport`'s until a size is chosen). O(1).
    /// - Throws: `PreviewMessageError` naming the range and what was sent.
    static func size(in message: JSONValue, type: String) throws(PreviewMessageError) -> Size? {
        let w = message["w"], h = message["h"]
        if type == "hello" && w == nil && h == nil { return nil }
        guard let width = side(w?.number), let height = side(h?.number) else {
            throw PreviewMessageError("\(type): expected w and h to be \(expectedSide), "
                                      + "got w \(w?.briefDescription ?? "nothing"), h \(h?.briefDescription ?? "nothing")")
        }
        return Size(width: Double(width), height: Double(height))
    }
}
