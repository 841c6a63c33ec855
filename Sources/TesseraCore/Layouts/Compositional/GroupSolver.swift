/// The geometry of one group, written once over the group's main axis (the one it places its
/// subitems along) and its cross axis.
///
/// 1. The group's content box is its size less its content insets; children are sized in it.
///    A nested group is solved first, so a parent places it by its solved size.
/// 2. Main axis: a repeating group walks its subitems cyclically, each taking
///    `leading edge + length + trailing edge` plus the inter-item spacing before it, and stops
///    before the first one that would overflow the content box (the first child is always
///    placed). A count group makes N equal slots that fill the content box exactly; a
///    repeating group places N copies of its subitem at its own size, whether they fit or not.
/// 3. Estimated sizes: an item with an estimated dimension is measured (`measure`, the item's
///    size rule) and its content insets are ignored on that axis; a group with an estimated
///    dimension takes its content's length on that axis (on its main axis it holds each subitem
///    once, or `count` of them).
/// 4. Leftover main-axis length is shared equally by every flexible spring: flexible inter-item
///    gaps and flexible leading/trailing edge spacings of the placed children.
/// 5. Cross axis: a child sits at its leading edge spacing; flexible cross edges take the
///    leftover (both flexible: centred; leading only: pushed to the trailing end).
///
/// 6. Supplementaries: an item's badges and each group's own (hosted on the group's frame) ride
///    on the leaf whose index they follow, the group's first.
///
/// Leaves are numbered in placement order; `limit` stops the group when the section runs out of
/// items. Geometry is left-to-right; right-to-left layouts are mirrored as a whole afterwards.
struct GroupSolver {
    /// One leaf of a solved group: the cell frame, and the supplementaries that follow its index:
    /// those of the groups it is the first leaf of (outermost first), then its item's badges.
    struct Slot {
        var frame: Rect
        var badges: [Badge]
        var zIndex: Int
    }

    /// A supplementary and its host: a group's frame (relative to the same origin as the leaf
    /// frames), or nil for the leaf's own cell.
    struct Badge {
        var supplementary: Compositional.ItemSupplementary
        var host: Rect?
        /// The host group's depth (1: the section's group), 0 for the leaf's own cell.
        var groupLevel = 0
    }

    /// A solved group or item: its size and its leaves relative to its origin.
    struct Solved {
        var size: Size
        var slots: [Slot]
    }

    /// The direction the layout is read in, which custom groups' providers see.
    var layoutDirection: Compositional.LayoutDirection
    /// The size of leaf `k` (counted from `firstLeaf`) for a proposal, by the item's size rule;
    /// nil uses estimates as they are.
    var measure: ((Int, Size) throws -> Size)?
    /// Index given to the first leaf placed.
    var firstLeaf = 0
    /// Leaves this solver may place at most.
    var limit = Int.max
    /// Leaves placed so far.
    private(set) var placed = 0
    /// How deep the group being solved is (1: the section's group).
    private var depth = 0

    init(layoutDirection: Compositional.LayoutDirection, measure: ((Int, Size) throws -> Size)? = nil) {
        self.layoutDirection = layoutDirection
        self.measure = measure
    }

    /// Solves `group` at the size `size` (its layout size resolved in its container, estimates
    /// at their estimate). The result's size differs from `size` only on estimated axes.
    mutating func solve(_ group: Compositional.Group, size: Size) throws -> Solved {
        depth += 1
        defer { depth -= 1 }
        let insets = group.contentInsets.resolved(in: size)
        let content = insets.inset(Rect(origin: .zero, size: size))
        guard let axis = group.axis else {
            guard case .custom(let provider) = group.arrangement else { return Solved(size: size, slots: []) }
            let environment = Compositional.CustomGroupEnvironment(
                contentSize: size, effectiveContentSize: content.size, layoutDirection: layoutDirection)
            var slots: [Slot] = []
            for custom in try provider(environment) where placed < limit {
                slots.append(Slot(frame: custom.frame, badges: [], zIndex: custom.zIndex))
                try place()
            }
            return Solved(size: size, slots: Self.anchoring(group.supplementaries, size: size, level: depth, to: slots))
        }
        let children = Self.uniformed(try mainAxisChildren(of: group, axis: axis, content: content))

        // Estimated group axes follow the content.
        var box = content
        var solvedSize = size
        if group.size.dimension(along: axis).isEstimated, measure != nil {
            let used = mainAxisLength(children, group: group, axis: axis)
            solvedSize = Size(axis: axis, main: used + insets.total(along: axis), cross: solvedSize.length(along: axis.cross))
            box = Rect(axis: axis, main: box.start(along: axis), cross: box.start(along: axis.cross),
                       mainLength: used, crossLength: box.length(along: axis.cross))
        }
        let cross = axis.cross
        if group.size.dimension(along: cross).isEstimated, measure != nil {
            let deepest = children.map { $0.size.length(along: cross) + edgeMinimum($0.subitem.edgeSpacing, along: cross) }.max() ?? 0
            solvedSize = Size(axis: axis, main: solvedSize.length(along: axis), cross: deepest + insets.total(along: cross))
            box = Rect(axis: axis, main: box.start(along: axis), cross: box.start(along: cross),
                       mainLength: box.length(along: axis), crossLength: deepest)
        }

        var slots: [Slot] = []
        for (child, frame) in zip(children, place(children, group: group, axis: axis, content: box)) {
            switch child.subitem {
            case .item(let item):
                var cellInsets = item.contentInsets.resolved(in: frame.size)
                if item.size.width.isEstimated { cellInsets.leading = 0; cellInsets.trailing = 0 }
                if item.size.height.isEstimated { cellInsets.top = 0; cellInsets.bottom = 0 }
                slots.append(Slot(frame: cellInsets.inset(frame),
                                  badges: item.supplementaries.map { Badge(supplementary: $0, host: nil) }, zIndex: 0))
            case .group:
                for var slot in child.leaves {
                    slot.frame = slot.frame.offsetBy(dx: frame.x, dy: frame.y)
                    for k in slot.badges.indices { slot.badges[k].host = slot.badges[k].host?.offsetBy(dx: frame.x, dy: frame.y) }
                    slots.append(slot)
                }
            }
        }
        return Solved(size: solvedSize, slots: Self.anchoring(group.supplementaries, size: solvedSize, level: depth, to: slots))
    }

