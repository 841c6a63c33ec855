/// A node of a provider tree (CollectionKit's Provider): it owns some items, or sections that are
/// providers themselves, and knows how to lay them out in a container size.
///
/// Changes never run anything: setting data schedules a reload, setting a layout or a size rule a
/// relayout. A provider reports a change to every engine showing it and up its parents to theirs,
/// so a provider that is not attached to an engine causes nothing. Several engines may show one
/// provider (a list and its minimap): each is told. The engine runs the scheduled work on its
/// next pass.
public class Provider {
    /// Prefixes the identifiers of this provider's items when it is a section of another
    /// provider; nil uses the section's position.
    public var identifier: String? { didSet { setNeedsReload() } }
    /// The animator for this provider's items (and its descendants' that have none).
    public var animator: (any Animator)? { didSet { setNeedsReload() } }

    /// The provider holding this one as a section (weak: parents own their sections).
    weak var parent: Provider?
    /// The engines showing this provider as their root, each under its own identity: an engine
    /// adds itself when it takes the provider and removes itself when it lets it go.
    var observers: [ObjectIdentifier: (ProviderChange) -> Void] = [:]

    init() {}

    /// Schedules a reload on the engine showing this provider (nothing when none does).
    public func setNeedsReload() { report(.reload) }
    /// Schedules a relayout (layout and visible set, no re-binding) on the engine showing this provider.
    public func setNeedsRelayout() { report(.relayout) }

    /// Tells the engines showing this provider or any provider above it, walking up to the
    /// root; a parent chain that comes back on itself (a tree with a cycle, which the next pass
    /// refuses) stops where it closes.
    func report(_ change: ProviderChange) {
        var node = self
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        while true {
            for tell in node.observers.values { tell(change) }
            guard let up = node.parent, seen.insert(ObjectIdentifier(up)).inserted else { return }
            node = up
        }
    }

    /// Number of items once flattened (sections' items included). O(providers in the subtree).
    public var itemCount: Int { 0 }

    /// This provider's animator (owned by it), else `inherited`.
    func animator(orInherited inherited: OwnedAnimator?) -> OwnedAnimator? {
        animator.map { OwnedAnimator(animator: $0, owner: ObjectIdentifier(self)) } ?? inherited
    }

    /// Lays this provider out in a container of `size`: one result over its items, its own and
    /// its sections' elements and orthogonal sections, and who owns each item and header.
    /// `guides`: the viewport's, which every layout of the tree reads as they are;
    /// `measured`: sizes a host measured, which replace the size rules' for those elements.
    /// One walk of the tree: each provider is visited once per place (and per size an outer
    /// layout offers it); a cycle is refused where the walk meets it.
    /// - Throws: `LayoutError` when the tree has a cycle; what a layout or callback throws.
    package func layout(in size: Size, guides: ViewportGuides = .zero,
                        measured: MeasuredSizes = MeasuredSizes()) throws -> ProviderLayout {
        try placed(in: size, at: ProviderPlace(), walk: ProviderWalk(measured: measured, guides: guides))
    }

    /// This provider laid out at `place` of `walk`, entered on the walk's path (where a cycle
    /// is refused).
    final func placed(in size: Size, at place: ProviderPlace, walk: ProviderWalk) throws -> ProviderLayout {
        try walk.enter(self)
        defer { walk.leave() }
        return try laidOut(in: size, at: place, walk: walk)
    }

    /// `placed(in:at:walk:)` for this kind of provider: its result, with the leaves and headers
    /// it owns under `place`.
    func laidOut(in size: Size, at place: ProviderPlace, walk: ProviderWalk) throws -> ProviderLayout {
        ProviderLayout(result: try FramesResult(frames: [], layoutName: "empty provider"))
    }

    /// The place of section `child` at `position` of a composed or headers provider: under the
    /// section's identifier, with this provider's animator, else the inherited one.
    func place(of child: Provider, _ position: Int, in place: ProviderPlace) -> ProviderPlace {
        ProviderPlace(scope: .scoped(in: place.scope, .string(sectionIdentifier(child, position))),
                      animator: animator(orInherited: place.animator))
    }

    /// The providers this one holds (sections, content). Empty for leaves.
    var children: [Provider] { [] }

    /// What messages call this kind of provider ("composed provider").
    var kindName: String { "provider" }

    /// True when `other` is among this provider's descendants (sections, their sections, ...).
    /// Stops on a cycle. O(providers in the subtree).
    public func contains(_ other: Provider) -> Bool {
        var seen = Set<ObjectIdentifier>()
        var stack = children
        while let p = stack.popLast() {
            if p === other { return true }
            if seen.insert(ObjectIdentifier(p)).inserted { stack += p.children }
        }
        return false
    }

    /// How many items a pass lays out over this tree (`expanded`: a provider shared by several
    /// sections counts once per place) and how many its distinct providers hold (`distinct`),
    /// both saturating. Items are the leaves' (a provider with no children). Assumes no cycle.
    /// O(providers).
    package func itemCounts() -> (expanded: Int, distinct: Int) {
        var expanded: [ObjectIdentifier: Int] = [:]
        var distinct = 0
        func visit(_ p: Provider) -> Int {
            if let known = expanded[ObjectIdentifier(p)] { return known }
            let children = p.children
            var total = children.isEmpty ? p.itemCount : 0
            distinct = distinct.addingReportingOverflow(total).overflow ? .max : distinct + total
            for child in children {
                let n = visit(child)
                total = total.addingReportingOverflow(n).overflow ? .max : total + n
            }
            expanded[ObjectIdentifier(p)] = total
            return total
        }
        let total = visit(self)
        return (total, distinct)
    }
}

/// An animator with the provider that set it: the engine asks each owner's animator once per
/// pass, with all the events it owns.
package struct OwnedAnimator: Sendable {
    public var animator: any Animator
    public var owner: ObjectIdentifier
}

/// What a change asks of the engine.
package enum ProviderChange: Sendable {
    case reload
    case relayout
}
