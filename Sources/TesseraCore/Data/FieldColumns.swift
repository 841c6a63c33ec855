import OrderedCollections

/// Every item's fields, stored by column rather than as a dictionary per item.
///
/// - An item's *shape* is the ordered list of its field names with where each value lives; items
///   of one shape share it (`shapes`, interned; `shapeOf` stays empty while all items share one).
/// - A number (an integer within ±2^53, or any double) lives in its field's `NumberColumn`, one
///   `Double` per item plus one bit saying it was written as an integer, so `5` and `5.0` stay apart.
/// - The `id` field, when it is the item's id, is read from the id column.
/// - Every other value is kept as its JSON text in `raw` (a space after each) and parsed when
///   read; values JSON cannot write (a NaN built in code) are kept aside in `exotic`.
///
/// Reading an item decodes only that item; reading one field decodes only that field.
struct FieldColumns: Sendable {
    /// One field of a shape: its name (an index in `names`) and where its value is.
    struct Slot: Hashable, Sendable {
        var name: Int32
        /// `FieldColumns.idSource`, `.rawSource`, or the index of a number column.
        var source: Int32
    }
    static let idSource: Int32 = -1, rawSource: Int32 = -2
    /// Fields beyond this many numeric ones keep their numbers as text: a column costs 8 bytes for
    /// every item, so a file with thousands of rare numeric keys must not open a column for each.
    static let maximumColumns = 16

    private(set) var names: [String] = []
    private var nameIndex: [String: Int32] = [:]
    private var columnOfName: [Int32] = []
    private(set) var shapes: [[Slot]] = []
    private var shapeIndex: [[Slot]: UInt32] = [:]
    private(set) var shapeOf: [UInt32] = []
    private(set) var columns: [NumberColumn] = []
    private(set) var raw: [UInt8] = []
    private(set) var rawStart: [Int] = []
    private(set) var exotic: [JSONValue] = []
    private(set) var count = 0

    // The item being appended: its first `rowCount` slots (the storage is reused from item to
    // item), and per column its number (NaN when it has none) and whether it was an integer.
    private var row: [Slot] = []
    private var rowCount = 0
    private var rowNumbers: [Double] = []
    private var rowIntegers: [Bool] = []
    private var rowRawStart = 0
    private var lastShape: UInt32 = 0
    /// `shapes[lastShape]`, kept apart so comparing the next item's shape retains nothing.
    private var lastSlots: [Slot] = []
    private var nameStamp: [Int] = []
    /// The names the previous item appended through `append(_:id:)` had, by position, so the
    /// next item's keys are matched by comparing strings rather than hashing them.
    private var recentNames: [Int32] = []

    init() {}

    // MARK: Names

    /// The index of field name `s`, added when new.
    mutating func name(_ s: String) -> Int32 {
        if let k = nameIndex[s] { return k }
        let k = Int32(names.count)
        names.append(s)
        nameIndex[s] = k
        columnOfName.append(-1)
        nameStamp.append(-1)
        return k
    }

    func nameIndex(of s: String) -> Int32? { nameIndex[s] }

    /// The field names the items' shapes hold, each once, in first-seen order: the names a
    /// misspelt one is compared with. O(shapes × fields).
    var namesInUse: [String] {
        var seen = Set<Int32>()
        return shapes.flatMap { $0 }.compactMap { seen.insert($0.name).inserted ? names[Int($0.name)] : nil }
    }

    // MARK: Appending an item

    /// Marks `name` as used by the item being appended; false when the item already has it.
    mutating func claim(_ name: Int32) -> Bool {
        if nameStamp[Int(name)] == count { return false }
        nameStamp[Int(name)] = count
        return true
    }

    mutating func appendIDField(_ name: Int32) { appendSlot(Slot(name: name, source: FieldColumns.idSource)) }

    @inline(__always)
    private mutating func appendSlot(_ slot: Slot) {
        if rowCount < row.count { row[rowCount] = slot } else { row.append(slot) }
        rowCount &+= 1
    }

    /// A number: into its field's column when it can hold it, else as text.
    mutating func appendNumber(_ name: Int32, _ value: Double, integer: Bool) {
        var c = columnOfName[Int(name)]
        if c < 0 && columns.count < FieldColumns.maximumColumns {
            c = Int32(columns.count)
            columns.append(NumberColumn(count: count))
            rowNumbers.append(.nan)
            rowIntegers.append(false)
            columnOfName[Int(name)] = c
        }
        guard c >= 0 else {
            appendValue(name, integer ? .int(Int(value)) : .double(value))
            return
        }
        appendSlot(Slot(name: name, source: c))
        rowNumbers[Int(c)] = value
        rowIntegers[Int(c)] = integer
    }

