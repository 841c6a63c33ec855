// The limit a layout states for a pinned element (a script's `pinUntil`), which the results'
// pin rule takes instead of the section's end.

extension LayoutElement {
    /// The limit a layout stated for a pinned element (`pinUntil`), never past the element's
    /// own edge: a top pin's bottom may not pass it, a bottom pin's top may not pass it.
    var statedPinLimit: Double? {
        guard pinned, let pinUntil else { return nil }
        return pinEdge == .top ? max(pinUntil, frame.maxY) : min(pinUntil, frame.minY)
    }
}
