/// The bytes a dataset's items take in memory: what holding it costs (the preview keeps past
/// runs within a budget of these).
extension Dataset {
    /// The bytes of its per-item storage: ids, sizes and fields (the arrays' elements, not
    /// their spare capacity nor the sections and metadata, which are small). O(columns).
    public var heldBytes: Int {
        widths.count * MemoryLayout<Double>.stride + heights.count * MemoryLayout<Double>.stride
            + idColumn.heldBytes + fieldColumns.heldBytes
    }
}

extension IDColumn {
    var heldBytes: Int {
        payloads.count * MemoryLayout<Int>.stride + kinds.count + bytes.count
            + others.count * MemoryLayout<ItemID>.stride + hashes.count * MemoryLayout<UInt64>.stride
    }
}

extension FieldColumns {
    var heldBytes: Int {
        columns.reduce(0) { $0 + $1.values.count * MemoryLayout<Double>.stride + $1.integers.count * MemoryLayout<UInt64>.stride }
            + shapeOf.count * MemoryLayout<UInt32>.stride + raw.count + rawStart.count * MemoryLayout<Int>.stride
            + exotic.count * MemoryLayout<JSONValue>.stride
    }
}
