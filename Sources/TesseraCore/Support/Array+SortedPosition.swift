/// Binary search over an array sorted by an integer key, for the engine's few-element lookups
/// (a pass's shown cells by item index, a reload's wanted integer ids) that hash nothing.
extension Array {
    /// The position of an element whose `key` is `value`, in an array sorted by `key` ascending
    /// (the first such, when keys repeat); nil when none is. O(log n).
    func sortedPosition(of value: Int, by key: (Element) -> Int) -> Int? {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if key(self[mid]) < value { lo = mid + 1 } else { hi = mid }
        }
        return lo < count && key(self[lo]) == value ? lo : nil
    }
}
