/// A layout is a configuration: laying it out against a context gives an immutable result.
///
/// Layouts hold no state between calls. Everything a caller needs afterwards (frames, content
/// size, the spatial index) lives in the returned `LayoutResult`.
public protocol Layout {
    /// Lays out every item of `context`. Throws `LayoutError` for invalid parameters or frames.
    func layout(_ context: LayoutContext) throws -> any LayoutResult
}

/// A supplementary element (a header, a footer, a background), for layouts that have them.
public struct Supplementary: Hashable, Sendable {
    public var kind: String
    public var section: Int
    public var frame: Rect
    public init(kind: String, section: Int, frame: Rect) {
        self.kind = kind; self.section = section; self.frame = frame
    }
}

/// The outcome of a layout pass: an immutable value that answers frame and visibility queries.
///
/// `frame(at:)` and `visible(in:)` have no hidden state: the same question always gets the same
/// answer. Layouts whose frames depend on the viewport (sticky headers) say so through
/// `frame(at:viewport:)`, which takes the viewport as an argument instead of remembering it.
public protocol LayoutResult {
    /// Number of items laid out.
    var count: Int { get }
    /// Size of the scrollable content.
    var contentSize: Size { get }
    /// Item `index`'s resting frame (before any viewport-dependent pinning).
    func frame(at index: Int) -> Rect
    /// Every item whose frame (as shown in `rect`) overlaps `rect` with a positive area,
    /// in ascending flattened order.
    func visible(in rect: Rect) -> [Int]
    /// Item `index`'s frame as drawn when the viewport is `viewport` (sticky headers pin).
    func frame(at index: Int, viewport: Rect) -> Rect
    /// Supplementary elements (headers, footers), in content coordinates.
    var supplementaries: [Supplementary] { get }
}

extension LayoutResult {
    public func frame(at index: Int, viewport: Rect) -> Rect { frame(at: index) }
    public var supplementaries: [Supplementary] { [] }

    /// Item `index`'s frame as drawn: pinned for `viewport` when one is given, else resting.
    public func drawnFrame(at index: Int, viewport: Rect?) -> Rect {
        viewport.map { frame(at: index, viewport: $0) } ?? frame(at: index)
    }

    /// All resting frames, in flattened order. O(n).
    public var allFrames: [Rect] { (0..<count).map { frame(at: $0) } }
}

/// Why a layout could not be computed.
public struct LayoutError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    static func invalidFrame(_ index: Int, _ frame: Rect, layout: String) -> LayoutError {
        LayoutError("\(layout) layout produced an invalid frame \(frame) for item \(index); expected \(frame.frameRequirement)")
    }
}
