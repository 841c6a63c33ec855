import TesseraCore

/// Layouts, results and datasets are `Sendable`: one layout laid out for several widths at once
/// in a task group, each task making its own `LayoutContext`.
public func contentHeights(of dataset: Dataset, widths: [Double]) async throws -> [Double: Double] {
    let layout = WaterfallLayout(columns: 3, spacing: 8)
    return try await withThrowingTaskGroup(of: (Double, Double).self) { group in
        for width in widths {
            group.addTask {
                let context = LayoutContext(dataset: dataset, collectionSize: Size(width: width, height: 812))
                return (width, try layout.layout(context).contentSize.height)
            }
        }
        var heights: [Double: Double] = [:]
        for try await (width, height) in group { heights[width] = height }
        return heights
    }
}
