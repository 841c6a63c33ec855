/// A laid-out split layout: items indexed for visibility, and each section's header, footer and
/// background as elements, with pinned headers placed for a scroll position on demand.
///
/// Elements are indexed by the area they can ever occupy: a pinned header by its section's span
/// (resting top to content bottom), every other element by its frame. A query tests the
/// candidates' frames as drawn, so it is O(log e + k) and never keeps state between calls.
struct SplitResult: LayoutResult {
    let plan: SplitPlan
    let items: FramesResult
    /// Every element's resting frame, in section order: header, background, footer.
    let elements: [Supplementary]
    /// For a pinned header, its section's content bottom; nil otherwise (parallel to `elements`).
    let pinLimits: [Double?]
    let elementIndex: SpatialIndex

    init(_ plan: SplitPlan, pinHeaders: Bool) throws {
        self.plan = plan
        items = try FramesResult(frames: plan.frames, minimumContentSize: plan.contentSize, layoutName: "split")
        var elements: [Supplementary] = [], limits: [Double?] = [], reach: [Rect] = []
        for (s, section) in plan.sections.enumerated() {
            if let header = section.header {
                let limit = section.headerPinned ? section.contentBottom : nil
                elements.append(Supplementary(kind: "header", section: s, frame: header))
                limits.append(limit)
                reach.append(limit.map { header.union(Rect(x: header.x, y: header.y, width: header.width, height: $0 - header.y)) } ?? header)
            }
            for (kind, frame) in [("background", section.background), ("footer", section.footer)] {
                guard let frame else { continue }
                elements.append(Supplementary(kind: kind, section: s, frame: frame))
                limits.append(nil)
                reach.append(frame)
            }
        }
        self.elements = elements
        self.pinLimits = limits
        self.elementIndex = SpatialIndex(frames: reach)
    }

    var count: Int { items.count }
    var contentSize: Size { items.contentSize }
    func frame(at index: Int) -> Rect { items.frame(at: index) }
    func visible(in rect: Rect) -> [Int] { items.visible(in: rect) }
    var supplementaries: [Supplementary] { elements }

    /// Element `e` as drawn when the visible area starts at `visibleTop` (nil: resting).
    func elementFrame(_ e: Int, visibleTop: Double?) -> Rect {
        guard let limit = pinLimits[e], let visibleTop else { return elements[e].frame }
        return SplitPinning.headerFrame(resting: elements[e].frame, contentBottom: limit, visibleTop: visibleTop)
    }

    /// Elements whose drawn frame overlaps `rect` with a positive area, in element order.
    /// O(log e + k).
    func elements(in rect: Rect, visibleTop: Double?) -> [Int] {
        elementIndex.query(rect).filter { elementFrame($0, visibleTop: visibleTop).overlapsWithPositiveArea(rect) }
    }
}
