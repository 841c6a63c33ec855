/// The animations of one engine pass: a track per view that the pass touched, and the views it
/// left as they were. Views are item views and, when added (`add(_:animations:)`), the layouts'
/// supplementaries and decorations (`AnimatedElement`).
///
/// Drawing order of a sample, bottom first: ascending zIndex (as animated), then pinned elements
/// above unpinned ones, then backgrounds, items, headers (`ElementCategory`'s rank), then views
/// that leave, views that stay, views that enter (so an entering card is never hidden behind a
/// staying one at its zIndex; a view whose animation sets its zIndex counts as staying and is
/// ordered by that zIndex alone), then the order the views were given in.
public struct Timeline: Hashable, Sendable {
    /// One track per animated view.
    public var tracks: [AnimationTrack]
    /// Views that the pass left as they were; they are in every sample.
    public var still: [ViewSample]

    /// A timeline of `tracks` and the views `still` left as they were.
    public init(tracks: [AnimationTrack], still: [ViewSample] = []) {
        self.tracks = tracks
        self.still = still
    }

    /// The time the last track ends (0 for a timeline with nothing to animate).
    public var duration: Double { tracks.reduce(0) { Swift.max($0, $1.end) } }

    /// One view's state in a sample.
    public struct ViewSample: Hashable, Sendable {
        /// The identifier of what the view shows.
        public var id: ItemID
        /// The view's number.
        public var view: Int
        /// The view's state at the sample's time.
        public var state: ViewState
        /// The layout element drawn; nil for an item's view.
        public var element: AnimatedElement?
        /// A sample of view `view` showing `id` in `state`.
        public init(id: ItemID, view: Int, state: ViewState, element: AnimatedElement? = nil) {
            self.id = id; self.view = view; self.state = state; self.element = element
        }
    }

    /// Every view present at `time` with its state, in drawing order (see the type's comment).
    /// O(v log v) for v views.
    public func sample(at time: Double) -> [ViewSample] {
        var drawn: [(key: DrawingKey, sample: ViewSample)] = []
        drawn.reserveCapacity(tracks.count + still.count)
        for (k, track) in tracks.enumerated() where track.isPresent(at: time) {
            let state = track.state(at: time)
            let role: DrawingRole = track.setsZIndex ? .staying
                : track.event == .insert ? .entering : track.event == .delete ? .leaving : .staying
            drawn.append((DrawingKey(state: state, element: track.element, role: role, ordinal: k),
                          ViewSample(id: track.id, view: track.view, state: state, element: track.element)))
        }
        for (k, sample) in still.enumerated() {
            drawn.append((DrawingKey(state: sample.state, element: sample.element, role: .staying, ordinal: tracks.count + k), sample))
        }
        drawn.sort { $0.key < $1.key }
        return drawn.map(\.sample)
    }

    /// Where a view's event puts it among views of its zIndex and category.
    enum DrawingRole: Int {
        case leaving, staying, entering
    }

    struct DrawingKey: Comparable {
        var zIndex: Double
        var pinned: Bool
        var rank: Int
        var role: DrawingRole
        var ordinal: Int

        init(state: ViewState, element: AnimatedElement?, role: DrawingRole, ordinal: Int) {
            zIndex = state.zIndex
            pinned = element?.pinned ?? false
            rank = (element?.category ?? .item).drawingRank
            self.role = role
            self.ordinal = ordinal
        }

        static func < (a: DrawingKey, b: DrawingKey) -> Bool {
            if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
            if a.pinned != b.pinned { return !a.pinned }
            if a.rank != b.rank { return a.rank < b.rank }
            if a.role != b.role { return a.role.rawValue < b.role.rawValue }
            return a.ordinal < b.ordinal
        }
    }

    /// The most view states `samples` may hold (sample times × views in them), so the samples of
    /// a long or crowded animation are refused rather than filling memory.
    package static let maxSampledStates = 200_000

    /// How many sample times `sampleTimes(fps:)` gives, saturating at `Int.max`, for a frame
    /// rate a user gave.
    /// - Throws: `AnimationFormatError` when `fps` is not a positive, finite number (the error
    ///   `sampleTimes(fps:)` throws for it).
    /// - Complexity: O(1).
    public func sampleCount(validatingFPS fps: Double) throws(AnimationFormatError) -> Int {
        try Self.checkFrameRate(fps)
        return checkedSampleCount(fps: fps)
    }