    /// `children` with those uniform across siblings on an axis grown to the largest length among
    /// them on that axis (a nested group's frame grows; its leaves stay where they were solved).
    private static func uniformed(_ children: [Child]) -> [Child] {
        // Most groups have none: no copy, no allocation.
        guard children.contains(where: {
            $0.subitem.size.width.isUniformAcrossSiblings || $0.subitem.size.height.isUniformAcrossSiblings
        }) else { return children }
        var children = children
        for axis in [Axis.horizontal, .vertical] {
            let uniform = children.indices.filter { children[$0].subitem.size.dimension(along: axis).isUniformAcrossSiblings }
            guard uniform.count > 1 else { continue }
            let largest = uniform.map { children[$0].size.length(along: axis) }.max() ?? 0
            for k in uniform {
                children[k].size = Size(axis: axis, main: largest, cross: children[k].size.length(along: axis.cross))
            }
        }
        return children
    }

    /// `slots` with the group's own supplementaries (hosted on the group, of size `size`, at its
    /// origin) put first on its first leaf; a group that holds no leaf has none.
    private static func anchoring(_ supplementaries: [Compositional.ItemSupplementary], size: Size, level: Int,
                                  to slots: [Slot]) -> [Slot] {
        guard !supplementaries.isEmpty, !slots.isEmpty else { return slots }
        var slots = slots
        let host = Rect(origin: .zero, size: size)
        slots[0].badges.insert(contentsOf: supplementaries.map { Badge(supplementary: $0, host: host, groupLevel: level) }, at: 0)
        return slots
    }

    /// A child chosen for the group, with its solved size (and leaves, for a nested group).
    private struct Child {
        var subitem: Compositional.Subitem
        var size: Size
        var leaves: [Slot] = []
    }

    /// Sizes (and, for a nested group, solves) `subitem` at `size`, placing its leaves.
    private mutating func child(_ subitem: Compositional.Subitem, size: Size) throws -> Child {
        switch subitem {
        case .item(let item):
            var measured = size
            if let measure, item.size.width.isEstimated || item.size.height.isEstimated {
                let fitted = try measure(firstLeaf + placed, size)
                if item.size.width.isEstimated { measured.width = fitted.width }
                if item.size.height.isEstimated { measured.height = fitted.height }
            }
            try place()
            return Child(subitem: subitem, size: measured)
        case .group(let group):
            let solved = try solve(group, size: size)
            return Child(subitem: subitem, size: solved.size, leaves: solved.slots)
        }
    }

