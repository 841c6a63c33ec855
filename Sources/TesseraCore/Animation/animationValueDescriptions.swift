// What `print` shows of the animation values: their JSON, on one line, with the names the
// `animate` command's JSON and the animator scripts use.

extension PartialViewState: CustomStringConvertible {
    /// The properties it sets, as an animation's `from` or `to` is written:
    /// `{"frame": [0, 0, 120, 90], "alpha": 0}` (`{}` for none). O(1).
    public var description: String { JSONWriter.write(json, options: .readable) }
}

extension ViewState: CustomStringConvertible {
    /// Every property, as a sample's view is written: `{"frame": [0, 0, 120, 90], "alpha": 1,
    /// "scale": 1, "rotation": 0, "tx": 0, "ty": 0, "zIndex": 0}`. O(1).
    public var description: String { JSONWriter.write(json, options: .readable) }
}

extension AnimationDescription: CustomStringConvertible {
    /// The description as an animator script returns it, with only the keys it sets:
    /// `{"from": {"alpha": 0}, "to": {"alpha": 1}, "duration": 0.3, "curve": "easeOut"}`, or
    /// `{"transform": {"scale": 0.9}}`. O(1).
    public var description: String { JSONWriter.write(json, options: .readable) }
}

extension AnimationTrack: CustomStringConvertible {
    /// The track as the `animate` command's JSON writes it: `{"id": "a", "view": 3, "event":
    /// "insert", "delay": 0, "duration": 0.3, "curve": "easeOut", "from": {...}, "to": {...}}`.
    /// O(1).
    public var description: String { JSONWriter.write(json, options: .readable) }
}

extension Timeline.ViewSample: CustomStringConvertible {
    /// The view as a sample of the `animate` command's JSON writes it: `{"view": 3, "id": "a",
    /// "frame": [0, 0, 120, 90], "alpha": 0.4, ...}`. O(1).
    public var description: String { JSONWriter.write(json, options: .readable) }
}

extension Timeline: CustomStringConvertible {
    /// The duration and how many views it animates and leaves still, then each track on a line
    /// of its own: `timeline of 0.3 s: 1 track, 2 still views` and `  {"id": "a", ...}`.
    /// O(tracks).
    public var description: String {
        let lasts = duration.isFinite ? JSONWriter.format(duration) : "\(duration)"
        let head = "timeline of \(lasts) s: \(NumberText.counted(tracks.count, "track")), \(NumberText.counted(still.count, "still view"))"
        return ([head] + tracks.map { "  \($0)" }).joined(separator: "\n")
    }
}