    /// A value already written as JSON text (`"a"`, `[1, 2]`): copied as it is.
    mutating func appendRaw(_ name: Int32, _ text: UnsafeBufferPointer<UInt8>) {
        appendSlot(Slot(name: name, source: FieldColumns.rawSource))
        raw.append(contentsOf: text)
        raw.append(0x20)
    }

    /// Any value: numbers into columns, the rest as JSON text.
    mutating func appendValue(_ name: Int32, _ value: JSONValue) {
        switch value {
        case .int(let n) where n.magnitude <= 1 << 53 && hasColumn(for: name):
            appendNumber(name, Double(n), integer: true)
        case .double(let d) where hasColumn(for: name):
            appendNumber(name, d, integer: false)
        default:
            appendSlot(Slot(name: name, source: FieldColumns.rawSource))
            if Self.writable(value, depth: 0) {
                JSONWriter.write(value, options: JSONWriter.Options(integralDoublesAsIntegers: false), into: &raw)
            } else {
                raw.append(0x01)
                withUnsafeBytes(of: UInt64(exotic.count).littleEndian) { raw.append(contentsOf: $0) }
                exotic.append(value)
            }
            raw.append(0x20)
        }
    }

    /// Whether numbers of field `name` go to a column (it has one, or one can still be opened).
    @inline(__always) func hasColumn(for name: Int32) -> Bool {
        columnOfName[Int(name)] >= 0 || columns.count < FieldColumns.maximumColumns
    }

    /// Whether JSON text reads `value` back exactly (finite numbers, nesting the parser accepts).
    private static func writable(_ value: JSONValue, depth: Int) -> Bool {
        switch value {
        case .double(let d): return d.isFinite
        case .array(let a): return depth < 400 && a.allSatisfy { writable($0, depth: depth + 1) }
        case .object(let o): return depth < 400 && o.values.allSatisfy { writable($0, depth: depth + 1) }
        default: return true
        }
    }

    /// Finishes the item being appended: interns its shape and fills every column's entry.
    mutating func endItem() {
        let shape: UInt32
        if !shapes.isEmpty && sameAsLast() {
            shape = lastShape
        } else if case let slots = Array(row[0..<rowCount]), let k = shapeIndex[slots] {
            shape = k
        } else {
            let slots = Array(row[0..<rowCount])
            shape = UInt32(shapes.count)
            shapes.append(slots)
            shapeIndex[slots] = shape
        }
        if shape != 0 && shapeOf.isEmpty { shapeOf = [UInt32](repeating: 0, count: count) }
        if !shapeOf.isEmpty { shapeOf.append(shape) }
        if shape != lastShape || lastSlots.isEmpty { lastSlots = shapes[Int(shape)] }
        lastShape = shape
        // Items before the first with a raw value have none: their start is never read.
        if rowRawStart != raw.count || !rawStart.isEmpty {
            if rawStart.count < count { rawStart.append(contentsOf: repeatElement(0, count: count - rawStart.count)) }
            rawStart.append(rowRawStart)
        }
        for c in columns.indices {
            columns[c].append(rowNumbers[c], integer: rowIntegers[c])
            rowNumbers[c] = .nan
            rowIntegers[c] = false
        }
        count += 1
        rowCount = 0
        rowRawStart = raw.count
    }

    /// Whether the item being appended has the previous item's shape.
    @inline(__always)
    private func sameAsLast() -> Bool {
        guard lastSlots.count == rowCount else { return false }
        for k in 0..<rowCount where lastSlots[k] != row[k] { return false }
        return true
    }

    /// Appends `n` items without fields (generated datasets).
    mutating func appendBareItems(_ n: Int) {
        if shapes.isEmpty && columns.isEmpty {
            shapes = [[]]
            shapeIndex[[]] = 0
            if !rawStart.isEmpty { rawStart.append(contentsOf: repeatElement(raw.count, count: n)) }
            count += n
            return
        }
        for _ in 0..<n { endItem() }
    }

    /// Appends an item's fields (any order, any values).
    mutating func append(_ fields: OrderedDictionary<String, JSONValue>, id: ItemID) {
        var slot = 0
        for (key, value) in fields {
            let n: Int32
            if slot < recentNames.count, case let recent = recentNames[slot], names[Int(recent)] == key {
                n = recent
            } else {
                n = name(key)
                if slot < recentNames.count { recentNames[slot] = n } else { recentNames.append(n) }
            }
            slot += 1
            if key == "id" && value == id.jsonValue { appendIDField(n) } else { appendValue(n, value) }
        }
        endItem()
    }

    mutating func trim() {
        raw.trimCapacity()
        rawStart.trimCapacity()
        shapeOf.trimCapacity()
        for c in columns.indices { columns[c].trim() }
    }

