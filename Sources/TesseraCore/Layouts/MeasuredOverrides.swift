/// Sizes a host measured, by item index, kept with their indices sorted so a loop over every
/// item meets them with one cursor (`entries(in:)`) instead of a lookup per item, and so a pass
/// after a few more measurements updates them in place instead of sorting them all again.
///
/// Invariant: `order` holds exactly the keys of `sizes`, ascending.
struct MeasuredOverrides: Sendable, Equatable {
    private(set) var sizes: [Int: Size]
    private var order: [Int]

    /// O(m log m) for m sizes.
    init(_ sizes: [Int: Size] = [:]) {
        self.sizes = sizes
        self.order = sizes.keys.sorted()
    }

    var isEmpty: Bool { sizes.isEmpty }

    /// Item `i`'s measured size. O(1).
    subscript(i: Int) -> Size? { sizes[i] }

    /// Sets item `i`'s size, or forgets it (nil). O(log m), plus moving the larger indices.
    mutating func set(_ i: Int, _ size: Size?) {
        let at = position(of: i)
        let present = at < order.count && order[at] == i
        if let size {
            if !present { order.insert(i, at: at) }
            sizes[i] = size
        } else if present {
            order.remove(at: at)
            sizes[i] = nil
        }
    }

    /// The first position in `order` whose index is not below `i`. O(log m).
    private func position(of i: Int) -> Int {
        var lo = 0, hi = order.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if order[mid] < i { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The measured items within `range`, ascending. O(log m) to start, O(1) a step.
    func entries(in range: Range<Int>) -> Cursor {
        Cursor(order: order, sizes: sizes, position: isEmpty ? 0 : position(of: range.lowerBound), end: range.upperBound)
    }

    /// Measured items in ascending index order, up to an end. A concrete type rather than a
    /// lazy sequence: a layout loop that makes one then needs no generic metadata made at run
    /// time (which cost more than the loop over 50k items).
    struct Cursor {
        fileprivate let order: [Int]
        fileprivate let sizes: [Int: Size]
        fileprivate var position: Int
        fileprivate let end: Int

        /// The next measured item and its size, or nil past the end. O(1).
        mutating func next() -> (Int, Size)? {
            guard position < order.count, order[position] < end else { return nil }
            let i = order[position]
            position += 1
            return (i, sizes[i]!)
        }
    }
}
