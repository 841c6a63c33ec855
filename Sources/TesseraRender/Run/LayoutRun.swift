import TesseraCore

/// A finished layout pass with what the renderers need to describe it: the layout's name as the
/// user gave it, the dataset, the viewport size, the result and how long the pass took.
public struct LayoutRun {
    /// The layout's name as the user gave it (a built-in's name or a script's path).
    public var layoutName: String
    /// The dataset laid out.
    public var dataset: Dataset
    /// The viewport size the layout was given.
    public var viewport: Size
    /// What laying out gave.
    public var result: any LayoutResult
    /// How long the layout pass took, in milliseconds.
    public var milliseconds: Double

    /// A finished pass of `layoutName` over `dataset` in `viewport`, giving `result` in
    /// `milliseconds`.
    public init(layoutName: String, dataset: Dataset, viewport: Size, result: any LayoutResult,
                milliseconds: Double) {
        self.layoutName = layoutName; self.dataset = dataset; self.viewport = viewport
        self.result = result; self.milliseconds = milliseconds
    }
}
