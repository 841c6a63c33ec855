/// The geometry of one group, written once over the group's main axis (the one it places its
/// subitems along) and its cross axis.
///
/// 1. The group's content box is its frame shrunk by its content insets; children are sized in it.
/// 2. Main axis: a repeating group walks its subitems cyclically, each taking
///    `leading edge + length + trailing edge` plus the inter-item spacing before it, and stops
///    before the first one that would overflow the content box (the first child is always
///    placed). A count group makes N equal slots that fill the content box exactly.
/// 3. Leftover main-axis length is shared equally by every flexible spring: flexible inter-item
///    gaps and flexible leading/trailing edge spacings of the placed children.
/// 4. Cross axis: a child sits at its leading edge spacing; flexible cross edges take the
///    leftover (both flexible: centred; leading only: pushed to the trailing end).
/// 5. An item's cell is its slot shrunk by its content insets; a nested group is solved in its slot.
///
/// Geometry is left-to-right; right-to-left layouts are mirrored as a whole afterwards.
struct GroupSolver {
    /// One leaf of a solved group: the cell frame and the item blueprint it came from (nil for
    /// a custom group's frame).
    struct Slot {
        var frame: Rect
        var item: Compositional.Item?
        var zIndex: Int
    }

    var layoutDirection: Compositional.LayoutDirection

    /// Appends the leaves of `group`, whose frame is `frame`, to `slots` in placement order.
    func solve(_ group: Compositional.Group, in frame: Rect, into slots: inout [Slot]) throws {
        let content = group.contentInsets.resolved(in: frame.size).inset(frame)
        guard let axis = group.axis else {
            guard case .custom(let provider) = group.arrangement else { return }
            let environment = Compositional.CustomGroupEnvironment(
                contentSize: frame.size, effectiveContentSize: content.size, layoutDirection: layoutDirection)
            for custom in try provider(environment) {
                slots.append(Slot(frame: custom.frame.offsetBy(dx: frame.x, dy: frame.y), item: nil, zIndex: custom.zIndex))
            }
            return
        }
        let children = try mainAxisChildren(of: group, axis: axis, content: content)
        for child in place(children, group: group, axis: axis, content: content) {
            switch child.subitem {
            case .item(let item):
                slots.append(Slot(frame: item.contentInsets.resolved(in: child.frame.size).inset(child.frame),
                                  item: item, zIndex: 0))
            case .group(let nested):
                try solve(nested, in: child.frame, into: &slots)
            }
        }
    }

    /// A child chosen for the group, with its resolved size.
    private struct Child {
        var subitem: Compositional.Subitem
        var size: Size
    }

    /// Which children the group holds along `axis`, in order (step 2).
    private func mainAxisChildren(of group: Compositional.Group, axis: Axis, content: Rect) throws -> [Child] {
        guard let first = group.subitems.first else {
            throw LayoutError("a compositional group needs at least one subitem")
        }
        let length = content.length(along: axis)
        let spacing = group.interItemSpacing?.minimum ?? 0
        if let count = group.count {
            guard count >= 1 else { throw LayoutError("a compositional count group needs count >= 1, got \(count)") }
            let edges = edgeMinimum(first.edgeSpacing, along: axis)
            let slot = (length - spacing * Double(count - 1)) / Double(count) - edges
            let cross = first.size.dimension(along: axis.cross).resolved(in: content.size)
            let size = Size(axis: axis, main: slot, cross: cross)
            return Array(repeating: Child(subitem: first, size: size), count: count)
        }
        let limit = length + 1e-9 * Swift.max(1, abs(length))
        var children: [Child] = []
        var used = 0.0, usedAtCycleStart = 0.0
        while true {
            let subitem = group.subitems[children.count % group.subitems.count]
            let size = subitem.size.resolved(in: content.size)
            let footprint = (children.isEmpty ? 0 : spacing) + size.length(along: axis)
                + edgeMinimum(subitem.edgeSpacing, along: axis)
            if !children.isEmpty && used + footprint > limit { break }
            children.append(Child(subitem: subitem, size: size))
            used += footprint
            if children.count % group.subitems.count == 0 {
                guard used > usedAtCycleStart else {
                    throw LayoutError("a compositional group's subitems take no length along its axis, so it would repeat them forever")
                }
                usedAtCycleStart = used
            }
        }
        return children
    }

    /// The minimum edge spacing on both ends of `axis`.
    private func edgeMinimum(_ edges: Compositional.EdgeSpacing, along axis: Axis) -> Double {
        (edges.leading(along: axis)?.minimum ?? 0) + (edges.trailing(along: axis)?.minimum ?? 0)
    }

    /// The children's frames: main positions with the leftover shared by the flexible springs
    /// (step 3), cross positions from the cross edge spacing (step 4).
    private func place(_ children: [Child], group: Compositional.Group, axis: Axis,
                       content: Rect) -> [(subitem: Compositional.Subitem, frame: Rect)] {
        let cross = axis.cross
        let gap = group.interItemSpacing
        var used = Double(children.count - 1) * (gap?.minimum ?? 0)
        var springs = gap?.isFlexible == true ? children.count - 1 : 0
        for child in children {
            let edges = child.subitem.edgeSpacing
            used += child.size.length(along: axis) + edgeMinimum(edges, along: axis)
            if edges.leading(along: axis)?.isFlexible == true { springs += 1 }
            if edges.trailing(along: axis)?.isFlexible == true { springs += 1 }
        }
        let free = content.length(along: axis) - used
        let extra = springs > 0 && free > 0 ? free / Double(springs) : 0
        func width(_ spacing: Compositional.Spacing?) -> Double {
            guard let spacing else { return 0 }
            return spacing.minimum + (spacing.isFlexible ? extra : 0)
        }

        var position = content.start(along: axis)
        return children.enumerated().map { k, child in
            let edges = child.subitem.edgeSpacing
            if k > 0 { position += width(gap) }
            position += width(edges.leading(along: axis))
            let start = position
            position += child.size.length(along: axis) + width(edges.trailing(along: axis))

            let before = edges.leading(along: cross), after = edges.trailing(along: cross)
            let crossFree = content.length(along: cross) - child.size.length(along: cross)
                - (before?.minimum ?? 0) - (after?.minimum ?? 0)
            var offset = before?.minimum ?? 0
            if crossFree > 0 {
                switch (before?.isFlexible == true, after?.isFlexible == true) {
                case (true, true): offset += crossFree / 2
                case (true, false): offset += crossFree
                default: break
                }
            }
            let frame = Rect(axis: axis, main: start, cross: content.start(along: cross) + offset,
                             mainLength: child.size.length(along: axis),
                             crossLength: child.size.length(along: cross))
            return (child.subitem, frame)
        }
    }
}
