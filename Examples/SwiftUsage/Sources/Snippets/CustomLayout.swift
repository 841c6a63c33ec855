import TesseraCore

/// A layout of your own: full-width rows as tall as each item, like a table view.
public struct ListLayout: Layout {
    public var rowSpacing: Double
    public init(rowSpacing: Double = 1) { self.rowSpacing = rowSpacing }

    public func layout(_ context: LayoutContext) throws -> any LayoutResult {
        let width = context.collectionSize.width
        var y = 0.0
        let frames = try context.sizes(proposed: context.collectionSize).map { size in
            defer { y += size.height + rowSpacing }
            return Rect(x: 0, y: y, width: width, height: size.height)
        }
        return try FramesResult(frames: frames, layoutName: "list")   // checked and indexed
    }
}
