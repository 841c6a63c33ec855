extension Timeline {
    /// The timeline of one engine pass: a track for each view an event touched, carrying the
    /// animation its animator returned (a view with none jumps: a track of zero duration), and
    /// every other visible view as still. Views that leave (deleted, or moved out of view by a
    /// reload) come first (beneath), drawn until their tracks end and not at all when they have
    /// no animation (`AnimationTrack.removesView`: their numbers may be taken by views entering
    /// in the same pass), then the visible
    /// views in drawing order. A view with several events (a move and an update) gets one track
    /// named and placed by its first event (so a moved view is a `move` whatever the animator),
    /// with the first animation any of its events got. A view moved into or out of view carries
    /// its frame before the pass (`AnimationTrack.oldFrame`). Cells only: the headers, footers and
    /// backgrounds of a reload are added by `add(_:animations:)` from an `ElementTransition`.
    /// An `adjust` stands for no view and has no track.
    /// O(events + views).
    public init(events: [EngineEvent], views: [EngineView]) {
        let events = events.filter { $0.category == .item && $0.type != .adjust }, views = views.filter { $0.category == .item }
        // A view that left at once (no animation) may have given its number to an entering view
        // in the same pass (one that leaves animated keeps it), so the views that left are kept
        // apart from the events of visible views.
        var chosen: [Int: EngineEvent] = [:]
        for event in events where !event.removesView {
            if var first = chosen[event.view] {
                if first.animation == nil, let animation = event.animation {
                    first.animation = animation
                    chosen[event.view] = first
                }
            } else {
                chosen[event.view] = event
            }
        }
        func track(_ event: EngineEvent, zIndex: Int) -> AnimationTrack {
            let target = ViewState(frame: event.frame, zIndex: Double(zIndex))
            var current = target
            if let old = event.oldFrame, event.type != .insert, event.type != .delete { current.frame = old }
            let kind = event.type
            var made = event.animation.map {
                AnimationTrack(id: event.id, view: event.view, event: kind, description: $0, current: current, target: target)
            } ?? AnimationTrack(id: event.id, view: event.view, event: kind, duration: 0, from: target, to: target)
            // A view that moved into or out of view knows where it was; its number may have been
            // another view's before the pass.
            if kind == .update && (event.addsView || event.removesView) { made.oldFrame = event.oldFrame }
            made.removesView = event.removesView
            return made
        }
        var tracks = events.filter(\.removesView).map { track($0, zIndex: 0) }
        var still: [ViewSample] = []
        for view in views {
            if let event = chosen[view.number] {
                tracks.append(track(event, zIndex: view.zIndex))
            } else {
                still.append(ViewSample(id: view.id, view: view.number,
                                        state: ViewState(frame: view.frame, zIndex: Double(view.zIndex))))
            }
        }
        self.init(tracks: tracks, still: still)
    }
}
