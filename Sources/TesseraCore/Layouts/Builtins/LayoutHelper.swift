/// How boxes share the free space along a line (CSS `justify-content`, CollectionKit's
/// `JustifyContent`). Raw values are the names Lua and `--param` use, so Lua strings map directly.
public enum JustifyContent: String, CaseIterable, Sendable {
    /// Packed at the start.
    case start
    /// Packed in the middle.
    case center
    /// Packed at the end.
    case end
    /// First and last boxes at the ends, equal gaps between.
    case spaceBetween
    /// Equal space around each box (half-size at the ends).
    case spaceAround
    /// Equal space between boxes and at both ends.
    case spaceEvenly
}

/// How lines share the free space across the container (CSS `align-content`): the
/// `JustifyContent` values plus `stretch`, which grows every line by an equal share.
public enum AlignContent: String, CaseIterable, Sendable {
    /// Packed at the start.
    case start
    /// Packed in the middle.
    case center
    /// Packed at the end.
    case end
    /// First and last lines at the ends, equal gaps between.
    case spaceBetween
    /// Equal space around each line (half-size at the ends).
    case spaceAround
    /// Equal space between lines and at both ends.
    case spaceEvenly
    /// Lines grow by an equal share of the free space.
    case stretch

    /// The same distribution as a justification (`stretch` has no counterpart).
    public init(_ justify: JustifyContent) {
        // A plain switch: FlowLayout converts once per line, and a raw-value lookup is a string search.
        switch justify {
        case .start: self = .start
        case .center: self = .center
        case .end: self = .end
        case .spaceBetween: self = .spaceBetween
        case .spaceAround: self = .spaceAround
        case .spaceEvenly: self = .spaceEvenly
        }
    }
}

/// Where a box sits across its line (CSS `align-items`, CollectionKit's `AlignItem`).
public enum AlignItems: String, CaseIterable, Sendable {
    /// At the line's start.
    case start
    /// Centred in the line.
    case center
    /// At the line's end.
    case end
    /// As tall as the line.
    case stretch
}

/// Which rulebook `distribute` follows.
public enum DistributionRule: String, CaseIterable, Sendable {
    /// CollectionKit's LayoutHelper: distributes only when the boxes and the minimum spacing fit
    /// strictly (`total + (n-1)·spacing < length`), otherwise start with `spacing`. The space-*
    /// values share the leftover *before* spacing, so their gap can fall below `spacing`.
    case collectionKit
    /// CSS Box Alignment as Chromium renders flexbox: free space is taken *after* the gaps, so a
    /// gap is never below `spacing`. With negative free space `center` and `end` overflow
    /// (unsafe: the offset goes negative) while the space-* values and `stretch` fall back to
    /// `start` (their fallbacks are *safe*). One box: `spaceBetween` is `start`,
    /// `spaceAround` and `spaceEvenly` centre it.
    case css
}

/// Where the first box starts, the gap between boxes, and what each box grows by.
public struct Distribution: Hashable, Sendable {
    /// Offset of the first box from the start of the span (negative when it overflows).
    public var offset: Double
    /// Distance from one box's end to the next box's start.
    public var spacing: Double
    /// Length added to every box (only `AlignContent.stretch` sets it).
    public var stretch: Double

    /// A distribution starting at `offset` with gaps of `spacing`, each box grown by `stretch`.
    public init(offset: Double, spacing: Double, stretch: Double = 0) {
        self.offset = offset; self.spacing = spacing; self.stretch = stretch
    }
}

/// The spacing and alignment arithmetic the flex-style layouts share (CollectionKit's `LayoutHelper`).
public enum LayoutHelper {
    /// Places `count` boxes whose lengths add up to `total` along a span of `length`, at least
    /// `spacing` apart (CollectionKit's `LayoutHelper.distribute`, or CSS with `rule: .css`).
    /// - Returns: the first box's offset, the gap, and the per-box growth for `stretch`.
    /// - Complexity: O(1).
    public static func distribute(_ mode: AlignContent, length: Double, total: Double, spacing: Double,
                           count: Int, rule: DistributionRule = .collectionKit) -> Distribution {
        distribute(mode, length: length, total: total, spacing: spacing, count: count, rule: rule, safe: false)
    }

