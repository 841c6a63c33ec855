/// A provider tree as one pass of the engine shows it: its layout result and who owns each item
/// and each header, as the walk that laid it out recorded them (`ProviderLayout`), and the ids
/// and data of the views that show them.
///
/// A section's owner is the provider whose layout placed it, as the walk recorded it
/// (`ProviderLayout.SectionOwner`), so a section with no items has one too. A section-level
/// element is identified by its section's id (the owner's data section id under its scope, else
/// its position among the owner's sections) and its kind: `"0-apps-header"`; a badge by its
/// item's id and its kind. Ids are typed paths (`ItemID.scoped`), printed only where shown.
/// Section ids are cached, so each costs one owner lookup (O(log owners)) and its data section
/// once per tree.
///
/// A header that a headers provider adds belongs to that provider: its id, data, tap handler
/// and animator are the provider's.
final class EngineTree {
    let flat: FlatProvider
    let result: any LayoutResult
    /// Headers added by headers providers, by the place of the element that draws them.
    private let headers: [ElementKey: ProviderLayout.Header]
    /// Who lays out each header a headers provider adds, by its element id (`"0-header"`).
    private let headerOwners: [ItemID: (owner: HeadersProvider, section: Int)]
    /// Who placed each run of sections, in flattened section order.
    private let sectionOwners: [ProviderLayout.SectionOwner]
    private var sectionIDs: [Int: ItemID] = [:]
    /// Every item's flattened index by its id, built on first use and shared by the trees of
    /// one flattening (relayouts keep the items and their owners).
    let idTable: IDTable

    final class IDTable {
        var index: [ItemID: Int]?
        /// Scoped ids by their printed form (`"0-a"`), for hosts that only have text.
        var printed: [String: Int] = [:]
    }

    /// The tree `laid` out (none: empty): its items, headers and their owners as its walk
    /// recorded them.
    convenience init(_ laid: ProviderLayout?, idTable: IDTable = IDTable()) {
        var byPlace: [ElementKey: ProviderLayout.Header] = [:]
        var owners: [ItemID: (owner: HeadersProvider, section: Int)] = [:]
        for h in laid?.headers ?? [] {
            byPlace[ElementKey(category: .supplementary, kind: h.kind, section: h.section, span: h.sectionSpan, index: nil)] = h
            owners[h.identifier] = (h.owner, h.local)
        }
        self.init(flat: laid?.flattening ?? FlatProvider(), result: laid?.result ?? EmptyResult(), headers: byPlace,
                  headerOwners: owners, sectionOwners: laid?.sectionOwners ?? [], idTable: idTable)
    }

    private init(flat: FlatProvider, result: any LayoutResult, headers: [ElementKey: ProviderLayout.Header],
                 headerOwners: [ItemID: (owner: HeadersProvider, section: Int)],
                 sectionOwners: [ProviderLayout.SectionOwner], idTable: IDTable) {
        self.flat = flat
        self.result = result
        self.headers = headers
        self.headerOwners = headerOwners
        self.sectionOwners = sectionOwners
        self.idTable = idTable
    }

    /// `provider`'s tree (none: empty) laid out in `size` under the viewport's `guides` with the
    /// sizes a host measured: one walk of the tree, which records who owns what.
    static func laidOut(_ provider: Provider?, in size: Size, guides: ViewportGuides,
                        measured: MeasuredSizes) throws -> EngineTree {
        EngineTree(try provider?.layout(in: size, guides: guides, measured: measured))
    }

    /// `provider`'s tree laid out again with the same items (a relayout, or a reload's second
    /// try with other measured sizes): its id table is this tree's.
    func relaidOut(_ provider: Provider?, in size: Size, guides: ViewportGuides,
                   measured: MeasuredSizes) throws -> EngineTree {
        EngineTree(try provider?.layout(in: size, guides: guides, measured: measured), idTable: idTable)
    }

    /// The same items showing `result`, laid out again from this tree's result by a root that
    /// adds no provider headers (a basic provider's splice). O(1).
    func showing(_ result: any LayoutResult) -> EngineTree {
        EngineTree(flat: flat, result: result, headers: headers, headerOwners: headerOwners, sectionOwners: sectionOwners,
                   idTable: idTable)
    }

    /// The headers provider and section that lay out the header whose element id is `id`. O(1).
    /// A string id matches a header by its printed form, as a host that only has text names it.
    func headerOwner(of id: ItemID) -> (owner: HeadersProvider, section: Int)? {
        guard !headerOwners.isEmpty else { return nil }
        if let found = headerOwners[id] { return found }
        guard case .string(let text) = id else { return nil }
        return headerOwners.first { $0.key.description == text }?.value
    }

    /// The element ids of the headers headers providers add (`"0-header"`), in printed order.
    /// O(h log h) for h headers.
    var headerIDs: [ItemID] { headerOwners.keys.sorted { $0.description < $1.description } }

