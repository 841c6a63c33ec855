/// Sizes a host measured, by item index, kept with their indices sorted so a loop over every
/// item meets them with one cursor (`entries(in:)`) instead of a lookup per item.
///
/// Invariant: `order` holds exactly the keys of `sizes`, ascending.
struct MeasuredOverrides: Sendable {
    private(set) var sizes: [Int: Size]
    private let order: [Int]

    init(_ sizes: [Int: Size] = [:]) {
        self.sizes = sizes
        self.order = sizes.keys.sorted()
    }

    var isEmpty: Bool { sizes.isEmpty }

    /// Item `i`'s measured size. O(1).
    subscript(i: Int) -> Size? { sizes[i] }

    /// The measured items within `range`, ascending. O(log m) to start, O(1) a step.
    func entries(in range: Range<Int>) -> some IteratorProtocol<(Int, Size)> {
        var lo = 0, hi = order.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if order[mid] < range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        let sizes = self.sizes
        return order[lo...].lazy.prefix { $0 < range.upperBound }.map { ($0, sizes[$0]!) }.makeIterator()
    }
}
