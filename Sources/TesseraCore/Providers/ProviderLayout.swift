/// A provider laid out in one container size: its content size, and either its own items'
/// result or its sections placed at origins in its coordinates.
///
/// The tree mirrors the flattening order, so the engine can walk it once to get every item's
/// frame in flattened order (`flattenedResult()`).
public struct ProviderLayout {
    public enum Content {
        /// Items laid out by the provider's own layout, in its coordinates.
        case items(any LayoutResult)
        /// Sections, in flattening order.
        case parts([Part])
    }

    /// A section placed inside its parent. A sticky part is a one-item header pinned to the top of
    /// the viewport while the part after it (its section) is on screen.
    public struct Part {
        public var origin: Point
        public var layout: ProviderLayout
        public var sticky: Bool
    }

    public var contentSize: Size
    public var content: Content

    /// One result over every flattened item, in the root's coordinates; pinned headers pin per
    /// viewport. A root with its own items is returned as is (no copy of a million frames).
    /// - Complexity: O(1) for a single provider, else O(n) to gather frames plus the index build.
    public func flattenedResult() throws -> any LayoutResult {
        if case .items(let result) = content { return result }
        var frames: [Rect] = []
        var headers: [StickyResult.Header] = []
        try gather(at: .zero, into: &frames, headers: &headers)
        let base = try FramesResult(frames: frames, minimumContentSize: contentSize, layoutName: "provider")
        guard !headers.isEmpty else { return base }
        headers.sort { ($0.frame.minY, $0.index) < ($1.frame.minY, $1.index) }
        return StickyResult(base: base, headers: headers)
    }

    private func gather(at origin: Point, into frames: inout [Rect], headers: inout [StickyResult.Header]) throws {
        switch content {
        case .items(let result):
            frames.reserveCapacity(frames.count + result.count)
            for i in 0..<result.count { frames.append(try result.frame(at: i).offsetBy(dx: origin.x, dy: origin.y)) }
        case .parts(let parts):
            for (k, part) in parts.enumerated() {
                let o = Point(x: origin.x + part.origin.x, y: origin.y + part.origin.y)
                let first = frames.count
                try part.layout.gather(at: o, into: &frames, headers: &headers)
                guard part.sticky, frames.count == first + 1 else { continue }
                // The header is pushed up by the bottom of the section that follows it.
                var bottom = frames[first].maxY
                if k + 1 < parts.count {
                    let next = parts[k + 1]
                    bottom = max(bottom, origin.y + next.origin.y + next.layout.contentSize.height)
                }
                headers.append(.init(index: first, frame: frames[first], sectionBottom: bottom))
            }
        }
    }
}
