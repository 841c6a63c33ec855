import TesseraCore

// Uses only TesseraCore: a release build of this program must not link Foundation.
let dataset = Dataset.synthetic(count: 1000) { Size(width: 100, height: 50 + Double($0 % 7) * 10) }
let result = try WaterfallLayout(columns: 3).layout(LayoutContext(dataset: dataset))
print("core-only: \(result.count) items, content height \(result.contentSize.height)")
