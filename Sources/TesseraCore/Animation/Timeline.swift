/// The animations of one engine pass: a track per view that the pass touched, in drawing order.
public struct Timeline: Hashable, Sendable {
    public var tracks: [AnimationTrack]
    /// Views that the pass left as they were; they are in every sample, after the tracks.
    public var still: [ViewSample]

    public init(tracks: [AnimationTrack], still: [ViewSample] = []) {
        self.tracks = tracks
        self.still = still
    }

    /// The time the last track ends (0 for a timeline with nothing to animate).
    public var duration: Double { tracks.reduce(0) { Swift.max($0, $1.end) } }

    /// One view's state in a sample.
    public struct ViewSample: Hashable, Sendable {
        public var id: ItemID
        public var view: Int
        public var state: ViewState
        public init(id: ItemID, view: Int, state: ViewState) { self.id = id; self.view = view; self.state = state }
    }

    /// Every view present at `time` with its state: the tracks' views in track order, then the
    /// still views. O(tracks + still).
    public func sample(at time: Double) -> [ViewSample] {
        tracks.compactMap { track in
            track.isPresent(at: time) ? ViewSample(id: track.id, view: track.view, state: track.state(at: time)) : nil
        } + still
    }

    /// The sample times at `fps` frames per second from 0 to the duration, both included (the last
    /// frame time is moved onto the duration when the rate does not divide it).
    public func sampleTimes(fps: Double) -> [Double] {
        precondition(fps > 0 && fps.isFinite, "fps must be a positive number")
        let total = duration
        let steps = Int((total * fps).rounded(.up))
        return (0...Swift.max(steps, 0)).map { Swift.min(Double($0) / fps, total) }
    }
}
