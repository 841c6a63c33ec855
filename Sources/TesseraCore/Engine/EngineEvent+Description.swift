import OrderedCollections

extension EngineEvent: CustomStringConvertible {
    /// The event on one line, with the names of Lua's event tables and the commands' JSON
    /// (indices 0-based, a cell's category `"item"`): `{"type": "insert", "view": 3, "category":
    /// "item", "kind": "cell", "id": "a", "index": 0, "section": 0, "frame": [0, 0, 120, 90]}`,
    /// then `oldFrame`, `"removesView": true`, `"addsView": true` and `animation` when there are;
    /// an adjustment is `{"type": "adjust", "dx": 0, "dy": 120, "offset": [0, 1200]}`, with the
    /// sideways sections it moved as `"sections": {"2": [300, 0]}`. O(1).
    public var description: String { JSONWriter.write(json, options: .readable) }

    /// The fields `description` writes.
    private var json: JSONValue {
        var fields: OrderedDictionary<String, JSONValue> = ["type": .string(type.rawValue)]
        if type == .adjust, let delta, let contentOffset {
            fields["dx"] = .double(delta.x)
            fields["dy"] = .double(delta.y)
            fields["offset"] = .array([.double(contentOffset.x), .double(contentOffset.y)])
            if let sectionOffsets, !sectionOffsets.isEmpty {
                fields["sections"] = .object(OrderedDictionary(uniqueKeysWithValues: sectionOffsets.sorted { $0.key < $1.key }
                    .map { (String($0.key), JSONValue.array([.double($0.value.x), .double($0.value.y)])) }))
            }
            return .object(fields)
        }
        fields["view"] = .int(view)
        fields["category"] = .string(category.rawValue)
        fields["kind"] = .string(kind)
        fields["id"] = id.jsonValue
        if let index { fields["index"] = .int(index) }
        fields["section"] = .int(section)
        if sectionSpan != 1 { fields["sectionSpan"] = .int(sectionSpan) }
        fields["frame"] = .array([frame.x, frame.y, frame.width, frame.height].map(JSONValue.double))
        if let oldFrame { fields["oldFrame"] = .array([oldFrame.x, oldFrame.y, oldFrame.width, oldFrame.height].map(JSONValue.double)) }
        if removesView { fields["removesView"] = .bool(true) }
        if addsView { fields["addsView"] = .bool(true) }
        if let animation { fields["animation"] = animation.json }
        return .object(fields)
    }
}
