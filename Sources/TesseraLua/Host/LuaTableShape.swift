import OrderedCollections
import TesseraCore

/// The field names of one converted Lua table, in the order `lua_next` gave them, and how
/// `LuaStack.object` sorted them: a table of the same shape (the same names in the same
/// order, as same-shaped tables give them) reads its names by comparing bytes and takes their
/// sorted order as it is. Only small tables are kept (up to 16 fields of up to 16 bytes, an
/// item's); any other is the empty shape, which matches nothing.
struct LuaTableShape {
    /// A name's bytes, zero-padded, and its length.
    private struct Key {
        var bytes: (UInt64, UInt64) = (0, 0)
        var count = 0
    }

    private var keys: [Key] = []
    private var rawNames: ContiguousArray<String> = []
    private var sortedNames: ContiguousArray<String> = []
    /// The swaps (j with j - 1) that sort the fields, in order.
    private var swaps: [Int] = []

    /// The empty shape.
    init() {}

    /// The shape of a table whose names came in `names` order; empty when the table is not small
    /// or two of its names are one Swift key (the merge is left to `LuaStack.object`).
    init(_ names: ContiguousArray<String>) {
        guard names.count <= 16 else { return }
        var keys: [Key] = []
        keys.reserveCapacity(names.count)
        for name in names {
            guard let key = Self.key(name) else { return }
            keys.append(key)
        }
        // The insertion sort of `LuaStack.object`, recording its swaps.
        var sorted = names, swaps: [Int] = []
        for i in sorted.indices.dropFirst() {
            var j = i
            while j > 0, sorted[j] < sorted[j - 1] { sorted.swapAt(j, j - 1); swaps.append(j); j -= 1 }
        }
        guard sorted.indices.dropFirst().allSatisfy({ sorted[$0 - 1] != sorted[$0] }) else { return }
        self.keys = keys
        rawNames = names
        sortedNames = sorted
        self.swaps = swaps
    }

    var isEmpty: Bool { keys.isEmpty }
    var count: Int { keys.count }

    /// Whether `bytes` are the name at `position`. O(1).
    @inline(__always)
    func matches(_ bytes: UnsafeRawBufferPointer, at position: Int) -> Bool {
        guard position < keys.count, bytes.count == keys[position].count else { return false }
        var read = Key()
        withUnsafeMutableBytes(of: &read.bytes) { $0.copyMemory(from: bytes) }
        return read.bytes == keys[position].bytes
    }

    /// The name at `position`.
    func name(at position: Int) -> String { rawNames[position] }

    /// The first `count` names, in the table's order.
    func names(_ count: Int) -> ContiguousArray<String> { ContiguousArray(rawNames.prefix(count)) }

    /// The object of a same-shaped table's values, given in the table's order: sorted as the
    /// shape's names were, the sorted names shared, not copied.
    func object(_ values: consuming ContiguousArray<JSONValue>) -> OrderedDictionary<String, JSONValue> {
        for j in swaps { values.swapAt(j, j - 1) }
        return OrderedDictionary(uncheckedUniqueKeys: sortedNames, values: values)
    }

    /// A name's bytes as a key, when they fit.
    private static func key(_ name: String) -> Key? {
        var name = name
        return name.withUTF8 { utf8 in
            guard utf8.count <= 16 else { return nil }
            var key = Key(count: utf8.count)
            withUnsafeMutableBytes(of: &key.bytes) { $0.copyMemory(from: UnsafeRawBufferPointer(utf8)) }
            return key
        }
    }
}
