import TesseraCore

/// Lays out a dataset file in a three-column waterfall and asks what the first screen shows.
public func layOutDataset(path: String) throws -> (contentSize: Size, visible: [Int]) {
    let dataset = try DatasetLoader.load(path: path)          // .json, .jsonl or .csv
    let viewport = Size(width: 375, height: 812)
    let context = LayoutContext(dataset: dataset, collectionSize: viewport)
    let layout = WaterfallLayout(columns: 3, spacing: 8).inset(16)
    let result = try layout.layout(context)                   // immutable and Sendable
    let visible = try result.visible(in: Rect(origin: .zero, size: viewport))   // O(log n + k)
    for index in visible.prefix(3) {
        print(dataset.items[index].id, try result.frame(at: index))
    }
    return (result.contentSize, visible)
}
