/// Places sections (child providers, headers) as the items of an outer layout, as CollectionKit's
/// ComposedProvider does: the outer layout asks each section's size for a proposal, and the answer
/// is the section's content size when laid out in that proposal (the last proposal wins). A section
/// the outer layout never measured is laid out in the size of the frame it was given. With no
/// outer layout, sections are stacked vertically, each offered the whole container.
///
/// - Complexity: one layout of each section per proposal, plus the outer layout.
func arrangeSections(count: Int, outer: (any Layout)?, in size: Size,
                     layoutSection: @escaping (Int, Size) throws -> ProviderLayout) throws -> [ProviderLayout.Part] {
    guard let outer else {
        var y = 0.0
        return try (0..<count).map { s in
            let laid = try layoutSection(s, size)
            defer { y += laid.contentSize.height }
            return ProviderLayout.Part(origin: Point(x: 0, y: y), layout: laid, sticky: false)
        }
    }
    let measured = Box([ProviderLayout?](repeating: nil, count: count))
    let context = LayoutContext(collectionSize: size, count: count, item: { _ in nil }, size: { s, proposal in
        let laid = try layoutSection(s, proposal)
        measured.value[s] = laid
        return laid.contentSize
    })
    let placed = try outer.layout(context)
    return try (0..<count).map { s in
        let frame = try placed.frame(at: s)
        let laid = try measured.value[s] ?? layoutSection(s, frame.size)
        return ProviderLayout.Part(origin: frame.origin, layout: laid, sticky: false)
    }
}

/// A mutable cell shared with an escaping closure.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
