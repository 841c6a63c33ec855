/// The decorators as methods, so Swift chains them as Lua does (`layout:inset(8):transposed()`):
///
/// ```swift
/// let shelf = WaterfallLayout(columns: 2).inset(8).transposed()
/// ```
///
/// Each returns the decorator's own type wrapping this layout; the decorators' initialisers
/// (`InsetLayout(root, insets:)`, ...) stay for code that builds them from parts.
extension Layout {
    /// This layout with `insets` of space around it (Lua `layout:inset(insets)`).
    public func inset(_ insets: EdgeInsets) -> InsetLayout { InsetLayout(self, insets: insets) }

    /// This layout with `amount` points of space on every side (Lua `layout:inset(8)`).
    public func inset(_ amount: Double) -> InsetLayout { InsetLayout(self, insets: EdgeInsets(all: amount)) }

    /// This layout with insets computed from the container size on every layout.
    public func inset(by insets: @escaping @Sendable (Size) -> EdgeInsets) -> InsetLayout {
        InsetLayout(self, insetProvider: insets)
    }

    /// This layout with x and y swapped: a vertical layout becomes horizontal (Lua
    /// `layout:transposed()`).
    public func transposed() -> TransposeLayout { TransposeLayout(self) }

    /// This layout with the items `isPinned` picks (0-based indices; default: even indices, the
    /// headers before each section) pinned to the top of the visible area while their section
    /// scrolls by (Lua `layout:sticky(fn)`).
    public func pinned(_ isPinned: @escaping @Sendable (Int) -> Bool = { $0 % 2 == 0 }) -> PinnedLayout {
        PinnedLayout(self, isPinned: isPinned)
    }

    /// This layout with its visible rectangle grown (negative insets) or shrunk before visibility
    /// queries (Lua `layout:visibleFrameInset(insets)`).
    public func visibleFrameInset(_ insets: EdgeInsets) -> VisibleFrameInsetLayout {
        VisibleFrameInsetLayout(self, insets: insets)
    }

    /// This layout mirrored around its container's width, for right-to-left reading
    /// (`tessera run --rtl`).
    public func mirrored() -> MirroredLayout { MirroredLayout(self) }
}
