import OrderedCollections

// The `.json` format: `{"items": [...]}`, `{"sections": [{"id": ..., "items": [...]}, ...]}` or a
// bare array of items. Other top-level keys are metadata; section keys other than `id`/`items` are
// the section's fields; a section without an `id` gets its index (as CollectionKit does).
extension DatasetLoader {
    static func parseJSON(_ bytes: [UInt8], fileName file: String, policy: DuplicatePolicy) throws -> Dataset {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch let e as JSONParseError {
            throw DatasetError(file: file, line: e.line, column: e.column, message: e.message)
        }
        switch root {
        case .array(let elements):
            var items = try elements.enumerated().map { try item($1, file: file, at: .bareItem($0)) }
            try dedupeItems(&items, file: file, policy: policy) { .bareItem($0) }
            return Dataset(items: items, sourceName: file)
        case .object(var top):
            let itemsValue = top.removeValue(forKey: "items")
            let sectionsValue = top.removeValue(forKey: "sections")
            switch (itemsValue, sectionsValue) {
            case (nil, nil):
                throw DatasetError(file: file, message: "expected an \"items\" or a \"sections\" array at the top level, found neither")
            case (.some, .some):
                throw DatasetError(file: file, message: "expected either \"items\" or \"sections\" at the top level, found both")
            case (let itemsValue?, nil):
                guard case .array(let elements) = itemsValue else {
                    throw DatasetError(file: file, path: "items", message: "expected an array of items, found \(itemsValue.briefDescription)")
                }
                var items = try elements.enumerated().map { try item($1, file: file, at: .topItem($0)) }
                try dedupeItems(&items, file: file, policy: policy) { .topItem($0) }
                return Dataset(items: items, metadata: top, sourceName: file)
            case (nil, let sectionsValue?):
                return try sectionedDataset(sectionsValue, metadata: top, file: file, policy: policy)
            }
        default:
            throw DatasetError(file: file, message: "expected an object with \"items\" or \"sections\", or an array of items, at the top level, found \(root.briefDescription)")
        }
    }

    private static func sectionedDataset(_ value: JSONValue, metadata: OrderedDictionary<String, JSONValue>,
                                         file: String, policy: DuplicatePolicy) throws -> Dataset {
        guard case .array(let sectionValues) = value else {
            throw DatasetError(file: file, path: "sections", message: "expected an array of sections, found \(value.briefDescription)")
        }
        var items: [Item] = []
        var sections: [Dataset.Section] = []
        sections.reserveCapacity(sectionValues.count)
        for (s, sectionValue) in sectionValues.enumerated() {
            let position = SourcePosition.section(s)
            guard case .object(let object) = sectionValue else {
                throw position.error(file, "expected a section object, found \(sectionValue.briefDescription)")
            }
            let idValue = object["id"]
            let id = try idValue.map { try identifier($0, file: file, at: position) } ?? .int(s)
            guard let itemsValue = object["items"] else {
                throw position.error(file, "expected an \"items\" array in the section, found none")
            }
            // Read, not copied: most sections have no other fields, so nothing is allocated for them.
            let fields = object.count == (idValue == nil ? 1 : 2) ? [:] : object.filter { $0.key != "id" && $0.key != "items" }
            guard case .array(let elements) = itemsValue else {
                throw position.error(file, field: "items", "expected an array of items, found \(itemsValue.briefDescription)")
            }
            // No reserveCapacity per section: reserving exactly start + n each time defeats the
            // array's geometric growth and copies every item once per section (quadratic).
            let start = items.count
            for (i, element) in elements.enumerated() {
                items.append(try item(element, file: file, at: .sectionItem(s, i)))
            }
            sections.append(Dataset.Section(id: id, fields: fields, range: start..<items.count))
        }
        // Section ids, then item ids across all sections.
        let renames = try resolveDuplicates(sections.map(\.id), policy: policy) { id, a, b in
            duplicateError(file: file, kind: "section id", id: id, first: .section(a), second: .section(b))
        }
        for (k, newID) in renames { sections[k].id = newID }
        try dedupeItems(&items, file: file, policy: policy) { flat in
            let s = Dataset.sectionIndex(containing: flat, in: sections)
            return .sectionItem(s, flat - sections[s].range.lowerBound)
        }
        return Dataset(items: items, sections: sections, metadata: metadata, sourceName: file)
    }
}
