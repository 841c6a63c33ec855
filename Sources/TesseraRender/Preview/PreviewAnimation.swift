import TesseraCore

/// A save of `tessera preview` (of the data or the layout) played with its animator, as one
/// text message for the page's player: the timeline `tessera animate` prints for the same change, sampled as
/// `TimelinePage` samples it (every curve evaluated here, none in the page), so the page shows
/// at a sample's time exactly the frames of that sample in `tessera animate --format json
/// --fps F`.
package enum PreviewAnimation {
    /// Sample rates tried in order: the first whose samples stay within
    /// `Timeline.maxSampledStates`. 120 per second keeps slow motion smooth down to 1/4.
    public static let frameRates: [Double] = [120, 60, 30, 10]

    /// `{"type":"animation","gen":G,"fps":F,"offset":[x,y],"timeline":{"duration":D,"cards":{...},
    /// "samples":[{"t":T,"views":[[key,x,y,w,h,alpha,scale,rotation,tx,ty],...]},...]}}`, views
    /// bottom first, frames in content coordinates, played at content offset `offset`.
    /// Throws when even the lowest rate gives too many samples. O(samples × views).
    public static func message(timeline: Timeline, labels: TimelineLabels, generation: Int, offset: Point,
                               viewport: Size) throws -> String {
        for fps in frameRates {
            let page = TimelinePage(title: "", timeline: timeline, viewport: Rect(origin: offset, size: viewport),
                                    fps: fps, labels: labels)
            do {
                let data = try page.data()
                return "{\"type\":\"animation\",\"gen\":\(generation),\"fps\":\(JSONWriter.format(fps)),\"offset\":["
                    + JSONWriter.format(offset.x) + "," + JSONWriter.format(offset.y) + "],\"timeline\":" + data + "}"
            } catch is AnimationFormatError {
                continue
            }
        }
        // The preview picks the rate itself: the animator's durations are what the author can change.
        throw timeline.tooManySamples(fps: frameRates.last!, remedy: "use an animator with shorter durations")
    }
}
