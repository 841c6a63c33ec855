import TesseraCore

/// Items built in code with typed sizes (no dataset file), laid out in flexbox-style rows.
public func layOutItemsBuiltInCode() throws -> [Rect] {
    let items = [
        Item(id: "hero", size: Size(width: 343, height: 200), fields: ["title": "Welcome"]),
        Item(id: "left", size: Size(width: 160, height: 120)),
        Item(id: "right", size: Size(width: 160, height: 120)),
    ]
    let dataset = Dataset(items: items)
    let layout = FlowLayout(spacing: 8).inset(16)
    let result = try layout.layout(LayoutContext(dataset: dataset))
    return try result.allFrames
}
