/// One row that never wraps, where "fill" items share the space the others leave
/// (CollectionKit's RowLayout; `RowLayout("id").transposed()` is a vertical stack with one
/// flexible child).
///
/// Fill items are picked by identifier (`context.identifier(at:)`, typed: the integer id 5 is
/// not the string "5"), not by index. The leftover
/// width is shared equally among them, and each is asked its size with that width. The row is
/// then justified with CollectionKit's `distribute` (the strict fit test: an overflowing or
/// exactly full row stays at the start) and items are aligned against the container height; an
/// item taller than the container starts at 0, whatever its alignment, so none of it is out of
/// scroll's reach (CollectionKit's arithmetic would centre it above 0).
public struct RowLayout: SimpleLayout, Sendable {
    /// Identifiers of the items that fill the empty space.
    public var fillIdentifiers: Set<ItemID>
    /// Gap between neighbouring items.
    public var spacing: Double
    /// Items along the row, when they leave space.
    public var justifyContent: JustifyContent
    /// Items across the row, against the container height.
    public var alignItems: AlignItems
    /// When true a fill item is at least as wide as its share, even if its size rule answers
    /// less; when false it keeps the width its size rule answers.
    public var alwaysFillEmptySpaces: Bool

    /// A row whose items in `fillIdentifiers` share the free width.
    public init(fillIdentifiers: Set<ItemID> = [], spacing: Double = 0,
                justifyContent: JustifyContent = .start, alignItems: AlignItems = .start,
                alwaysFillEmptySpaces: Bool = true) {
        self.fillIdentifiers = fillIdentifiers
        self.spacing = spacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.alwaysFillEmptySpaces = alwaysFillEmptySpaces
    }

    /// CollectionKit's variadic form: `RowLayout("a", "b")` (`RowLayout()` has no fill items).
    /// Takes one identifier at least so that calls without one stay unambiguous.
    public init(_ fill: ItemID, _ moreFill: ItemID..., spacing: Double = 0,
                justifyContent: JustifyContent = .start, alignItems: AlignItems = .start) {
        self.init(fillIdentifiers: Set([fill] + moreFill), spacing: spacing,
                  justifyContent: justifyContent, alignItems: alignItems)
    }

    public var name: String { "row" }

    /// Every item's frame, in index order: O(n) size queries (fixed items first, then fill
    /// items) and O(n) work.
    public func frames(_ context: LayoutContext) throws -> [Rect] {
        try LayoutError.checkSpacing(spacing, name: "spacing", layout: "row")
        let n = context.count
        guard n > 0 else { return [] }
        let container = context.collectionSize
        let isFill = (0..<n).map { fillIdentifiers.contains(context.identifier(at: $0)) }
        // Fixed items first: what they (and every gap) take decides the fill items' share.
        var sizes = [Size](repeating: .zero, count: n)
        var used = spacing * Double(n - 1)
        for i in 0..<n where !isFill[i] {
            sizes[i] = try context.size(at: i, proposed: container)
            used += sizes[i].width
        }
        let fillCount = isFill.lazy.filter { $0 }.count
        if fillCount > 0 {
            let share = max(0, container.width - used) / Double(fillCount)
            for i in 0..<n where isFill[i] {
                var size = try context.size(at: i, proposed: Size(width: share, height: container.height))
                if alwaysFillEmptySpaces { size.width = max(share, size.width) }
                sizes[i] = size
            }
        }
        let total = sizes.reduce(0) { $0 + $1.width }
        let along = LayoutHelper.distribute(justifyContent, length: container.width, total: total,
                               spacing: spacing, count: n, rule: .collectionKit)
        var frames = LayoutHelper.align(alignItems, sizes: sizes, x: along.offset, spacing: along.spacing,
                                        lineStart: 0, lineLength: max(0, container.height))
        // An item taller than the container, centred or at the end, would start above 0, where
        // no scroll reaches: it starts at 0 instead (CSS's `safe` alignment).
        for i in frames.indices where frames[i].y < 0 { frames[i].y = 0 }
        return frames
    }
}
