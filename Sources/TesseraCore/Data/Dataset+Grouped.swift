import OrderedCollections

extension Dataset {
    /// A dataset of `sections` in order, each an id and its items, as a sectioned dataset file
    /// groups them: the sections' ranges are counted for you (`init(items:sections:)` takes them
    /// spelled out). A section may be empty; no sections at all is one empty section. Ids are not
    /// checked for repeats here (`init(validating:sections:metadata:sourceName:)` checks them).
    /// - Complexity: O(n + S) for n items in S sections.
    public init(sections: [(id: ItemID, items: [Item])], metadata: OrderedDictionary<String, JSONValue> = [:],
                sourceName: String = "<memory>") {
        var items: [Item] = [], ranges: [Section] = []
        items.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
        for section in sections {
            ranges.append(Section(id: section.id, range: items.count..<(items.count + section.items.count)))
            items.append(contentsOf: section.items)
        }
        self.init(items: items, sections: ranges.isEmpty ? nil : ranges, metadata: metadata, sourceName: sourceName)
    }
}
