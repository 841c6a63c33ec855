import TesseraCore

/// A layout that gives a result already laid out: how the preview puts a run's frames in an
/// engine (the last good picture, and the new one a script save plays to) without running the
/// script again, so the animation starts and ends on exactly the pictures the page shows.
struct ReplayedLayout: Layout {
    let result: any LayoutResult
    /// The layout's name, for the error of a context it was not laid out for.
    let name: String

    /// `result`, for the items it was laid out for. O(1).
    func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
        guard context.count == result.count else {
            throw LayoutError.invalidResult(layout: name, problem: "laid out for \(NumberText.counted(result.count, "item")), "
                                            + "asked for \(NumberText.grouped(context.count))")
        }
        return AnyLayoutResult(result)
    }
}
