/// One walk of a provider tree, laying it out. The walk is the only pass over the tree: each
/// provider records what it owns as it is laid out (`ProviderLayout.leaves` and `headers`), so
/// nothing flattens the tree beforehand, and a provider met again below itself (a cycle) is
/// refused where the walk meets it, before it recurses.
final class ProviderWalk: @unchecked Sendable {
    /// Sizes a host measured, for the providers that lay those elements out.
    let measured: MeasuredSizes
    /// The viewport's guides, given to every layout of the tree as they are (as a sectioned
    /// layout gives its sections the run's).
    let guides: ViewportGuides
    /// The providers from the root down to the one being laid out.
    private var path: [Provider] = []

    init(measured: MeasuredSizes, guides: ViewportGuides = .zero) {
        self.measured = measured
        self.guides = guides
    }

    /// Steps down into `provider`. Throws `LayoutError.providerCycle`, naming the cycle's
    /// providers, when it is already on the path. O(depth).
    func enter(_ provider: Provider) throws {
        if let start = path.firstIndex(where: { $0 === provider }) {
            throw LayoutError.providerCycle(path: (path[start...] + [provider]).map(\.kindName))
        }
        path.append(provider)
    }

    /// Steps back up from the provider last entered.
    func leave() { path.removeLast() }
}

/// Where a provider sits in the tree being walked: the scope its items' and headers' ids take
/// (its sections' identifiers as a path; nil at the root) and the nearest ancestor's animator.
struct ProviderPlace {
    var scope: ItemID?
    var animator: OwnedAnimator?
}
