import TesseraCore

/// What the animate page writes on each view of a timeline: an item view's `--label` field,
/// read from the data the view showed (the old data for a view that leaves, else the new; a
/// view moved out of sight keeps its item, whose label the old data has), a
/// section's header or footer its section's title (as the `run` pictures write it), nothing on
/// a background or a badge.
package struct TimelineLabels: Sendable {
    /// Labels of the views before the pass and after it, by view number and id (a number freed
    /// in the pass may show another item after it).
    var before: [Shown: String]
    var after: [Shown: String]

    struct Shown: Hashable {
        var view: Int
        var id: ItemID
    }
    var oldTitles: [String]
    var newTitles: [String]

    /// `before` and `after` are the engine's visible views before and after the pass; `old` and
    /// `new` the data they were laid out from. O(views + sections).
    public init(field: ItemLabels, before: [EngineView], after: [EngineView], old: Dataset, new: Dataset) {
        func labels(_ views: [EngineView], _ data: Dataset) -> [Shown: String] {
            Dictionary(views.compactMap { v in v.index.map { (Shown(view: v.number, id: v.id), field.label(at: $0, in: data)) } },
                       uniquingKeysWith: { a, _ in a })
        }
        self.before = labels(before, old)
        self.after = labels(after, new)
        oldTitles = old.sections.map(SectionBoxes.title)
        newTitles = new.sections.map(SectionBoxes.title)
    }

    /// The label of `view` showing `id` (which draws `element`, or an item when nil); `leaving`
    /// when it is drawn from before the pass only. O(1).
    func label(view: Int, id: ItemID, element: AnimatedElement?, leaving: Bool) -> String {
        let shown = Shown(view: view, id: id)
        guard let element else { return (leaving ? before[shown] : after[shown] ?? before[shown]) ?? "" }
        let titles = leaving ? oldTitles : newTitles
        guard element.category == .supplementary, element.index == nil, titles.indices.contains(element.section) else { return "" }
        return titles[element.section]
    }
}
