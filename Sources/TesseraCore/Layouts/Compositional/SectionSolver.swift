/// Places one section along the layout's scroll axis (the main axis):
///
///     [headers that extend the boundary] [leading inset] [groups] [trailing inset] [footers that extend]
///
/// The top-level group is sized in the section container (the collection's size less the
/// section's content insets) and solved once; every group of the section is that template moved
/// by whole group pitches (group length + interGroupSpacing) along the main axis.
///
/// An orthogonal section repeats its group along the cross axis instead, inside a scroller as
/// long as the collection and one group deep, from the cross leading inset (or the centring inset
/// of `groupPagingCentered`) to the trailing one; items are given at scroll offset 0.
///
/// Boundary items are sized in the section container and aligned on the section's geometry (the
/// whole section on the main axis, inside the content insets on the cross axis when
/// `supplementariesFollowContentInsets`); a header (or footer) that extends the boundary makes
/// room for itself before (or after) the content, and the room is the tallest such item.
/// Decorations cover the section's geometry less their own insets; a section with a decoration
/// promotes its items to zIndex 1. Badges are placed on their item's cell.
struct SectionSolver {
    var axis: Axis
    var collection: Size
    var solver: GroupSolver

    /// Everything the sections of a layout produce, in flattened item order.
    struct Output {
        var frames: [Rect] = []
        /// One per item; all 0 unless some section has a decoration or a custom zIndex.
        var zIndices: [Int] = []
        var hasZIndices = false
        var elements: [LayoutElement] = []
        var orthogonal: [OrthogonalSection] = []
    }

    /// Appends section `index` (items `items`, flattened) starting at `start` on the main axis to
    /// `output` and returns its geometry.
    func place(_ section: Compositional.Section, index: Int, items: Range<Int>, at start: Double,
               into output: inout Output) throws -> CompositionalResult.SectionGeometry {
        let cross = axis.cross
        let insets = section.contentInsets.resolved(in: collection)
        let container = Size(width: collection.width - insets.leading - insets.trailing,
                             height: collection.height - insets.top - insets.bottom)
        let groupSize = section.group.size.resolved(in: container)
        var template: [GroupSolver.Slot] = []
        try solver.solve(section.group, in: Rect(origin: .zero, size: groupSize), into: &template)
        if template.isEmpty && !items.isEmpty {
            throw LayoutError("a compositional section's group holds no items, so its \(items.count) items have no place")
        }

        // Room taken by boundary items that extend the section before and after its content.
        let follows = section.supplementariesFollowContentInsets
        let boundaryContainer = follows ? container
            : Size(axis: axis, main: container.length(along: axis), cross: collection.length(along: cross))
        let boundarySizes = section.boundaryItems.map { $0.size.resolved(in: boundaryContainer) }
        var before = 0.0, after = 0.0
        for (boundary, size) in zip(section.boundaryItems, boundarySizes) where boundary.extendsBoundary {
            switch boundary.alignment.fraction(along: axis) {
            case 0: before = Swift.max(before, size.length(along: axis))
            case 1: after = Swift.max(after, size.length(along: axis))
            default: break
            }
        }

        // Items: the template group repeated along the main axis, or the cross axis for a scroller.
        let contentMain = start + before + insets.leading(along: axis)
        let contentCross = insets.leading(along: cross)
        let perGroup = template.count
        let groups = perGroup == 0 ? 0 : (items.count + perGroup - 1) / perGroup
        let scrolls = section.orthogonalScrolling != .none
        let repeatAxis = scrolls ? cross : axis
        let pitch = groupSize.length(along: repeatAxis) + section.interGroupSpacing
        let groupsLength = groups == 0 ? 0 : Double(groups) * pitch - section.interGroupSpacing
        var scrollerLeading = insets.leading(along: cross), scrollerTrailing = insets.trailing(along: cross)
        if section.orthogonalScrolling == .groupPagingCentered {
            scrollerLeading = Swift.max(0, (collection.length(along: cross) - groupSize.length(along: cross)) / 2)
            scrollerTrailing = scrollerLeading
        }
        let promoted = section.decorations.isEmpty ? 0 : 1
        let firstElement = output.elements.count
        for i in 0..<items.count {
            let group = i / perGroup
            let slot = template[i - group * perGroup]
            let along = Double(group) * pitch
            let frame = scrolls
                ? slot.frame.offsetBy(axis: axis, main: contentMain, cross: scrollerLeading + along)
                : slot.frame.offsetBy(axis: axis, main: contentMain + along, cross: contentCross)
            output.frames.append(frame)
            let z = Swift.max(slot.zIndex, promoted)
            output.zIndices.append(z)
            if z != 0 { output.hasZIndices = true }
            for badge in slot.item?.supplementaries ?? [] {
                output.elements.append(.supplementary(badge.kind, section: index, index: items.lowerBound + i,
                                                      frame: badge.frame(on: frame), zIndex: badge.zIndex))
            }
        }
        let extent = scrolls ? (groups == 0 ? 0 : groupSize.length(along: axis)) : groupsLength
        var scroller: OrthogonalSection?
        if scrolls && groups > 0 {
            scroller = OrthogonalSection(
                section: index,
                frame: Rect(axis: axis, main: contentMain, cross: 0, mainLength: extent,
                            crossLength: collection.length(along: cross)),
                contentSize: Size(axis: axis, main: extent, cross: scrollerLeading + groupsLength + scrollerTrailing))
            output.orthogonal.append(scroller!)
        }
        let end = contentMain + extent + insets.trailing(along: axis) + after
        let frame = Rect(axis: axis, main: start, cross: 0, mainLength: end - start,
                         crossLength: collection.length(along: cross))

        // Boundary items on the section's geometry; decorations under everything.
        let host = follows
            ? Rect(axis: axis, main: start, cross: contentCross, mainLength: end - start,
                   crossLength: container.length(along: cross))
            : frame
        var sectionElements: [LayoutElement] = section.decorations.map {
            .decoration($0.kind, section: index, frame: $0.contentInsets.resolved(in: frame.size).inset(frame), zIndex: $0.zIndex)
        }
        for (boundary, size) in zip(section.boundaryItems, boundarySizes) {
            let placed = Compositional.RectAlignment.place(size, in: host, containerAnchor: boundary.alignment,
                                                           offset: boundary.offset)
            // Headers pin to the top of the visible area (vertical layouts).
            let pins = boundary.pinned && axis == .vertical && boundary.alignment.fraction(along: axis) == 0
            sectionElements.append(.supplementary(boundary.kind, section: index, frame: placed,
                                                  zIndex: boundary.zIndex, pinned: pins))
        }
        output.elements.insert(contentsOf: sectionElements, at: firstElement)
        return CompositionalResult.SectionGeometry(frame: frame, items: items, groupSize: groupSize, itemsPerGroup: perGroup,
                                                   scrolling: section.orthogonalScrolling, groupPitch: pitch, scroller: scroller)
    }
}
