extension LayoutError {
    /// Throws unless `spacing` is finite and >= 0 (a gap, as CSS's, is never negative): what
    /// `tessera` and Lua check of the same parameter, for a layout made in Swift. O(1).
    static func checkSpacing(_ spacing: Double, name: String, layout: String) throws(LayoutError) {
        guard spacing.isFinite, spacing >= 0 else {
            throw .invalidParameter(name: name, allowed: "a finite \(name) >= 0", got: "\(spacing)",
                                    subject: "\(layout) layout", verb: "needs")
        }
    }
}
