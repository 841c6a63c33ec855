/// Insets fixed when a decorator is configured, or computed from the container size on every
/// layout (CollectionKit's `insetProvider`, re-evaluated with the outer collection size).
public enum InsetRule: Sendable {
    /// The same insets on every layout.
    case fixed(EdgeInsets)
    /// Insets computed from the container size on every layout.
    case computed(@Sendable (Size) -> EdgeInsets)

    /// The insets for a container of `size`. O(1) plus the closure.
    public func resolve(for size: Size) -> EdgeInsets {
        switch self {
        case .fixed(let insets): return insets
        case .computed(let provider): return provider(size)
        }
    }
}

/// A decorator configured by a root layout and an `InsetRule`, given either way below.
public protocol InsetDecorator: Layout {
    /// The decorator of `root` with `insets`.
    init(_ root: any Layout, insets: InsetRule)
}

extension InsetDecorator {
    /// The same insets on every layout.
    public init(_ root: any Layout, insets: EdgeInsets) { self.init(root, insets: .fixed(insets)) }

    /// Insets computed from the container size on every layout.
    public init(_ root: any Layout, insetProvider: @escaping @Sendable (Size) -> EdgeInsets) {
        self.init(root, insets: .computed(insetProvider))
    }
}
