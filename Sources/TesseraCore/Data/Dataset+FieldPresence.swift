/// Which items have a field, read from their shapes alone: no value is decoded and no item
/// built, so asking of a million items costs one pass over their shape indices (what a script
/// that met a nil field is told of the data).
extension Dataset {
    /// How many items of `range` lack field `name`, and the first that does (nil when none
    /// does). An item whose field is `null` has it. O(range.count).
    package func itemsLacking(field name: String, in range: Range<Int>) -> (count: Int, first: Int?) {
        fieldColumns.lacking(name, in: range)
    }

    /// How many items of `range` have field `name`, and the first that does (nil when none
    /// does). O(range.count).
    package func itemsHaving(field name: String, in range: Range<Int>) -> (count: Int, first: Int?) {
        fieldColumns.counting(name, in: range, having: true)
    }

    /// The field names the items of `range` have, each once, in the order the items first have
    /// them: what `fields(at:)` of each item would give, without building any. O(range.count).
    package func fieldNames(in range: Range<Int>) -> [String] { fieldColumns.names(in: range) }
}

extension FieldColumns {
    /// How many items of `range` lack field `name`, and the first that does (nil when none
    /// does). An item whose field is `null` has it. O(range.count + shapes × fields).
    func lacking(_ name: String, in range: Range<Int>) -> (count: Int, first: Int?) {
        counting(name, in: range, having: false)
    }

    /// How many items of `range` have field `name` (`having`) or lack it, and the first of them.
    /// O(range.count + shapes × fields).
    func counting(_ name: String, in range: Range<Int>, having: Bool) -> (count: Int, first: Int?) {
        guard !range.isEmpty else { return (0, nil) }
        guard let n = nameIndex(of: name), !shapes.isEmpty else { return having ? (0, nil) : (range.count, range.lowerBound) }
        let has = shapes.map { shape in shape.contains { $0.name == n } }
        guard !shapeOf.isEmpty else { return has[0] == having ? (range.count, range.lowerBound) : (0, nil) }
        var count = 0
        var first: Int?
        shapeOf.withUnsafeBufferPointer { shapeOf in
            for i in range where has[Int(shapeOf[i])] == having {
                if first == nil { first = i }
                count += 1
            }
        }
        return (count, first)
    }

    /// The field names the items of `range` have, each once, in the order the items first
    /// have them (item by item, each item's fields in order). O(range.count + shapes × fields).
    func names(in range: Range<Int>) -> [String] {
        guard !range.isEmpty, !shapes.isEmpty else { return [] }
        var shapeSeen = [Bool](repeating: false, count: shapes.count)
        var nameSeen = [Bool](repeating: false, count: names.count)
        var found: [String] = []
        for i in range {
            let s = shapeOf.isEmpty ? 0 : Int(shapeOf[i])
            guard !shapeSeen[s] else { continue }
            shapeSeen[s] = true
            for slot in shapes[s] where !nameSeen[Int(slot.name)] {
                nameSeen[Int(slot.name)] = true
                found.append(names[Int(slot.name)])
            }
            if shapeOf.isEmpty { break }
        }
        return found
    }
}