    /// Every item's intrinsic size along one axis as `Item` reads it: the number in field
    /// `primary` when the item has it (NaN when that is not a number), else in `fallback`, else
    /// NaN. When every item has `primary` in its column, that column's storage is returned as
    /// it is (shared, not copied). O(n).
    func sizes(_ primary: String, _ fallback: String, id: (Int) -> ItemID) -> [Double] {
        let p = nameIndex[primary], f = nameIndex[fallback]
        if let p, case let c = columnOfName[Int(p)], c >= 0, !shapes.isEmpty,
           shapes.allSatisfy({ $0.contains(Slot(name: p, source: c)) }) {
            return columns[Int(c)].values
        }
        var out = [Double](repeating: .nan, count: count)
        // The primary field is written last, so it wins, even when it is not a number.
        for name in [f, p] {
            guard let name, shapes.contains(where: { $0.contains { $0.name == name } }) else { continue }
            forEachValue(name, in: 0..<count, id: id) { i, value in out[i] = value.number ?? .nan }
        }
        return out
    }

    /// Makes column `name`'s values share `values`' storage when they are bit for bit the same
    /// (the `w` column and the widths the layouts read).
    mutating func share(_ values: [Double], withColumnNamed s: String) {
        guard let n = nameIndex[s], case let c = Int(columnOfName[Int(n)]), c >= 0,
              columns[c].values.count == values.count,
              columns[c].values.withUnsafeBytes({ a in values.withUnsafeBytes { b in bytesEqual(a, b) } }) else { return }
        columns[c].values = values
    }

    // MARK: Reading

    @inline(__always) func shape(of i: Int) -> [Slot] { shapes.isEmpty ? [] : shapes[Int(shapeOf.isEmpty ? 0 : shapeOf[i])] }

    /// The JSON value of number column `c` at item `i`.
    @inline(__always) func number(_ c: Int32, _ i: Int) -> JSONValue { columns[Int(c)].value(at: i) }

    /// Item `i`'s fields, in order. O(fields).
    func fields(at i: Int, id: ItemID) -> OrderedDictionary<String, JSONValue> {
        let shape = self.shape(of: i)
        guard !shape.isEmpty else { return [:] }
        var keys: [String] = [], values: [JSONValue] = []
        keys.reserveCapacity(shape.count)
        values.reserveCapacity(shape.count)
        var k = rawStart.isEmpty ? 0 : rawStart[i]
        for slot in shape {
            keys.append(names[Int(slot.name)])
            switch slot.source {
            case FieldColumns.idSource: values.append(id.jsonValue)
            case FieldColumns.rawSource: values.append(rawValue(&k))
            default: values.append(number(slot.source, i))
            }
        }
        return OrderedDictionary(uncheckedUniqueKeys: keys, values: values)
    }

    /// Field `name` of item `i`, or nil when the item has none (an `id` field that is the item's
    /// id is read from `ids`). O(fields before it).
    func value(_ name: Int32, at i: Int, ids: IDColumn) -> JSONValue? {
        var rawBefore = 0
        for slot in shape(of: i) {
            if slot.name == name {
                switch slot.source {
                case FieldColumns.idSource: return ids[i].jsonValue
                case FieldColumns.rawSource:
                    var k = rawStart[i]
                    for _ in 0..<rawBefore { skipRawValue(&k) }
                    return rawValue(&k)
                default: return number(slot.source, i)
                }
            }
            if slot.source == FieldColumns.rawSource { rawBefore += 1 }
        }
        return nil
    }

    /// `value(name, at: i)` for every `i` in `range` that has the field, in order.
    func forEachValue(_ name: Int32, in range: Range<Int>, id: (Int) -> ItemID,
                      _ body: (Int, JSONValue) throws -> Void) rethrows {
        try forEachRun(name, in: range, id: id, numbers: { run, column in
            for i in run { try body(i, column.value(at: i)) }
        }, other: body)
    }

    /// Field `name` of the items in `range`, run by run (a run: consecutive items of one shape):
    /// `numbers(run, column)` for a run whose field sits in a number column (the items' values
    /// are `column`'s at the run's indices), `other(i, value)` for each item of a run whose field
    /// is its id or text; items without the field are skipped. Where the field sits is looked up
    /// once per run, not per item. - Complexity: O(range.count) plus the other values' decoding.
    func forEachRun(_ name: Int32, in range: Range<Int>, id: (Int) -> ItemID,
                    numbers: (Range<Int>, NumberColumn) throws -> Void,
                    other: (Int, JSONValue) throws -> Void) rethrows {
        var i = range.lowerBound
        while i < range.upperBound {
            let s = shapes.isEmpty ? -1 : Int(shapeOf.isEmpty ? 0 : shapeOf[i])
            var end = range.upperBound
            if !shapeOf.isEmpty {
                end = i + 1
                while end < range.upperBound && shapeOf[end] == shapeOf[i] { end += 1 }
            }
            defer { i = end }
            guard s >= 0, let (source, rawBefore) = place(of: name, inShape: s) else { continue }
            switch source {
            case FieldColumns.idSource: for j in i..<end { try other(j, id(j).jsonValue) }
            case FieldColumns.rawSource:
                for j in i..<end {
                    var k = rawStart[j]
                    for _ in 0..<rawBefore { skipRawValue(&k) }
                    try other(j, rawValue(&k))
                }
            default: try numbers(i..<end, columns[Int(source)])
            }
        }
    }

