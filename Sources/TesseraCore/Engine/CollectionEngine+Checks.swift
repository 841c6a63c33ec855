extension CollectionEngine {
    /// Throws unless `offset` is finite: a NaN or infinite offset would leave the engine with no
    /// visible rectangle to find views in. O(1).
    static func checkOffset(_ offset: Point, _ subject: String) throws(LayoutError) {
        guard offset.x.isFinite, offset.y.isFinite else {
            throw .invalidParameter(name: "offset", allowed: "finite numbers",
                                    got: "\(NumberText.exact(offset.x)),\(NumberText.exact(offset.y))",
                                    subject: subject, verb: "must be")
        }
    }

    /// Throws unless every inset and the readable width of `guides` is finite and non-negative,
    /// naming the first that is not. O(1).
    static func checkGuides(_ guides: ViewportGuides) throws(LayoutError) {
        guard let (name, value) = guides.invalidValue else { return }
        throw .invalidParameter(name: name, allowed: "a finite, non-negative number", got: NumberText.exact(value),
                                subject: "the engine's \(name)", verb: "must be")
    }

    /// Throws unless `size` is finite and non-negative: the viewport the layouts fill. O(1).
    static func checkViewport(_ size: Size) throws(LayoutError) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw .invalidParameter(name: "viewport", allowed: "finite, non-negative numbers",
                                    got: "\(NumberText.exact(size.width))x\(NumberText.exact(size.height))",
                                    subject: "the engine's viewport size", verb: "must be")
        }
    }
}
