/// A deterministic text measurer: the same text and width give the same height on every machine.
/// (Placeholder metrics; the data work replaces them with per-character advances.)
public struct TextMeasurer: Hashable, Sendable {
    public var fontSize: Double
    public var lineHeight: Double

    public init(fontSize: Double = 16, lineHeight: Double = 20) {
        self.fontSize = fontSize; self.lineHeight = lineHeight
    }

    /// Height of `text` wrapped to `width`.
    public func height(of text: String, width: Double) -> Double {
        let perLine = max(1, Int(width / (fontSize * 0.5)))
        let lines = max(1, (text.count + perLine - 1) / perLine)
        return Double(lines) * lineHeight
    }
}