    /// `distribute`, where with `safe` boxes that overflow the span start at its start rather than
    /// before it (CSS's `safe center` and `safe flex-end`; the other values already fall back to
    /// the start), out of the reach of any scroll. Only the `center` and `end` branches test it,
    /// so a flow packed at the start pays nothing per line. O(1).
    static func distribute(_ mode: AlignContent, length: Double, total: Double, spacing: Double,
                           count: Int, rule: DistributionRule, safe: Bool) -> Distribution {
        let start = Distribution(offset: 0, spacing: spacing)
        guard count > 0 else { return start }
        let n = Double(count)
        let free = length - total - (n - 1) * spacing  // what is left once the gaps are placed
        switch rule {
        case .collectionKit:
            // The strict test is CollectionKit's: fitting exactly or overflowing means start.
            guard free > 0 else { return start }
            let leftover = length - total  // before spacing: space-* may shrink the gap
            switch mode {
            case .start: return start
            case .center: return Distribution(offset: free / 2, spacing: spacing)
            case .end: return Distribution(offset: free, spacing: spacing)
            case .spaceBetween: return count > 1 ? Distribution(offset: 0, spacing: leftover / (n - 1)) : start
            case .spaceAround: return Distribution(offset: leftover / n / 2, spacing: leftover / n)
            case .spaceEvenly: return Distribution(offset: leftover / (n + 1), spacing: leftover / (n + 1))
            // CollectionKit has no stretch; grow the boxes by equal shares as CSS does.
            case .stretch: return Distribution(offset: 0, spacing: spacing, stretch: free / n)
            }
        case .css:
            switch mode {
            case .start: return start
            case .center: return safe && free < 0 ? start : Distribution(offset: free / 2, spacing: spacing)
            case .end: return safe && free < 0 ? start : Distribution(offset: free, spacing: spacing)
            case .spaceBetween:
                guard free > 0, count > 1 else { return start }
                return Distribution(offset: 0, spacing: spacing + free / (n - 1))
            // The space-* values and stretch fall back safely: overflow means start.
            case .spaceAround:
                guard free > 0 else { return start }
                return Distribution(offset: free / n / 2, spacing: spacing + free / n)
            case .spaceEvenly:
                guard free > 0 else { return start }
                return Distribution(offset: free / (n + 1), spacing: spacing + free / (n + 1))
            case .stretch:
                guard free > 0 else { return start }
                return Distribution(offset: 0, spacing: spacing, stretch: free / n)
            }
        }
    }

    /// `distribute` for a justification (the main axis of a line).
    public static func distribute(_ justify: JustifyContent, length: Double, total: Double, spacing: Double,
                           count: Int, rule: DistributionRule = .collectionKit) -> Distribution {
        distribute(AlignContent(justify), length: length, total: total, spacing: spacing,
                   count: count, rule: rule)
    }

    /// Places one box of `length` across a line that spans `lineStart ..< lineStart + lineLength`.
    /// `stretch` makes the box as long as the line. Both rulebooks agree here.
    /// - Returns: the box's start and its length. O(1).
    public static func align(_ alignment: AlignItems, length: Double, lineStart: Double,
                      lineLength: Double) -> (start: Double, length: Double) {
        switch alignment {
        case .start: return (lineStart, length)
        case .center: return (lineStart + (lineLength - length) / 2, length)
        case .end: return (lineStart + lineLength - length, length)
        case .stretch: return (lineStart, lineLength)
        }
    }

    /// CollectionKit's `alignItem`: lays `sizes` along x from `x`, `spacing` apart, each aligned
    /// across the line `lineStart ..< lineStart + lineLength` (vertical layouts come from transposing).
    /// - Complexity: O(n).
    public static func align(_ alignment: AlignItems, sizes: [Size], x: Double, spacing: Double,
                      lineStart: Double, lineLength: Double) -> [Rect] {
        var frames: [Rect] = []
        frames.reserveCapacity(sizes.count)
        var cursor = x
        for size in sizes {
            let (y, h) = align(alignment, length: size.height, lineStart: lineStart, lineLength: lineLength)
            frames.append(Rect(x: cursor, y: y, width: size.width, height: h))
            cursor += size.width + spacing
        }
        return frames
    }
}
