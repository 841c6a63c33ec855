import OrderedCollections

/// Datasets and items built in code, checked as the loader checks a file: the same rules and
/// the same messages, with JSON paths (`items[3].w`, `sections[1].items[0].id`) in place of
/// a file's lines. Only public values are read, so the checks hold whatever the storage.
extension Dataset {
    /// A dataset of `items` (grouped by `sections` when given), refused as a dataset file with
    /// the same contents would be.
    ///
    /// - Throws: `DatasetError` naming `sourceName` and the JSON path when a size field (`w`,
    ///   `h`, `width`, `height`) is not a number from 0 to `Item.largestSize`, when an item or section id
    ///   repeats, or when `sections` do not tile `items` in order.
    /// - Complexity: O(n + S) expected (one hash insertion per id).
    public init(validating items: [Item], sections: [Section]? = nil,
                metadata: OrderedDictionary<String, JSONValue> = [:], sourceName: String = "<memory>") throws {
        let given = sections ?? [Section(id: .int(0), range: 0..<items.count)]
        var next = 0
        for (s, section) in given.enumerated() {
            guard section.range.lowerBound == next, section.range.upperBound <= items.count else {
                throw DatasetError(file: sourceName, path: "sections[\(s)]",
                                   message: "expected items \(next)..<\(max(next, section.range.upperBound)) or fewer following the previous section, found \(section.range.lowerBound)..<\(section.range.upperBound) of \(NumberText.counted(items.count, "item"))")
            }
            next = section.range.upperBound
        }
        guard next == items.count else {
            throw DatasetError(file: sourceName, path: "sections",
                               message: "expected sections that cover all \(NumberText.counted(items.count, "item")), found \(NumberText.grouped(next)) covered")
        }
        func position(_ flat: Int) -> DatasetLoader.SourcePosition {
            guard sections != nil else { return .topItem(flat) }
            let s = Dataset.sectionIndex(containing: flat, in: given)
            return .sectionItem(s, flat - given[s].range.lowerBound)
        }
        for (k, item) in items.enumerated() { try item.validate(file: sourceName, at: position(k)) }
        if sections != nil {
            _ = try DatasetLoader.resolveDuplicates(given.map(\.id), policy: .reject) { id, a, b in
                DatasetLoader.duplicateError(file: sourceName, what: "section id", id: id, first: .section(a), second: .section(b))
            }
        }
        _ = try DatasetLoader.resolveDuplicates(items.map(\.id), policy: .reject) { id, a, b in
            DatasetLoader.duplicateError(file: sourceName, what: "id", id: id, first: position(a), second: position(b))
        }
        self.init(items: items, sections: given, metadata: metadata, sourceName: sourceName)
    }
}

extension Item {
    /// An item built in code with its size, refused as a dataset file would refuse it.
    ///
    /// - Throws: `DatasetError` (file `<memory>`, path the field) when `size` or a size field
    ///   of `fields` is not a number from 0 to `Item.largestSize`.
    /// - Complexity: O(fields).
    public init(validating id: ItemID, size: Size?, fields: OrderedDictionary<String, JSONValue> = [:]) throws {
        // Shown as the field the item would hold (`-5`, not `-5.0`), as validating a dataset shows it.
        for (field, value) in [("w", size?.width), ("h", size?.height)] {
            if let value, !Item.isAllowedSize(value) {
                throw DatasetError(file: "<memory>", path: field,
                                   message: "\(DatasetLoader.sizeExpectation), found \(Item.number(value).briefDescription)")
            }
        }
        self.init(id: id, size: size, fields: fields)
        try validate(file: "<memory>", at: nil)
    }

    /// Throws the loader's error for a size field that is not a number from 0 to `Item.largestSize`. O(1).
    func validate(file: String, at position: DatasetLoader.SourcePosition?) throws {
        for key in DatasetLoader.sizeFields {
            guard let v = fields[key] else { continue }
            guard let d = v.number, Item.isAllowedSize(d) else {
                let message = "\(DatasetLoader.sizeExpectation), found \(v.briefDescription)"
                throw position?.error(file, field: key, message) ?? DatasetError(file: file, path: key, message: message)
            }
        }
    }
}
