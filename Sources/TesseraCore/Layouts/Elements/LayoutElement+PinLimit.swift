// The limit a layout states for a pinned element (a script's `pinUntil`), which the results'
// pin rule takes instead of the section's end.

extension LayoutElement {
    /// The limit a layout stated for a pinned element (`pinUntil`), never past the element's
    /// own edge: a top pin's bottom may not pass it, a bottom pin's top may not pass it (a
    /// left pin's right edge, a right pin's left edge).
    var statedPinLimit: Double? {
        guard pinned, let pinUntil else { return nil }
        switch pinEdge {
        case .top: return max(pinUntil, frame.maxY)
        case .bottom: return min(pinUntil, frame.minY)
        case .left: return max(pinUntil, frame.maxX)
        case .right: return min(pinUntil, frame.minX)
        }
    }
}
