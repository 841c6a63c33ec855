/// Measured sizes (UIKit's self-sizing cells, a virtualizer's `measureElement`): the host
/// reports the size its view of an element really has, and that size replaces the size rule's,
/// a compositional estimate's or a script's `ctx:size` answer in every later pass.
///
/// A measurement is kept by the element's id, with the data the element was bound to when it
/// was measured: a reload that binds other data to it forgets the measurement, as does
/// `measure(_:size: nil)`. Measuring only schedules a relayout, so any number of measurements
/// between two passes cost one pass. Ids are resolved to the providers that lay the elements
/// out once per pass: through the visible views, else a table of every id built once per reload.
extension CollectionEngine {
    /// One measurement: the size, and the data the element showed when it was measured (nil
    /// until it is seen).
    struct Measurement {
        var size: Size
        var data: JSONValue?
    }

    /// Reports that the host's view of element `id` (a cell's id, or a header's element id such
    /// as `"0-header"`; a scoped id may be named by its printed form, a plain one by its other
    /// spelling as `index(of:)` says) is `size`; nil forgets the measurement. Schedules a
    /// relayout; nothing runs until the next pass. A size equal to the one already measured
    /// schedules nothing. An id that no element has yet is kept, through passes and reloads
    /// that do not bring it, and sizes its element from the pass it arrives in. So an id is never
    /// an error: a host whose cell reports its size just as its data is deleted (a race with the
    /// reload) measures an element that is gone, which changes no frame; the measurement keeps
    /// the data the cell showed, so an item that arrives later with that id and other data is
    /// not sized by it. (A script names ids by hand: the Lua `e:measure` refuses one that no
    /// element of the data as it is now has.)
    /// - Throws: `LayoutError.invalidParameter` for a width or height that is not a number
    ///   from 0 to `Item.largestSize` (nothing changes).
    /// - Complexity: O(1) for a visible element; else, under `.none` before a reload is
    ///   scheduled, a look-up in the id table that the next pass builds anyway (O(n) once).
    public func measure(_ id: ItemID, size: Size?) throws {
        guard let size else {
            if let old = measurements.removeValue(forKey: id) { needsRelayout = true; noteMeasured(id, before: old) }
            return
        }
        guard Item.isAllowedSize(size.width), Item.isAllowedSize(size.height) else {
            throw LayoutError.invalidParameter(name: "size", allowed: "numbers \(Item.sizeRange)",
                                               got: "\(NumberText.exact(size.width))x\(NumberText.exact(size.height))",
                                               subject: "the measured size of \(describeIdentifier(id))", verb: "must be")
        }
        if measurements[id]?.size == size { return }
        let data = views.first { ItemID.names($0.id, id) && ($0.category == .item || $0.category == .supplementary) }?.data
        let old = measurements[id]
        measurements[id] = Measurement(size: size, data: data ?? old?.data)
        needsRelayout = true
        noteMeasured(id, before: old)
    }

    /// Marks `id` measured for the next pass, keeping what it measured before the first change
    /// since the last pass, and, under `.none` while no reload is scheduled, whether the shown
    /// tree holds it (a reload in the same pass tells its sizes from its data by it).
    /// O(1) for a visible id, else a look-up in the id table the next pass builds anyway.
    private func noteMeasured(_ id: ItemID, before old: Measurement?) {
        guard measuredSinceLastPass.insert(id).inserted else { return }
        if let old { measuredBeforePass[id] = old }
        if anchor == .none, !needsReload, loaded != nil {
            let index = try? tree.index(of: id, hint: visibleIndex(of: id))
            heldWhenMeasured[id] = tree.headerOwner(of: id) != nil || index.flatMap { $0 } != nil
        }
    }

    /// The size the host measured for `id`, if it is kept. O(1).
    public func measuredSize(of id: ItemID) -> Size? { measurements[id]?.size }

    /// Every kept measurement, by element id.
    public var measuredSizes: [ItemID: Size] { measurements.mapValues(\.size) }

    /// The tree laid out again from the items measured since the last pass on, reusing the last
    /// pass's result, when nothing else changed (no layout, size rule, viewport size or guides) and the
    /// root is a basic provider whose layout splices (flow, waterfall); nil when a full layout
    /// is due. Headers providers, composed trees and scripts lay out in full.
    /// - Complexity: O(measured since the last pass + re-placed items).
    func splicedTree(measured: MeasuredSizes) throws -> EngineTree? {
        guard !layoutChanged, !measuredSinceLastPass.isEmpty, loaded?.viewportSize == scrollState.viewportSize, !guidesChanged,
              let root = provider as? BasicProvider else { return nil }
        var changed: ClosedRange<Int>?
        for id in measuredSinceLastPass {
            guard tree.headerOwner(of: id) == nil else { return nil }
            guard let i = try tree.index(of: id, hint: visibleIndex(of: id)) else { continue }
            changed = changed.map { min($0.lowerBound, i)...max($0.upperBound, i) } ?? i...i
        }
        guard let changed else { return tree }
        return try root.relaidOut(in: viewportSize, guides: guides, measured: measured, previous: tree.result,
                                  changed: changed.lowerBound..<(changed.upperBound + 1)).map(tree.showing)
    }

