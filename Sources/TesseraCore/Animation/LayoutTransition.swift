/// Frames between two layouts of (possibly different) items, for a layout transition with a
/// progress: an item in both moves linearly from its old frame to its new one; an item only in the
/// old layout stays and fades out; an item only in the new one is in place and fades in.
public enum LayoutTransition {
    /// One item's state at the transition's progress.
    public struct Element<ID: Hashable & Sendable>: Hashable, Sendable {
        public var id: ID
        public var frame: Rect
        public var alpha: Double
    }

    /// Every item of `to` in its order, then the items only in `from` in theirs, at `progress`
    /// (clamped to 0...1). O(n + m). Ids must be unique within each side.
    public static func frames<ID: Hashable & Sendable>(
        from old: [(id: ID, frame: Rect)], to new: [(id: ID, frame: Rect)], progress: Double
    ) -> [Element<ID>] {
        let p = Swift.min(Swift.max(progress.isNaN ? 0 : progress, 0), 1)
        var oldFrames = [ID: Rect](minimumCapacity: old.count)
        for entry in old { oldFrames[entry.id] = entry.frame }
        let newIDs = Set(new.map(\.id))
        let moving = new.map { entry -> Element<ID> in
            guard let start = oldFrames[entry.id] else { return Element(id: entry.id, frame: entry.frame, alpha: p) }
            let state = ViewState(frame: start).interpolated(to: ViewState(frame: entry.frame), fraction: p)
            return Element(id: entry.id, frame: state.frame, alpha: 1)
        }
        let leaving = old.filter { !newIDs.contains($0.id) }.map { Element(id: $0.id, frame: $0.frame, alpha: 1 - p) }
        return moving + leaving
    }
}
