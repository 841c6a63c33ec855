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
        public var id: String
        public var view: Int
        public var state: ViewState
        public init(id: String, view: Int, state: ViewState) { self.id = id; self.view = view; self.state = state }
    }

    /// Every view present at `time` with its state: the tracks' views in track order, then the
    /// still views. O(tracks + still).
    public func sample(at time: Double) -> [ViewSample] {
        tracks.compactMap { track in
            track.isPresent(at: time) ? ViewSample(id: track.id, view: track.view, state: track.state(at: time)) : nil
        } + still
    }

    /// The most view states `samples` may hold (sample times × views in them), so the samples of
    /// a long or crowded animation are refused rather than filling memory.
    public static let maxSampledStates = 200_000

    /// How many sample times `sampleTimes(fps:)` gives, saturating at `Int.max`. O(1).
    public func sampleCount(fps: Double) -> Int {
        precondition(fps > 0 && fps.isFinite, "fps must be a positive number")
        return Int(clamping: duration * fps, rounding: .up, into: 0...(Int.max - 1)) + 1
    }

    /// The sample times at `fps` frames per second from 0 to the duration, both included (the last
    /// frame time is moved onto the duration when the rate does not divide it). Throws when the
    /// samples would hold more than `maxSampledStates` view states. O(samples).
    public func sampleTimes(fps: Double) throws(AnimationFormatError) -> [Double] {
        let count = sampleCount(fps: fps)
        let views = Swift.max(1, tracks.count + still.count)
        guard count <= Self.maxSampledStates / views else {
            let lasts = duration.isFinite ? JSONWriter.format(duration) : "\(duration)"
            throw AnimationFormatError("the animation lasts \(lasts) s: at \(JSONWriter.format(fps)) frames per second its samples would hold more than \(Self.maxSampledStates) view states (\(views) views per frame); use a lower frame rate (--fps) or a shorter animation")
        }
        let total = duration
        return (0..<count).map { Swift.min(Double($0) / fps, total) }
    }
}