    /// Where field `name` sits in shape `s`: its source and how many text values precede it;
    /// nil when the shape lacks it. O(fields of the shape).
    private func place(of name: Int32, inShape s: Int) -> (source: Int32, rawBefore: Int)? {
        var rawBefore = 0
        for slot in shapes[s] {
            if slot.name == name { return (slot.source, rawBefore) }
            if slot.source == FieldColumns.rawSource { rawBefore += 1 }
        }
        return nil
    }

    /// The raw value at `k`, moving `k` past it.
    private func rawValue(_ k: inout Int) -> JSONValue {
        raw.withUnsafeBufferPointer { b in
            if b[k] == 0x01 {
                var index: UInt64 = 0
                for j in 0..<8 { index |= UInt64(b[k + 1 + j]) << (8 * UInt64(j)) }
                k += 10
                return exotic[Int(index)]
            }
            // The text was valid JSON when stored: it parses again.
            let (value, end) = try! JSONParser.parsePrefix(b, at: k)
            k = end + 1
            return value
        }
    }

    private func skipRawValue(_ k: inout Int) {
        if raw[k] == 0x01 { k += 10; return }
        _ = rawValue(&k)
    }

    /// Whether item `i` here and item `j` of `other` have the same field names in the same order
    /// with bit-identical numbers and byte-identical texts (then their fields are equal; when
    /// not, they may still be, as `1.0` written as `1.00`).
    func identical(_ i: Int, _ other: FieldColumns, _ j: Int) -> Bool {
        let a = shape(of: i), b = other.shape(of: j)
        guard a.count == b.count else { return false }
        var ka = rawStart.isEmpty ? 0 : rawStart[i], kb = other.rawStart.isEmpty ? 0 : other.rawStart[j]
        for (x, y) in zip(a, b) {
            guard names[Int(x.name)] == other.names[Int(y.name)] else { return false }
            switch (x.source, y.source) {
            case (FieldColumns.idSource, FieldColumns.idSource): continue
            case (FieldColumns.rawSource, FieldColumns.rawSource):
                let sa = ka, sb = kb
                skipRawValue(&ka)
                other.skipRawValue(&kb)
                guard raw[sa] != 0x01, other.raw[sb] != 0x01, ka - sa == kb - sb,
                      raw.withUnsafeBufferPointer({ p in other.raw.withUnsafeBufferPointer { q in
                          memcmpEqual(UnsafeBufferPointer(rebasing: p[sa..<ka]), UnsafeBufferPointer(rebasing: q[sb..<kb]))
                      } }) else { return false }
            case let (c, d) where c >= 0 && d >= 0:
                let u = columns[Int(c)], v = other.columns[Int(d)]
                guard u.values[i].bitPattern == v.values[j].bitPattern, u.isInteger(i) == v.isInteger(j) else { return false }
            default: return false
            }
        }
        return true
    }
}

/// One numeric field of every item: its value (NaN filler where the item has none) and one bit
/// per item saying the value was written as an integer.
package struct NumberColumn: Sendable {
    /// Item `i`'s value; NaN where the item has none.
    package internal(set) var values: [Double]
    /// Bit `i % 64` of word `i / 64`: item `i`'s value was written as an integer.
    package internal(set) var integers: [UInt64]

    /// A column opened at item `count`: the items before it have no value.
    init(count: Int) {
        values = [Double](repeating: .nan, count: count)
        integers = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// Appends the next item's value (NaN for none).
    @inline(__always) mutating func append(_ v: Double, integer: Bool) {
        let i = values.count
        if i % 64 == 0 { integers.append(0) }
        if integer { integers[i >> 6] |= 1 << UInt64(i & 63) }
        values.append(v)
    }

    /// Whether item `i`'s value was written as an integer. O(1).
    @inline(__always) package func isInteger(_ i: Int) -> Bool { integers[i >> 6] & (1 << UInt64(i & 63)) != 0 }

    /// Item `i`'s value as JSON: `.int` when written as an integer. O(1).
    @inline(__always) func value(at i: Int) -> JSONValue {
        let v = values[i]
        return isInteger(i) ? .int(Int(v)) : .double(v)
    }

    mutating func trim() {
        values.trimCapacity()
        integers.trimCapacity()
    }
}