    /// Throws for a frame rate that is not a positive, finite number. O(1).
    private static func checkFrameRate(_ fps: Double) throws(AnimationFormatError) {
        guard fps > 0, fps.isFinite else {
            throw AnimationFormatError("the frame rate must be a positive number of frames per second, got \(NumberText.exact(fps))")
        }
    }

    /// How many sample times `sampleTimes(fps:)` gives, saturating at `Int.max`; 0 when `fps` is
    /// not a positive, finite number (there are no sample times then: `sampleTimes(fps:)` and
    /// `sampleCount(validatingFPS:)` throw for it). A bad rate never stops the program. O(1).
    @available(*, deprecated, renamed: "sampleCount(validatingFPS:)",
               message: "sampleCount(validatingFPS:) throws for the frame rates sampleTimes(fps:) refuses, where this returns 0")
    public func sampleCount(fps: Double) -> Int {
        guard fps > 0, fps.isFinite else { return 0 }
        return checkedSampleCount(fps: fps)
    }

    /// `sampleCount(validatingFPS:)` for a rate already checked. O(1).
    /// - Precondition: `fps` is a positive, finite number.
    private func checkedSampleCount(fps: Double) -> Int {
        // The frame times before the duration, then the duration itself. duration × fps rounds
        // (1.1 × 50 is 55.00000000000001): count from the frame times as `sampleTimes` makes
        // them, so the duration is not sampled twice.
        var before = Int(clamping: duration * fps, rounding: .up, into: 0...(Int.max - 1))
        if before < 1 << 52 {
            while before > 0 && Double(before - 1) / fps >= duration { before -= 1 }
            while Double(before) / fps < duration { before += 1 }
        }
        return before + 1
    }

    /// The sample times at `fps` frames per second from 0 to the duration, both included (the last
    /// frame time is moved onto the duration when the rate does not divide it). Throws when the
    /// samples would hold more than `maxSampledStates` view states, or when `fps` is not a
    /// positive, finite number. O(samples).
    public func sampleTimes(fps: Double) throws(AnimationFormatError) -> [Double] {
        try Self.checkFrameRate(fps)
        try checkSampleCount(fps: fps)
        let total = duration
        return (0..<checkedSampleCount(fps: fps)).map { Swift.min(Double($0) / fps, total) }
    }

    /// Throws what `sampleTimes(fps:)` throws for samples that would hold more than
    /// `maxSampledStates` view states, without making them: a timeline that only gains tracks
    /// (and so views and duration) is refused as soon as part of it is. O(1).
    /// - Precondition: `fps` is a positive, finite number.
    package func checkSampleCount(fps: Double) throws(AnimationFormatError) {
        let views = Swift.max(1, tracks.count + still.count)
        guard checkedSampleCount(fps: fps) <= Self.maxSampledStates / views else {
            throw tooManySamples(fps: fps, remedy: "use a lower frame rate (--fps) or a shorter animation")
        }
    }

    /// The refusal of samples at `fps` that would hold more than `maxSampledStates` view states,
    /// ending with what the caller can do about it.
    package func tooManySamples(fps: Double, remedy: String) -> AnimationFormatError {
        let views = Swift.max(1, tracks.count + still.count)
        let lasts = duration.isFinite ? JSONWriter.format(duration) : "\(duration)"
        return AnimationFormatError("the animation lasts \(lasts) s: at \(JSONWriter.format(fps)) frames per second its samples would hold more than \(NumberText.grouped(Self.maxSampledStates)) view states (\(NumberText.counted(views, "view")) per frame); \(remedy)")
    }

    /// Records on each kept item view's track the frame its view had before the pass
    /// (`frames` by view number), which tells a view that moved from one that only changed index
    /// or data. A track that knows its old frame already (a view moved into or out of view,
    /// whose number may have been another's) keeps it. O(tracks).
    package mutating func recordFramesBefore(_ frames: [Int: Rect]) {
        for k in tracks.indices where tracks[k].element == nil && tracks[k].event != .insert && tracks[k].event != .delete
            && tracks[k].oldFrame == nil {
            tracks[k].oldFrame = frames[tracks[k].view]
        }
    }
}
