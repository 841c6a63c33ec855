/// Ids compared and written straight from the id arena, without building an `ItemID` (nor a
/// heap string) per item: what a preview needs to tell whether a million ids changed and to
/// send them as text.
extension Dataset {
    /// Whether `other` has the same ids in the same order (strings by their bytes; the integer
    /// 5 and the string "5" differ). O(n); O(1) per item when both came from the same kind of
    /// file, as the arenas are then compared whole.
    package func hasSameIDs(as other: Dataset) -> Bool { idColumn.sameIDs(as: other.idColumn) }

    /// Appends item `i`'s id as `id(at: i).description` spells it, in UTF-8.
    package func appendIDText(at i: Int, to out: inout [UInt8]) { idColumn.appendText(i, to: &out) }
}

extension IDColumn {
    func sameIDs(as other: IDColumn) -> Bool {
        guard count == other.count else { return false }
        // Loaded from equal ids, both arenas are equal byte for byte.
        if payloads == other.payloads && kinds == other.kinds && bytes == other.bytes && others == other.others { return true }
        for i in 0..<count {
            let k = kind(i)
            guard k == other.kind(i) else { return false }
            switch k {
            case IDColumn.integer: if payloads[i] != other.payloads[i] { return false }
            case IDColumn.string:
                let a = stringRange(i), b = other.stringRange(i)
                let same = bytes.withUnsafeBufferPointer { p in
                    other.bytes.withUnsafeBufferPointer { q in
                        memcmpEqual(UnsafeBufferPointer(rebasing: p[a]), UnsafeBufferPointer(rebasing: q[b]))
                    }
                }
                if !same { return false }
            default: if others[payloads[i]] != other.others[other.payloads[i]] { return false }
            }
        }
        return true
    }

    func appendText(_ i: Int, to out: inout [UInt8]) {
        switch kind(i) {
        case IDColumn.integer:
            // A small string: no allocation.
            out.append(contentsOf: String(payloads[i]).utf8)
        case IDColumn.string:
            let r = stringRange(i)
            bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[r])) }
        default:
            out.append(contentsOf: others[payloads[i]].description.utf8)
        }
    }
}