    /// Which children the group holds along `axis`, in order (steps 2 and 3).
    private mutating func mainAxisChildren(of group: Compositional.Group, axis: Axis, content: Rect) throws -> [Child] {
        guard let first = group.subitems.first else {
            throw LayoutError.unsolvableGroup(.noSubitems)
        }
        let length = content.length(along: axis)
        let spacing = group.interItemSpacing?.minimum ?? 0
        // Measured items are proposed the whole container on their estimated axes.
        func proposal(_ subitem: Compositional.Subitem, _ resolved: Size) -> Size {
            guard case .item(let item) = subitem else { return resolved }
            return Size(width: item.size.width.isEstimated ? content.width : resolved.width,
                        height: item.size.height.isEstimated ? content.height : resolved.height)
        }
        if let repeating = group.repeating {
            try group.checkRepeating()
            let size = proposal(first, first.size.resolved(in: content.size))
            var children: [Child] = []
            while children.count < repeating && placed < limit {
                children.append(try child(first, size: size))
            }
            return children
        }
        if let count = group.count {
            guard count >= 1, count <= Compositional.Group.maxLeaves else {
                throw LayoutError.invalidParameter(name: "count", allowed: "a count from 1 to \(NumberText.grouped(Compositional.Group.maxLeaves))",
                                                   got: "\(count)", subject: "a compositional count group", verb: "needs")
            }
            let edges = edgeMinimum(first.edgeSpacing, along: axis)
            // Gaps wider than the group leave slots of no length, not negative ones.
            let slot = Swift.max(0, (length - spacing * Double(count - 1)) / Double(count) - edges)
            let crossLength = first.size.dimension(along: axis.cross).resolved(in: content.size)
            var children: [Child] = []
            while children.count < count && placed < limit {
                children.append(try child(first, size: proposal(first, Size(axis: axis, main: slot, cross: crossLength))))
            }
            return children
        }
        let once = group.size.dimension(along: axis).isEstimated && measure != nil
        let limitLength = length + 1e-9 * Swift.max(1, abs(length))
        var children: [Child] = []
        var used = 0.0, usedAtCycleStart = 0.0, placedAtCycleStart = placed
        var cycleLength = 0.0   // the footprints added in this cycle: positive yet `used` unchanged means rounding ate them
        while placed < limit, !(once && children.count == group.subitems.count) {
            let subitem = group.subitems[children.count % group.subitems.count]
            let resolved = subitem.size.resolved(in: content.size)
            func footprint(_ size: Size) -> Double {
                (children.isEmpty ? 0 : spacing) + size.length(along: axis) + edgeMinimum(subitem.edgeSpacing, along: axis)
            }
            func overflows(_ size: Size) -> Bool { !once && !children.isEmpty && used + footprint(size) > limitLength }
            // A known length is tested before the child is solved, so nothing is solved in vain.
            let knownLength = measure == nil || !subitem.size.dimension(along: axis).isEstimated
            if knownLength && overflows(resolved) { break }
            let placedBefore = placed
            let next = try child(subitem, size: proposal(subitem, resolved))
            if overflows(next.size) {
                placed = placedBefore    // not placed after all; measurements are cached by the caller
                break
            }
            used += footprint(next.size)
            cycleLength += footprint(next.size)
            children.append(next)
            guard used.isFinite else {
                throw LayoutError.unsolvableGroup(.lengthOverflow)
            }
            if children.count % group.subitems.count == 0 {
                guard used > usedAtCycleStart || placed > placedAtCycleStart && limit != Int.max else {
                    // A group squeezed to no length (insets wider than its container) holds one
                    // round of its subitems, each of no length, rather than none or forever.
                    if length <= 0 && cycleLength == 0 { break }
                    if cycleLength > 0 {
                        throw LayoutError.unsolvableGroup(.roundTooShort(roundLength: cycleLength, used: used))
                    }
                    throw LayoutError.unsolvableGroup(.noLength)
                }
                usedAtCycleStart = used
                cycleLength = 0
                placedAtCycleStart = placed
            }
        }
        return children
    }

    /// Counts one more leaf placed; more than `Compositional.Group.maxLeaves` is an error.
    private mutating func place() throws {
        placed += 1
        guard placed <= Compositional.Group.maxLeaves else {
            throw LayoutError.unsolvableGroup(.tooManyItems(limit: Compositional.Group.maxLeaves))
        }
    }

    /// The minimum edge spacing on both ends of `axis`.
    private func edgeMinimum(_ edges: Compositional.EdgeSpacing, along axis: Axis) -> Double {
        (edges.leading(along: axis)?.minimum ?? 0) + (edges.trailing(along: axis)?.minimum ?? 0)
    }

    /// The length the children take along `axis` with every spring at its minimum.
    private func mainAxisLength(_ children: [Child], group: Compositional.Group, axis: Axis) -> Double {
        var used = Double(Swift.max(children.count - 1, 0)) * (group.interItemSpacing?.minimum ?? 0)
        for child in children { used += child.size.length(along: axis) + edgeMinimum(child.subitem.edgeSpacing, along: axis) }
        return used
    }

    /// The children's frames: main positions with the leftover shared by the flexible springs
    /// (step 4), cross positions from the cross edge spacing (step 5).
    private func place(_ children: [Child], group: Compositional.Group, axis: Axis, content: Rect) -> [Rect] {
        let cross = axis.cross
        let gap = group.interItemSpacing
        var springs = gap?.isFlexible == true ? Swift.max(children.count - 1, 0) : 0
        for child in children {
            let edges = child.subitem.edgeSpacing
            if edges.leading(along: axis)?.isFlexible == true { springs += 1 }
            if edges.trailing(along: axis)?.isFlexible == true { springs += 1 }
        }
        let free = content.length(along: axis) - mainAxisLength(children, group: group, axis: axis)
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
            return Rect(axis: axis, main: start, cross: content.start(along: cross) + offset,
                        mainLength: child.size.length(along: axis), crossLength: child.size.length(along: cross))
        }
    }
}
