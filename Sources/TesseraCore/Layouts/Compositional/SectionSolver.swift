/// Places one section along the layout's scroll axis: its content starts after the leading
/// content inset, its groups follow each other `interGroupSpacing` apart, and it ends after the
/// trailing content inset.
///
/// The top-level group is sized in the section container (the collection's size less the
/// section's content insets) and solved once; every group of the section is that template moved
/// by whole group pitches.
struct SectionSolver {
    var axis: Axis
    var collection: Size
    var solver: GroupSolver

    /// Appends the frames of the section's items (`items`, flattened) to `frames` and returns
    /// the section's geometry. `start` is where the section begins on the scroll axis.
    func place(_ section: Compositional.Section, items: Range<Int>, at start: Double,
               into frames: inout [Rect]) throws -> CompositionalResult.SectionGeometry {
        let insets = section.contentInsets.resolved(in: collection)
        let container = Size(width: collection.width - insets.leading - insets.trailing,
                             height: collection.height - insets.top - insets.bottom)
        let groupSize = section.group.size.resolved(in: container)
        var template: [GroupSolver.Slot] = []
        try solver.solve(section.group, in: Rect(origin: .zero, size: groupSize), into: &template)
        if template.isEmpty && !items.isEmpty {
            throw LayoutError("a compositional section's group holds no items, so its \(items.count) items have no place")
        }

        let contentMain = start + insets.leading(along: axis)
        let contentCross = insets.leading(along: axis.cross)
        let pitch = groupSize.length(along: axis) + section.interGroupSpacing
        let perGroup = template.count
        for i in 0..<items.count {
            let group = i / perGroup
            frames.append(template[i - group * perGroup].frame
                .offsetBy(axis: axis, main: contentMain + Double(group) * pitch, cross: contentCross))
        }
        let groups = perGroup == 0 ? 0 : (items.count + perGroup - 1) / perGroup
        let extent = groups == 0 ? 0 : Double(groups) * pitch - section.interGroupSpacing
        let length = insets.leading(along: axis) + extent + insets.trailing(along: axis)
        let frame = Rect(axis: axis, main: start, cross: 0, mainLength: length,
                         crossLength: collection.length(along: axis.cross))
        return CompositionalResult.SectionGeometry(frame: frame, items: items, groupSize: groupSize, itemsPerGroup: perGroup)
    }
}
