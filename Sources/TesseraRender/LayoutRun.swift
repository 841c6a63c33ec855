import TesseraCore

/// A finished layout pass with what the renderers need to describe it: the layout's name as the
/// user gave it, the dataset, the viewport size, the result and how long the pass took.
public struct LayoutRun {
    public var layoutName: String
    public var dataset: Dataset
    public var viewport: Size
    public var result: any LayoutResult
    public var milliseconds: Double

    public init(layoutName: String, dataset: Dataset, viewport: Size, result: any LayoutResult,
                milliseconds: Double) {
        self.layoutName = layoutName; self.dataset = dataset; self.viewport = viewport
        self.result = result; self.milliseconds = milliseconds
    }
}
