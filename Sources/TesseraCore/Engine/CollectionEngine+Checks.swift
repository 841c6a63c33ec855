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

/// What a host that names elements by hand (a script, the REPL) is told about a name no
/// element has: whether the engine knows its elements as they are now, and the close ids.
extension CollectionEngine {
    /// True when a pass laid out the data as it is now: a pass ran and no reload is scheduled
    /// since, so the last pass's ids are every id there is. O(1).
    package var laidOutCurrentData: Bool { loaded != nil && !needsReload }

    /// The element ids of the last pass's headers that headers providers add (`"0-header"`).
    /// O(h log h) for h headers.
    package var headerIDs: [ItemID] { tree.headerIDs }

    /// True when an element of the last pass has the id `id`: a cell, as `index(of:)` finds
    /// it, or a headers provider's header (`"0-header"`), as `measure(_:size:)` names them.
    /// - Complexity: `index(of:)`'s.
    package func holdsElement(_ id: ItemID) throws -> Bool {
        try tree.headerOwner(of: id) != nil || index(of: id) != nil
    }

    /// `" (did you mean "m2"?)"` for an id no element of the last pass has, among the cells'
    /// ids (and the headers' with `headers`) as a host writes them, else "". On the error path
    /// only. - Complexity: O(n) ids read, then `DidYouMean.suggestions`' over them.
    package func elementHint(for id: ItemID, headers: Bool) throws -> String {
        var names: [String] = [], seen: Set<String> = []
        for index in 0..<tree.flat.count {
            let name = try tree.flat.identifier(at: index).description
            if seen.insert(name).inserted { names.append(name) }
        }
        if headers { for header in tree.headerIDs where seen.insert(header.description).inserted { names.append(header.description) } }
        let close = DidYouMean.suggestions(for: id.description, among: names)
        return close.isEmpty ? "" : DidYouMean.hint(listed(close.map { describeIdentifier($0) }))
    }
}