    /// The flattened index of the item whose id is `id` (the first, when ids repeat), or nil.
    /// `hint`, an index where it probably is, is checked first. Where no id equals it, `id`
    /// also names the plain id spelled the other way (`"14"` the integer 14, and back), and a
    /// string a scoped id by its printed form (`"0-a"`), as a host that only has text names them.
    /// - Complexity: O(log leaves) when the hint is right, else O(1) after an O(n) table built
    ///   once per flattening.
    func index(of id: ItemID, hint: Int? = nil) throws -> Int? {
        if let hint, hint >= 0, hint < flat.count, try ItemID.namesAsWritten(flat.identifier(at: hint), id) { return hint }
        if idTable.index == nil {
            var table: [ItemID: Int] = [:]
            table.reserveCapacity(flat.count)
            for leaf in flat.leaves {
                for k in 0..<leaf.count {
                    let id = ItemID.scoped(in: leaf.scope, try leaf.owner.identifier(at: leaf.localBase + k))
                    if table[id] == nil { table[id] = leaf.begin + k }
                    if case .scoped = id, idTable.printed[id.description] == nil { idTable.printed[id.description] = leaf.begin + k }
                }
            }
            idTable.index = table
        }
        return knownIndex(of: id)
    }

    /// The flattened index of each of `ids` that is in this tree, as `index(of:)` finds it (the
    /// first, when ids repeat; a string id by a scoped id's printed form when no id equals it),
    /// but never by another spelling: these are the ids of views, and 5 is not the view "5".
    /// A reload asks this of the few views that left: one walk over the items, matching each
    /// id against that short list, costs a fraction of building the table of every id (which
    /// a reload would build afresh each time, its items being new). The table, when built, answers.
    /// - Complexity: O(n) identifiers read, up to the last id found when none is a string (O(k)
    ///   once the table is built), each compared with the k ids (up to 16) or searched for.
    func indices(of ids: [ItemID]) throws -> [ItemID: Int] {
        var found: [ItemID: Int] = [:]
        guard !ids.isEmpty else { return found }
        if idTable.index != nil {
            for id in ids { if let i = tableIndex(of: id) { found[id] = i } }
            return found
        }
        // A few ids are compared with each item's, which costs less than hashing every item's id;
        // more are searched: integer ids (the usual ones) sorted, others in a set.
        var few: [ItemID] = [], wanted = Set<ItemID>(), wantedInts: [Int] = []
        if ids.count <= Self.comparedIDs {
            for id in ids where !few.contains(id) { few.append(id) }
        } else {
            for id in ids {
                if case .int(let v) = id { wantedInts.append(v) } else { wanted.insert(id) }
            }
            wantedInts = Array(Set(wantedInts)).sorted()
        }
        let texts = Set(ids.compactMap { id -> String? in if case .string(let text) = id { text } else { nil } })
        var printed: [String: Int] = [:]
        walk: for leaf in flat.leaves {
            for k in 0..<leaf.count {
                // Every id found, and no printed form to look for: the rest of the items cannot
                // change the answer (a cell that moved is usually found near where it was).
                if few.isEmpty && wanted.isEmpty && wantedInts.isEmpty && texts.isEmpty { break walk }
                let id = ItemID.scoped(in: leaf.scope, try leaf.owner.identifier(at: leaf.localBase + k))
                if let w = few.firstIndex(of: id) {
                    few.remove(at: w)
                    found[id] = leaf.begin + k
                } else if case .int(let v) = id {
                    if let w = wantedInts.sortedPosition(of: v, by: { $0 }) {
                        wantedInts.remove(at: w)
                        found[id] = leaf.begin + k
                    }
                } else if !wanted.isEmpty, wanted.remove(id) != nil {
                    found[id] = leaf.begin + k
                }
                if !texts.isEmpty, case .scoped = id {
                    let text = id.description
                    if texts.contains(text), printed[text] == nil { printed[text] = leaf.begin + k }
                }
            }
        }
        for case .string(let text) in ids where found[.string(text)] == nil {
            if let i = printed[text] { found[.string(text)] = i }
        }
        return found
    }

    /// Up to how many ids `indices(of:)` compares with each item's id rather than hashing it.
    private static let comparedIDs = 16


    /// The flattened index `id` had when this tree's id table was built, asking no owner (its
    /// data may have changed since the tree was laid out); nil when it was not, or the table
    /// was never built. O(1).
    func knownIndex(of id: ItemID) -> Int? {
        tableIndex(of: id) ?? id.otherSpelling.flatMap(tableIndex)
    }

    /// The index of `id` itself in the id table, or of the scoped id a string prints as; nil
    /// when neither is there or the table was never built. O(1).
    private func tableIndex(of id: ItemID) -> Int? {
        if let found = idTable.index?[id] { return found }
        guard case .string(let text) = id else { return nil }
        return idTable.printed[text]
    }

    /// True when this tree is known to hold the element `id` without asking an owner: a header,
    /// or a cell its id table holds (false when the table was never built). O(1).
    func knownToHold(_ id: ItemID) -> Bool {
        headerOwner(of: id) != nil || knownIndex(of: id) != nil
    }