    /// The measurements resolved against `tree`'s items: each to the provider that lays its
    /// element out. With `rebinding` (a reload), a measurement whose
    /// element now shows other data is forgotten. Ids the tree does not hold are kept for later.
    /// The last resolution is kept for its items: a relayout of the same items after new
    /// measurements (none forgotten) updates it in place.
    /// - Complexity: O(m) lookups for m measurements, plus O(n) once per tree when a measured id
    ///   is not visible; O(k log m) for k new measurements when updating.
    func resolvedMeasurements(in tree: EngineTree, rebinding: Bool) throws -> MeasuredSizes {
        if !rebinding, var kept = resolved, kept.flattening === tree.idTable,
           measuredSinceLastPass.allSatisfy({ measurements[$0] != nil }) {
            resolved = nil  // `kept` alone holds the tables, so they update in place
            for id in measuredSinceLastPass {
                guard let size = measurements[id]?.size else { continue }
                if let (owner, section) = tree.headerOwner(of: id) {
                    kept.sizes.headers[ObjectIdentifier(owner), default: [:]][section] = size
                } else if let index = try tree.index(of: id, hint: visibleIndex(of: id)) {
                    let (leaf, local) = tree.flat.locate(index)
                    kept.sizes.items[ObjectIdentifier(leaf.owner), default: MeasuredOverrides()].set(local, size)
                }
            }
            resolved = kept
            return kept.sizes
        }
        let sizes = try resolvingAll(in: tree, rebinding: rebinding)
        resolved = Resolution(flattening: tree.idTable, sizes: sizes)
        return sizes
    }

    /// The flattened index of the visible cell `id` names: a hint for `EngineTree.index(of:hint:)`.
    /// O(views).
    private func visibleIndex(of id: ItemID) -> Int? {
        views.first { $0.category == .item && ItemID.names($0.id, id) }?.index
    }

    /// The measurements resolved against the items of `flattening` (folding a measurement in
    /// again sets the same size, so a pass that throws may run again).
    struct Resolution {
        var flattening: EngineTree.IDTable
        var sizes: MeasuredSizes
    }

    /// The measurements as a reload expects to resolve them, before it lays the tree out: each
    /// to the provider that held its element in the last pass (a visible view's, else as the
    /// last pass's id table found it), at the item of that provider's data that has its id now
    /// (the same place, else the first), a header to its headers provider. The last tree's
    /// owners may hold other data now, so it is asked nothing but where its items were.
    /// Nothing is forgotten here; a measurement whose item's data changed is left out, as the
    /// reload's resolution forgets it. The reload checks the expectation against the items it
    /// laid out (`resolvedMeasurements`).
    /// - Complexity: O(m) lookups for m measurements, plus O(n) per provider whose measured
    ///   items moved.
    func expectedMeasurements() throws -> MeasuredSizes {
        var sizes = MeasuredSizes()
        guard !measurements.isEmpty else { return sizes }
        var items: [ObjectIdentifier: [Int: Size]] = [:]
        var visible: [ItemID: Int] = [:]
        for view in views where view.category == .item { visible[view.id] = view.index; visible[.string(view.id.description)] = view.index }
        var tables: [ObjectIdentifier: [ItemID: Int]] = [:]
        for (id, m) in measurements {
            if let (owner, section) = tree.headerOwner(of: id) {
                sizes.headers[ObjectIdentifier(owner), default: [:]][section] = m.size
                continue
            }
            guard let index = visible.named(id) ?? tree.knownIndex(of: id), index < tree.count else { continue }
            let (leaf, was) = tree.flat.locate(index)
            let owner = leaf.owner, key = ObjectIdentifier(owner)
            let names = { (k: Int) throws -> Bool in ItemID.names(.scoped(in: leaf.scope, try owner.identifier(at: k)), id) }
            var local: Int?
            if was < owner.ownedCount, try names(was) {
                local = was
            } else {
                if tables[key] == nil {
                    var table: [ItemID: Int] = [:]
                    for k in 0..<owner.ownedCount {
                        let scoped = ItemID.scoped(in: leaf.scope, try owner.identifier(at: k))
                        if table[scoped] == nil { table[scoped] = k }
                        if case .scoped = scoped, table[.string(scoped.description)] == nil { table[.string(scoped.description)] = k }
                    }
                    tables[key] = table
                }
                local = tables[key]!.named(id)
            }
            guard let local else { continue }
            if let seen = m.data, seen != owner.value(at: local) { continue }
            items[key, default: [:]][local] = m.size
        }
        sizes.items = items.mapValues(MeasuredOverrides.init)
        return sizes
    }

    /// Every measurement resolved anew (see `resolvedMeasurements`). O(m + m log m).
    private func resolvingAll(in tree: EngineTree, rebinding: Bool) throws -> MeasuredSizes {
        var sizes = MeasuredSizes()
        guard !measurements.isEmpty else { return sizes }
        var items: [ObjectIdentifier: [Int: Size]] = [:]
        var visible: [ItemID: Int] = [:]
        for view in views where view.category == .item { visible[view.id] = view.index; visible[.string(view.id.description)] = view.index }
        var forgotten: [ItemID] = []
        for (id, m) in measurements {
            if let (owner, section) = tree.headerOwner(of: id) {
                sizes.headers[ObjectIdentifier(owner), default: [:]][section] = m.size
                continue
            }
            guard let index = try tree.index(of: id, hint: visible.named(id)) else { continue }
            let (leaf, local) = tree.flat.locate(index)
            if rebinding {
                let now = leaf.owner.value(at: local)
                if let seen = m.data, seen != now { forgotten.append(id); continue }
                measurements[id]?.data = now
            }
            items[ObjectIdentifier(leaf.owner), default: [:]][local] = m.size
        }
        for id in forgotten { measurements[id] = nil }
        sizes.items = items.mapValues(MeasuredOverrides.init)
        return sizes
    }
}
