/// How a provider sizes its items (CollectionKit's SizeSource; a provider's `size =` in Lua): a
/// sizing rule over the items' intrinsic sizes (an `ItemSizing`), a fixed size whose dimensions
/// may be fractions of the proposal, or a closure.
public enum SizeSource: Sendable {
    /// A dataset sizing rule (`fit`, `fillWidth`, `intrinsic`, `fill`) with the text measurer.
    case rule(ItemSizing)
    /// The same size for every item; a fraction dimension is a share of the proposal.
    case fixed(SizeDimension, SizeDimension)
    /// `(localIndex, proposal) -> size`; what it throws leaves the layout pass that asked.
    case custom(@Sendable (Int, Size) throws -> Size)

    /// The default: `fit`.
    public static var fit: SizeSource { .rule(ItemSizing()) }

    /// Item `index`'s size for `proposal`. O(1) for rules and fixed sizes (text items: O(text)).
    public func size(_ index: Int, _ proposal: Size, input: (Int) -> SizeInput) throws -> Size {
        switch self {
        case .rule(let sizing):
            let s = input(index)
            return sizing.size(w: s.w, h: s.h, text: { s.text }, proposed: proposal)
        case .fixed(let w, let h):
            return Size(width: w.resolve(in: proposal.width), height: h.resolve(in: proposal.height))
        case .custom(let f):
            return try f(index, proposal)
        }
    }
}

/// One dimension of a fixed size: points, or a fraction of the proposal on the same axis
/// (`"100%"` in Lua). The compositional layout's `Compositional.Dimension` may also take the
/// other axis's fraction or an estimate.
public enum SizeDimension: Hashable, Sendable {
    /// Points.
    case absolute(Double)
    /// A fraction of the proposal (1 is all of it).
    case fraction(Double)

    /// The length in points for a proposal of `proposal` points.
    public func resolve(in proposal: Double) -> Double {
        switch self {
        case .absolute(let v): return v
        case .fraction(let f): return f * proposal
        }
    }
}
