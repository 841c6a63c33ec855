import TesseraCore

// Lays out three items: enough to show the library links and runs.
let result = try FlowLayout().layout(LayoutContext(dataset: Dataset.synthetic(count: 3) { _ in Size(width: 10, height: 10) }))
print("build-order: \(result.count) items")
