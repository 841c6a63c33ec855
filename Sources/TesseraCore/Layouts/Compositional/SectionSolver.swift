/// Places one section along the layout's scroll axis (the main axis):
///
///     [headers that extend the boundary] [leading inset] [groups] [trailing inset] [footers that extend]
///
/// The top-level group is sized in the section container (the collection's size less the
/// section's content insets) and solved once; every group of the section is that template moved
/// by whole group pitches (group length + interGroupSpacing) along the main axis. A group with
/// estimated dimensions is solved group by group instead, with its items measured, and each group
/// takes its solved length.
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
/// promotes its items to zIndex 1. A pinned boundary item is pushed by the far edge of that same
/// geometry (`pinLimit`). Badges are placed on their item's cell, a group's supplementaries on
/// the group's frame.
struct SectionSolver {
    var axis: Axis
    var collection: Size
    /// The insets the section's content insets are measured from (its `contentInsetsReference`);
    /// only their cross-axis edges are used.
    var reference: EdgeInsets = .zero
    /// The direction the layout is read in, which custom groups' providers see (the solver
    /// itself always works left to right).
    var layoutDirection: Compositional.LayoutDirection
    /// Item k's size (k counted within the section) for a proposal, by the item's size rule.
    var measure: ((Int, Size) throws -> Size)?

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
        var insets = section.contentInsets.resolved(in: collection)
        // The reference's cross edges, in points from the collection's: the section's own
        // geometry starts there.
        let referenceLeading = axis == .vertical ? reference.left : reference.top
        let referenceTrailing = axis == .vertical ? reference.right : reference.bottom
        if axis == .vertical { insets.leading += referenceLeading; insets.trailing += referenceTrailing }
        else { insets.top += referenceLeading; insets.bottom += referenceTrailing }
        // Insets wider than the collection leave an empty container, not a negative one: its
        // groups and items shrink to zero size where the insets put them.
        let container = Size(width: Swift.max(0, collection.width - insets.leading - insets.trailing),
                             height: Swift.max(0, collection.height - insets.top - insets.bottom))
        let groupSize = section.group.size.resolved(in: container)
        let scrolls = section.orthogonalScrolling != .none
        let repeatAxis = scrolls ? cross : axis
        let groups = try solveGroups(section.group, size: groupSize, items: items.count, repeatAxis: repeatAxis,
                                     spacing: section.interGroupSpacing)

        // Room taken by boundary items that extend the section before and after its content.
        let follows = section.supplementariesFollowContentInsets
        let sectionCross = Swift.max(0, collection.length(along: cross) - referenceLeading - referenceTrailing)
        let boundaryContainer = follows ? container
            : Size(axis: axis, main: container.length(along: axis), cross: sectionCross)
        let boundarySizes = section.boundaryItems.map { $0.size.resolved(in: boundaryContainer) }
        let (before, after) = Compositional.BoundaryItem.room(section.boundaryItems, sizes: boundarySizes, along: axis)

