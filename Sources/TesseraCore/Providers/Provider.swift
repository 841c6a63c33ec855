/// A node of a provider tree (CollectionKit's Provider): it owns some items, or sections that are
/// providers themselves, and knows how to lay them out in a container size.
///
/// Changes never run anything: setting data schedules a reload, setting a layout or a size rule a
/// relayout. A provider reports a change to its parent, and the root to the engine that shows it,
/// so a provider that is not attached to an engine causes nothing. The engine runs the scheduled
/// work on its next pass.
public class Provider {
    /// Prefixes the identifiers of this provider's items when it is a section of another
    /// provider; nil uses the section's position.
    public var identifier: String? { didSet { setNeedsReload() } }
    /// The animator for this provider's items (and its descendants' that have none).
    public var animator: (any Animator)? { didSet { setNeedsReload() } }

    /// The provider holding this one as a section (weak: parents own their sections).
    weak var parent: Provider?
    /// Set by the engine on its root provider.
    var onChange: ((ProviderChange) -> Void)?

    init() {}

    /// Schedules a reload on the engine showing this provider (nothing when none does).
    public func setNeedsReload() { report(.reload) }
    /// Schedules a relayout (layout and visible set, no re-binding) on the engine showing this provider.
    public func setNeedsRelayout() { report(.relayout) }

    func report(_ change: ProviderChange) {
        if let parent { parent.report(change) } else { onChange?(change) }
    }

    /// Number of items once flattened (sections' items included). O(providers in the subtree).
    public var itemCount: Int { 0 }

    /// Appends this provider's items to `builder`, depth first, with identifiers under `prefix`.
    /// Called once per reload; `inherited` is the nearest ancestor's animator.
    func flatten(into builder: inout FlatBuilder, prefix: String, inherited: OwnedAnimator?) {}

    /// This provider's animator (owned by it), else `inherited`.
    func animator(orInherited inherited: OwnedAnimator?) -> OwnedAnimator? {
        animator.map { OwnedAnimator(animator: $0, owner: ObjectIdentifier(self)) } ?? inherited
    }

    /// Lays this provider out in a container of `size`; the parts follow the order of `flatten`.
    func layout(in size: Size) throws -> ProviderLayout { ProviderLayout(contentSize: .zero, content: .parts([])) }
}

/// An animator with the provider that set it: the engine asks each owner's animator once per
/// pass, with all the events it owns.
public struct OwnedAnimator: Sendable {
    public var animator: any Animator
    public var owner: ObjectIdentifier
}

/// What a change asks of the engine.
public enum ProviderChange: Sendable {
    case reload
    case relayout
}
