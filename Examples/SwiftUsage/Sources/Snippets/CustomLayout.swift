import TesseraCore

/// A layout of your own: full-width rows as tall as each item, like a table view. A
/// `SimpleLayout` only gives frames; Tessera checks them, sizes the content and indexes them.
public struct ListLayout: SimpleLayout {
    public var rowSpacing: Double
    public init(rowSpacing: Double = 1) { self.rowSpacing = rowSpacing }
    public var name: String { "list" }

    public func frames(_ context: LayoutContext) throws -> [Rect] {
        let width = context.collectionSize.width
        var y = 0.0
        return try context.sizes(proposed: context.collectionSize).map { size in
            defer { y += size.height + rowSpacing }
            return Rect(x: 0, y: y, width: width, height: size.height)
        }
    }
}
