/// What `tessera check` finds in a layout result: every frame must be finite with a
/// non-negative size (an error), and items that overlap, items outside the content bounds,
/// items a layout's own `visible` query misses, headers and footers covering items at rest and
/// pinned elements covering one another at some scroll offset are warnings (`Kind`). An item of a sideways-scrolling
/// (orthogonal) section is bounded by its scroller's content instead, placed at the scroller's
/// origin: a shelf's later items lie past the content width by design.
///
/// Frames are read once (a query that fails, as an analytic script's can, throws); overlaps come from a spatial index over them, so the check is
/// O(n log n + k) for k overlapping pairs (at most `overlapLimit`).
package struct LayoutCheck {
    /// Pairs (i, j), i < j, whose frames share a positive area, more than rounding on each axis
    /// (`sharesMoreThanRounding`).
    public private(set) var overlaps: [(Int, Int)] = []
    /// True when counting stopped at `overlapLimit` pairs.
    public private(set) var overlapsTruncated = false
    /// Items whose frame reaches outside the content box (`contentOrigin`, `contentSize`), or
    /// outside their orthogonal section's scrolling content.
    public private(set) var outside: [Int] = []
    /// For items of `outside` in an orthogonal section: that section's scrolling content at
    /// rest, in content coordinates (what bounded them).
    private var outsideScrolledContent: [Int: Rect] = [:]
    /// Items an analytic script's `visible` missed, with the rectangle asked.
    public private(set) var missedByVisible: [(Rect, [Int])] = []
    /// Section-level supplementaries (headers, footers; not badges) whose resting frame covers
    /// items, with those items: element index in `elements`, items ascending.
    public private(set) var covered: [(element: Int, items: [Int])] = []
    /// Pairs of pinned elements (indices in `elements`, first < second) drawn over each other
    /// at some scroll offset, with one such offset (the visible area's top for top pins, its
    /// bottom for bottom pins).
    public private(set) var pinnedOverlaps: [(Int, Int, at: Double)] = []
    /// Fields of the dataset's items one edit from a size field (`checkSizeFields(of:)`).
    package internal(set) var misspeltSizeFields: [MisspeltSizeField] = []
    /// The dataset's name, as the lines about its fields give it.
    var dataSource = ""
    /// The result's supplementaries and decorations at rest.
    public let elements: [LayoutElement]
    /// The frames read, in flattened order.
    public let frames: [Rect]
    public let contentSize: Size
    /// Where the content box starts: (0, 0) but for a layout mirrored right to left.
    public let contentOrigin: Point
    /// Item i's id, for messages (nil: items are named by index only).
    let id: ((Int) -> ItemID?)?

    /// Overlapping pairs are counted up to this many.
    public static let overlapLimit = 10_000

    /// Checks `result`.
    /// - Parameters:
    ///   - frame: reads item i's frame; `result.frame(at:)` unless a layout can fail there.
    ///   - visible: the layout's own rectangle query to compare with the frames (analytic
    ///     scripts answer `visible` themselves), or nil to skip that check.
    ///   - id: item i's id, so messages name items as `item 3 ("a")`.
    /// - Throws: `LayoutError` naming the first invalid frame's item (0-based, as the JSON
    ///   output counts), or what `frame` or `visible` throws.
    public init(result: any LayoutResult, frame: ((Int) throws -> Rect)? = nil,
                visible: ((Rect) throws -> [Int])? = nil, id: ((Int) -> ItemID?)? = nil) throws {
        self.id = id
        var frames: [Rect] = []
        frames.reserveCapacity(result.count)
        for i in 0..<result.count {
            let f = try frame?(i) ?? result.frame(at: i)
            guard f.isValidFrame else {
                throw LayoutError.invalidItemFrame(index: i, name: LayoutCheck.name(i, id), frame: f)
            }
            frames.append(f)
        }
        self.frames = frames
        contentSize = result.contentSize
        contentOrigin = result.contentOrigin
        let scrolledContent = Dictionary(result.orthogonalSections.map {
            ($0.section, Rect(x: $0.frame.x, y: $0.frame.y, width: $0.contentSize.width, height: $0.contentSize.height))
        }, uniquingKeysWith: { first, _ in first })

        let content = Rect(origin: contentOrigin, size: contentSize)
        for (i, f) in frames.enumerated() {
            let bounds = scrolledContent.isEmpty ? content : scrolledContent[try result.section(ofItem: i)] ?? content
            if Self.lies(f, outside: bounds) {
                outside.append(i)
                if bounds != content { outsideScrolledContent[i] = bounds }
            }
        }

        let index = SpatialIndex(frames: frames)
        scan: for (i, f) in frames.enumerated() where f.width > 0 && f.height > 0 {
            for j in index.query(f) where j > i && Self.sharesMoreThanRounding(f, frames[j]) {
                overlaps.append((i, j))
                if overlaps.count >= Self.overlapLimit { overlapsTruncated = true; break scan }
            }
        }

        elements = result.elements
        covered = Self.coveredItems(elements, index: index, frames: frames)
        pinnedOverlaps = try Self.pinnedOverlaps(elements, in: result)
        if let visible { try checkVisible(visible, index: index) }
    }

    /// True when two overlapping frames share more than rounding on both axes. Tiles laid on a
    /// grid (`x = column * step`, width `span * step`) meet at edges computed two ways, which may
    /// differ in the last bit: such neighbours touch, they do not overlap. The allowance is a
    /// billionth of the edge's magnitude (at least a billionth of a point), far below anything
    /// a screen shows.
    static func sharesMoreThanRounding(_ a: Rect, _ b: Rect) -> Bool {
        func shared(_ lo1: Double, _ hi1: Double, _ lo2: Double, _ hi2: Double) -> Bool {
            let lo = max(lo1, lo2), hi = min(hi1, hi2)
            return hi - lo > 1e-9 * max(1, abs(lo), abs(hi))
        }
        return shared(a.x, a.x + a.width, b.x, b.x + b.width) && shared(a.y, a.y + a.height, b.y, b.y + b.height)
    }

    /// Compares an analytic script's `visible` with the frames for a few viewport-sized
    /// rectangles down the content. O(samples · (k log n)).
    private mutating func checkVisible(_ visible: (Rect) throws -> [Int], index: SpatialIndex) throws {
        let height = max(1, min(contentSize.height, 812)), width = max(1, contentSize.width)
        let steps = 8
        for s in 0..<steps {
            let y = (contentSize.height - height) * Double(s) / Double(steps - 1)
            let rect = Rect(x: contentOrigin.x, y: contentOrigin.y + max(0, y), width: width, height: height)
            let seen = Set(try visible(rect))
            let missed = index.query(rect).filter { !seen.contains($0) }
            if !missed.isEmpty { missedByVisible.append((rect, missed)) }
        }
    }

    /// One line per warning, at most `limit` of each kind plus a "... n more" line per kind.
    /// Items are named by their 0-based index, as the JSON output counts them, and their id:
    /// `items 0 ("a") and 1 ("b") overlap: (0, 0, 10, 10) and (5, 5, 10, 10)`.
    public func warnings(limit: Int) -> [String] {
        var lines = sizeFieldWarnings(limit: limit) + overlapWarnings(limit: limit) + outsideWarnings(limit: limit)
            + elementWarnings(limit: limit)
        for (rect, missed) in missedByVisible.prefix(limit) {
            let list = missed.prefix(5).map(name).joined(separator: ", ") + (missed.count > 5 ? ", ..." : "")
            lines.append("visible\(rect.compact) missed \(NumberText.counted(missed.count, "item")) whose frames overlap it: \(list)")
        }
        return lines
    }

    /// The overlap lines of `warnings(limit:)`.
    public func overlapWarnings(limit: Int) -> [String] {
        var lines: [String] = []
        for (i, j) in overlaps.prefix(limit) {
            lines.append("items \(name(i)) and \(name(j)) overlap: \(frames[i].compact) and \(frames[j].compact)")
        }
        if overlaps.count > limit {
            lines.append("... \(NumberText.grouped(overlaps.count - limit))\(overlapsTruncated ? "+" : "") more overlapping pairs")
        }
        return lines
    }

    /// The lines of `warnings(limit:)` about items outside the content bounds.
    public func outsideWarnings(limit: Int) -> [String] {
        var lines: [String] = []
        for i in outside.prefix(limit) {
            if let shelf = outsideScrolledContent[i] {
                lines.append("item \(name(i)) at \(frames[i].compact) lies outside its section's scrolling content \(shelf.compact)")
            } else {
                lines.append("item \(name(i)) at \(frames[i].compact) lies outside the content bounds \(Self.extent(origin: contentOrigin, size: contentSize))")
            }
        }
        if outside.count > limit { lines.append("... \(NumberText.grouped(outside.count - limit)) more items outside the content bounds") }
        return lines
    }

    /// `3 ("a")` or `3 (17)`: item i's 0-based index and its id as JSON writes it.
    func name(_ i: Int) -> String { Self.name(i, id) }

    static func name(_ i: Int, _ id: ((Int) -> ItemID?)?) -> String {
        guard let itemID = id?(i) else { return String(i) }
        return "\(i) (\(JSONWriter.write(itemID.jsonValue)))"
    }

    /// A number for a person: at most two decimals, no trailing zeros, so float noise never
    /// shows (`375` for 374.99999999999994, `347.14`, `0.5`); `nan`, `inf` as they are.
    public static func number(_ v: Double) -> String {
        // -nan (what 0/0 gives on x86) is nan to a reader.
        guard v.isFinite else { return v.isNaN ? "nan" : v.description }
        return JSONWriter.format(rounded(v))
    }

    /// `v` to two decimals as the human lines show it (no `-0`); unchanged when not finite or
    /// too large for two decimals to mean anything (|v| ≥ 1e13).
    static func rounded(_ v: Double) -> Double {
        guard v.isFinite, abs(v) < 1e13 else { return v }
        let r = (v * 100).rounded() / 100
        return r == 0 ? 0 : r
    }

    /// `375x347.14`.
    public static func size(_ s: Size) -> String { "\(number(s.width))x\(number(s.height))" }

    /// Whether `frame` reaches outside `bounds` by more than rounding (1e-9): the one test of
    /// "outside the content" for items here and for elements in layout tests.
    public static func lies(_ frame: Rect, outside bounds: Rect) -> Bool {
        let slack = 1e-9
        return frame.minX < bounds.minX - slack || frame.minY < bounds.minY - slack
            || frame.maxX > bounds.maxX + slack || frame.maxY > bounds.maxY + slack
    }

    /// The content box for a person: its size (`255.02x180`), and where it starts when that is
    /// not (0, 0) (`255.02x180 at (119.98, 0)`, a narrow content mirrored right to left).
    public static func bounds(origin: Point, size s: Size) -> String {
        origin == .zero ? size(s) : "\(size(s)) at (\(number(origin.x)), \(number(origin.y)))"
    }

    /// The content box as a rectangle by its corners, `from (0, 0) to (211.5, 24)`: where a
    /// frame must lie, so a frame at y < 0 is plainly outside it.
    package static func extent(origin: Point, size s: Size) -> String {
        "from (\(number(origin.x)), \(number(origin.y))) to (\(number(origin.x + s.width)), \(number(origin.y + s.height)))"
    }

    /// Warnings found, counting each missed-visible rectangle once.
    public var warningCount: Int { Kind.allCases.reduce(0) { $0 + count(of: $1) } }
}

extension Double {
    /// `120`, `140.35`, and `nan` or `inf` for the values an invalid frame may hold.
    var compact: String { LayoutCheck.number(self) }
}

extension Rect {
    /// `(0, 10, 120, 140.35)`: the frame as the checker's messages show it.
    package var compact: String { "(\(x.compact), \(y.compact), \(width.compact), \(height.compact))" }
}
