extension Timeline {
    /// Adds the supplementaries and decorations of `transition`: a track for each entry with an
    /// event, carrying its animation (`animations` answers `transition.events(...)` in order; a
    /// missing or nil one makes a track of zero duration: the element jumps), and every other
    /// entry as still. An element is drawn at its layout's zIndex. O(entries).
    package mutating func add(_ transition: ElementTransition, animations: [AnimationDescription?]) {
        var next = animations.makeIterator()
        for entry in transition.entries {
            guard let element = entry.new ?? entry.old else { continue }
            let drawn = AnimatedElement(element)
            let target = ViewState(frame: element.frame, zIndex: Double(element.zIndex))
            guard let event = entry.event else {
                still.append(ViewSample(id: .string(entry.id), view: entry.view, state: target, element: drawn))
                continue
            }
            var current = target
            if let old = entry.old, entry.new != nil { current.frame = old.frame }
            var track = next.next().flatMap { $0 }.map {
                AnimationTrack(id: .string(entry.id), view: entry.view, event: event, description: $0, current: current, target: target)
            } ?? AnimationTrack(id: .string(entry.id), view: entry.view, event: event, duration: 0, from: target, to: target)
            track.element = drawn
            track.oldFrame = entry.new == nil ? nil : entry.old?.frame
            track.removesView = entry.leavesScreen
            tracks.append(track)
        }
    }
}