    /// The headers provider's header drawn as the element at `key`, if it is one. O(1).
    func providerHeader(_ key: ElementKey) -> ProviderLayout.Header? {
        guard !headers.isEmpty, key.category == .supplementary, key.index == nil else { return nil }
        return headers[key.place]
    }

    /// How many items the tree shows (its result's, which its leaves tile).
    var count: Int { flat.count }

    /// The section of item `i`, which is below `count` and so in range.
    private func section(ofItem i: Int) -> Int { (try? result.section(ofItem: i)) ?? 0 }

    /// The first item of section `s`, if it has one. O(log n) section lookups.
    func firstItem(ofSection s: Int) -> Int? {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if section(ofItem: mid) < s { lo = mid + 1 } else { hi = mid }
        }
        return lo < count && section(ofItem: lo) == s ? lo : nil
    }

    /// Who placed section `s` and the section's index among that owner's sections; nil for a
    /// section no owner placed (a spacer's). O(log owners).
    func owner(ofSection s: Int) -> (owner: ProviderLayout.SectionOwner, localSection: Int)? {
        var lo = 0, hi = sectionOwners.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sectionOwners[mid].sections.upperBound <= s { lo = mid + 1 } else { hi = mid }
        }
        guard lo < sectionOwners.count, sectionOwners[lo].sections.contains(s) else { return nil }
        return (sectionOwners[lo], s - sectionOwners[lo].sections.lowerBound)
    }

    /// Section `s`'s id: its owner's id for it under the owner's scope, else its position among
    /// the owner's sections; a section no owner placed, its flattened position.
    func sectionID(_ s: Int) -> ItemID {
        if let known = sectionIDs[s] { return known }
        var id = ItemID.string(String(s))
        if let (owned, local) = owner(ofSection: s) {
            id = .scoped(in: owned.scope, owned.owner.sectionID(ofSection: local) ?? .string(String(local)))
        }
        sectionIDs[s] = id
        return id
    }

    /// The id of the view that shows `e`: an item's hierarchical id; a badge's item id and its
    /// kind; a section element's section id and its kind; a layout-level element its kind.
    func id(of e: LayoutElement) throws -> ItemID {
        if e.category == .item, let i = e.index { return try cellID(i) }
        if let h = providerHeader(ElementKey(e)) { return h.identifier }
        if let i = e.index, i < count { return .scoped(try flat.identifier(at: i), .string(e.kind)) }
        if e.isGlobal { return .string(e.kind) }
        return .scoped(sectionID(e.section), .string(e.kind))
    }

    /// The data bound to the view that shows `e`: an item's (a badge's item's) value; a section
    /// element's `{"section": s, "id": section id}`.
    func data(of e: LayoutElement) -> JSONValue {
        // A cell first: it is never a provider's header, and most views are cells.
        if e.category == .item, let i = e.index, i < count { return cellData(i) }
        if let h = providerHeader(ElementKey(e)) { return h.owner.value(at: h.local) }
        if let i = e.index, i < count {
            let (leaf, local) = flat.locate(i)
            return leaf.owner.value(at: local)
        }
        return .object(["section": .int(e.section), "id": .string(e.isGlobal ? "" : sectionID(e.section).description)])
    }

    /// The view kind that shows `e`: a cell's registered kind, else the element's kind.
    func kind(of e: LayoutElement) throws -> String {
        guard e.category == .item, let i = e.index else { return e.kind }
        return try cellKind(i)
    }

    // A cell's id, view kind and data (item `i`, below `count`), asked by its index: most views
    // are cells, and each of these finds the item's owner without copying its element or leaf.

    /// The id of the cell of item `i`: the item's hierarchical id. O(log leaves).
    func cellID(_ i: Int) throws -> ItemID { try flat.identifier(at: i) }

    /// The registered view kind of the cell of item `i`. O(log leaves).
    func cellKind(_ i: Int) throws -> String {
        let (owner, local) = flat.owner(of: i)
        return try owner.kind(at: local)
    }

    /// The data bound to the cell of item `i`: the item's value. O(log leaves).
    func cellData(_ i: Int) -> JSONValue {
        let (owner, local) = flat.owner(of: i)
        return owner.value(at: local)
    }

    /// The provider that owns the view of the element at `key`: its item's, a provider header's
    /// headers provider, else its section's owner (nil where the owner is not a provider).
    func provider(of key: ElementKey) -> Provider? {
        if let i = key.index, i < count { return flat.locate(i).leaf.owner as? Provider }
        if let h = providerHeader(key) { return h.owner }
        return owner(ofSection: key.section)?.owner.owner as? Provider
    }

    /// The animator of the provider that owns the view of the element at `key`: its item's, a
    /// provider header's headers provider's, else its section's owner's.
    func animator(of key: ElementKey) -> OwnedAnimator? {
        if let i = key.index, i < count { return flat.locate(i).leaf.animator }
        if let h = providerHeader(key), let own = h.owner.animator {
            return OwnedAnimator(animator: own, owner: ObjectIdentifier(h.owner))
        }
        return owner(ofSection: key.section)?.owner.animator
    }
}