        // Items: the template group repeated along the main axis, or the cross axis for a scroller.
        let contentMain = start + before + insets.leading(along: axis)
        let contentCross = insets.leading(along: cross)
        var scrollerLeading = insets.leading(along: cross), scrollerTrailing = insets.trailing(along: cross)
        if section.orthogonalScrolling == .groupPagingCentered {
            scrollerLeading = Swift.max(0, (collection.length(along: cross) - groupSize.length(along: cross)) / 2)
            scrollerTrailing = scrollerLeading
        }
        let promoted = section.decorations.isEmpty ? 0 : 1
        let firstElement = output.elements.count
        let zIndices = groups.zIndices.map { Swift.max($0, promoted) }
        if zIndices.contains(where: { $0 != 0 }) { output.hasZIndices = true }
        // Leaves placed for the first group; a later group only moves along the repeat axis.
        // Frames and zIndices are written in place (appending item by item costs a uniqueness
        // and capacity check each).
        let groupCross = scrolls ? scrollerLeading : contentCross
        let placed = groups.frames.map { $0.offsetBy(axis: axis, main: contentMain, cross: groupCross) }
        let alongX = repeatAxis == .horizontal
        let first = output.frames.count
        output.frames.append(contentsOf: repeatElement(Rect(x: 0, y: 0, width: 0, height: 0), count: items.count))
        output.zIndices.append(contentsOf: repeatElement(0, count: items.count))
        output.frames.withUnsafeMutableBufferPointer { frames in
            output.zIndices.withUnsafeMutableBufferPointer { z in
                groups.forEachPlacement(items.count) { i, leaf, along in
                    var frame = placed[leaf]
                    if alongX { frame.x += along } else { frame.y += along }
                    frames[first + i] = frame
                    z[first + i] = zIndices[leaf]
                }
            }
        }
        if groups.hasBadges {
            groups.forEachPlacement(items.count) { i, leaf, along in
                for badge in groups.badges[leaf] {
                    // A group's host moves as its leaves do; an item's is its cell.
                    var host = output.frames[first + i]
                    if let groupFrame = badge.host {
                        host = groupFrame.offsetBy(axis: axis, main: contentMain, cross: groupCross)
                        if alongX { host.x += along } else { host.y += along }
                    }
                    let supplementary = badge.supplementary
                    var element = LayoutElement.supplementary(supplementary.kind, section: index, index: items.lowerBound + i,
                                                              frame: supplementary.frame(on: host), zIndex: supplementary.zIndex)
                    element.groupLevel = badge.groupLevel
                    output.elements.append(element)
                }
            }
        }
        let groupsLength = groups.length
        let extent = scrolls ? groups.depth : groupsLength
        var scroller: OrthogonalSection?
        if scrolls && !items.isEmpty {
            scroller = OrthogonalSection(
                section: index,
                frame: Rect(axis: axis, main: contentMain, cross: 0, mainLength: extent,
                            crossLength: collection.length(along: cross)),
                contentSize: Size(axis: axis, main: extent, cross: scrollerLeading + groupsLength + scrollerTrailing))
            output.orthogonal.append(scroller!)
        }
        let end = contentMain + extent + insets.trailing(along: axis) + after
        let frame = Rect(axis: axis, main: start, cross: referenceLeading, mainLength: end - start,
                         crossLength: sectionCross)

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
            let pin = boundary.pinEdge(along: axis)
            var element = LayoutElement.supplementary(boundary.kind, section: index, frame: placed,
                                                      zIndex: boundary.zIndex, pinned: pin != nil, pinEdge: pin ?? .top)
            element.pinUntil = pin.map { Self.pinLimit($0, of: frame) }
            sectionElements.append(element)
        }
        output.elements.insert(contentsOf: sectionElements, at: firstElement)
        return CompositionalResult.SectionGeometry(frame: frame, items: items, groupSize: groupSize, itemsPerGroup: groups.isTemplate ? groups.frames.count : 0,
                                                   scrolling: section.orthogonalScrolling, groupPitch: groups.pitch, scroller: scroller)
    }

    /// Where a boundary item pinned to `edge` stops: the far edge of its section's geometry
    /// (what a background covers: content insets and extending boundary items included), so the
    /// item stays in view while any part of its section does, with a background or without.
    static func pinLimit(_ edge: LayoutElement.PinEdge, of section: Rect) -> Double {
        switch edge {
        case .top: return section.maxY
        case .bottom: return section.minY
        case .left: return section.maxX
        case .right: return section.minX
        }
    }

    /// The section's groups: one template repeated every `pitch`, or groups solved one by one.
    /// Leaves are kept as flat arrays (frame relative to its group, zIndex, badges), so placing
    /// an item copies no item model.
    struct Groups {
        /// True when every group is the template (leaf = item mod leaves); else leaf = item.
        var isTemplate: Bool
        var frames: [Rect] = []
        var zIndices: [Int] = []
        var badges: [[GroupSolver.Badge]] = []
        var hasBadges = false
        var pitch: Double
        /// For groups solved one by one: where each item's group starts along the repeat axis.
        var starts: [Double] = []
        /// Length along the repeat axis from the first group's start to the last group's end.
        var length: Double
        /// The deepest group on the other axis.
        var depth: Double

        init(isTemplate: Bool, pitch: Double, length: Double, depth: Double) {
            self.isTemplate = isTemplate; self.pitch = pitch; self.length = length; self.depth = depth
        }

        mutating func append(_ slots: [GroupSolver.Slot]) {
            for slot in slots {
                frames.append(slot.frame)
                zIndices.append(slot.zIndex)
                badges.append(slot.badges)
                if !slot.badges.isEmpty { hasBadges = true }
            }
        }

        /// Calls `body(item, leaf, groupStart)` for items `0..<count` in order. O(count).
        @inline(__always)
        func forEachPlacement(_ count: Int, _ body: (Int, Int, Double) -> Void) {
            if isTemplate {
                let n = frames.count
                var i = 0, group = 0
                while i < count {
                    let along = Double(group) * pitch
                    for leaf in 0..<Swift.min(n, count - i) { body(i + leaf, leaf, along) }
                    i += n
                    group += 1
                }
            } else {
                for i in 0..<count { body(i, i, starts[i]) }
            }
        }
    }

    /// Solves the section's groups for `items` items: once as a template when nothing is
    /// estimated, else group by group with measured items.
    func solveGroups(_ group: Compositional.Group, size: Size, items: Int, repeatAxis: Axis,
                     spacing: Double) throws -> Groups {
        let other = repeatAxis == axis ? axis.cross : axis
        func empty() -> LayoutError {
            .unsolvableGroup(.holdsNoItems(items: items))
        }
        guard let measure, group.hasEstimatedDimension else {
            var solver = GroupSolver(layoutDirection: layoutDirection)
            let template = try solver.solve(group, size: size).slots
            if template.isEmpty && items > 0 { throw empty() }
            let pitch = size.length(along: repeatAxis) + spacing
            let count = template.isEmpty ? 0 : (items + template.count - 1) / template.count
            var groups = Groups(isTemplate: true, pitch: pitch, length: count == 0 ? 0 : Double(count) * pitch - spacing,
                                depth: count == 0 ? 0 : size.length(along: other))
            groups.append(template)
            return groups
        }
        var groups = Groups(isTemplate: false, pitch: size.length(along: repeatAxis) + spacing, length: 0, depth: 0)
        var next = 0
        var solvedGroups: [(leaves: Int, length: Double)] = []
        while next < items {
            var solver = GroupSolver(layoutDirection: layoutDirection, measure: measure)
            solver.firstLeaf = next
            solver.limit = items - next
            let solved = try solver.solve(group, size: size)
            guard !solved.slots.isEmpty else { throw empty() }
            groups.append(solved.slots)
            next += solved.slots.count
            solvedGroups.append((solved.slots.count, solved.size.length(along: repeatAxis)))
            groups.depth = Swift.max(groups.depth, solved.size.length(along: other))
        }
        // A section's outermost group uniform across siblings: every group takes the longest's length.
        let shared = group.size.dimension(along: repeatAxis).isUniformAcrossSiblings ? solvedGroups.map(\.length).max() : nil
        var start = 0.0
        for (leaves, length) in solvedGroups {
            groups.starts += repeatElement(start, count: leaves)
            groups.length = start + (shared ?? length)
            start = groups.length + spacing
        }
        return groups
    }
}
