/// Frames between two layouts of (possibly different) items, for a layout transition with a
/// progress: an item in both moves linearly from its old frame to its new one; an item only in the
/// old layout stays and fades out; an item only in the new one is in place and fades in.
public enum LayoutTransition {
    /// One item's state at the transition's progress.
    public struct Element<ID: Hashable & Sendable>: Hashable, Sendable {
        /// The item's identifier.
        public var id: ID
        /// The item's frame at the progress.
        public var frame: Rect
        /// The item's opacity at the progress (fading in or out when only on one side).
        public var alpha: Double
    }

    /// Every item of `to` in its order, then the items only in `from` in theirs, at `progress`
    /// (clamped to 0...1). O(n + m). Ids must be unique within each side.
    public static func frames<ID: Hashable & Sendable>(
        from old: [(id: ID, frame: Rect)], to new: [(id: ID, frame: Rect)], progress: Double
    ) -> [Element<ID>] {
        let p = Swift.min(Swift.max(progress.isNaN ? 0 : progress, 0), 1)
        let pairs = KeyedPairing.pair(old: old.map(\.id), new: new.map(\.id))
        let moving = zip(new, pairs.matches).map { entry, match -> Element<ID> in
            guard let match else { return Element(id: entry.id, frame: entry.frame, alpha: p) }
            let state = ViewState(frame: old[match].frame).interpolated(to: ViewState(frame: entry.frame), fraction: p)
            return Element(id: entry.id, frame: state.frame, alpha: 1)
        }
        let leaving = pairs.unmatched.map { Element(id: old[$0].id, frame: old[$0].frame, alpha: 1 - p) }
        return moving + leaving
    }
}
