/// Step 2 of the diff: which matched elements must be reported as moved.
///
/// In a UIKit batch, elements that are not moved keep their relative order: the batch removes
/// deleted and moved-out elements, places inserted and moved-in ones at their targets, and the
/// unmoved rest fills the remaining slots in their old order. So the unmoved elements of a
/// section pair must appear in the same relative order on both sides. The fewest moves would
/// come from a longest increasing subsequence (O(n log n)); this stays linear instead.
///
/// The "stayers" of a pair of ranges are the elements matched from one range into the other.
/// Two greedy passes each pick an order-preserving set of unmoved stayers:
/// - forward (DifferenceKit's rule): walk the new range in order with a cursor on the first old
///   stayer not yet visited; a stayer is unmoved when it is the cursor's element;
/// - mirror: walk the old range in order with a cursor on the first new stayer not yet visited;
///   a stayer is unmoved when it is the cursor's element.
/// The forward pass is cheap for elements moved towards the front (`[0,1,2] → [2,0,1]`: one
/// move) and the mirror for elements moved towards the back (`[0,1,2] → [1,2,0]`: one move,
/// where DifferenceKit reports two). The pass with fewer moves wins; ties go to the forward
/// pass. Both passes are O(old range + new range).
enum MoveSelection {
    /// Marks in `moved` (indexed like the new side) the stayers of this range pair that move.
    ///
    /// - Parameters:
    ///   - oldPartner: for an old index in `oldRange`, the new index of its partner when it is a
    ///     stayer, or -1.
    ///   - newPartner: for a new index in `newRange`, the old index of its partner when it is a
    ///     stayer, or -1.
    ///   - visitedOld, visitedNew: scratch flags, all false in these ranges on entry; left
    ///     dirty in these ranges only.
    /// - Returns: the number of moves marked.
    /// - Complexity: O(oldRange.count + newRange.count).
    @inline(__always)
    static func select(
        oldRange: Range<Int>, newRange: Range<Int>,
        oldPartner: (Int) -> Int, newPartner: (Int) -> Int,
        visitedOld: UnsafeMutableBufferPointer<Bool>, visitedNew: UnsafeMutableBufferPointer<Bool>,
        moved: UnsafeMutableBufferPointer<Bool>
    ) -> Int {
        let (oldRange, newRange) = unsettled(oldRange: oldRange, newRange: newRange, oldPartner: oldPartner, newPartner: newPartner)
        // Forward pass: marks directly.
        var cursor = oldRange.lowerBound
        let oldEnd = oldRange.upperBound
        while cursor < oldEnd && oldPartner(cursor) < 0 { cursor += 1 }
        var forwardMoves = 0
        for q in newRange {
            let p = newPartner(q)
            if p < 0 { continue }
            visitedOld[p] = true
            if p == cursor {
                while cursor < oldEnd && (visitedOld[cursor] || oldPartner(cursor) < 0) { cursor += 1 }
            }
            else {
                forwardMoves += 1
                moved[q] = true
            }
        }
        if forwardMoves <= 1 { return forwardMoves }
        // Mirror pass: count first, and mark only when it wins.
        let mirrorMoves = mirror(oldRange: oldRange, newRange: newRange, oldPartner: oldPartner, newPartner: newPartner,
                                 visitedNew: visitedNew, moved: nil)
        guard mirrorMoves < forwardMoves else { return forwardMoves }
        for q in newRange {
            moved[q] = false
            visitedNew[q] = false
        }
        _ = mirror(oldRange: oldRange, newRange: newRange, oldPartner: oldPartner, newPartner: newPartner,
                   visitedNew: visitedNew, moved: moved)
        return mirrorMoves
    }

    /// The ranges less the stayers at either end that keep their order: while the k-th stayer
    /// from the start (or the end) of the old range pairs with the k-th of the new range, both
    /// passes leave it unmoved and nothing after it depends on it (a pass's cursor reaches the
    /// first stayer past such a run exactly when the stayers before it are all visited), so
    /// the passes only walk what lies between. For similar lists, where only a few
    /// elements move, that is most of each pass skipped.
    ///
    /// - Complexity: O(oldRange.count + newRange.count) at worst; the length of the ends cut.
    @inline(__always)
    static func unsettled(
        oldRange: Range<Int>, newRange: Range<Int>, oldPartner: (Int) -> Int, newPartner: (Int) -> Int
    ) -> (old: Range<Int>, new: Range<Int>) {
        var p = oldRange.lowerBound, q = newRange.lowerBound
        var pEnd = oldRange.upperBound, qEnd = newRange.upperBound
        while true {
            while p < pEnd && oldPartner(p) < 0 { p += 1 }
            while q < qEnd && newPartner(q) < 0 { q += 1 }
            guard p < pEnd, q < qEnd, oldPartner(p) == q else { break }
            p += 1
            q += 1
        }
        while true {
            while pEnd > p && oldPartner(pEnd - 1) < 0 { pEnd -= 1 }
            while qEnd > q && newPartner(qEnd - 1) < 0 { qEnd -= 1 }
            guard pEnd > p, qEnd > q, oldPartner(pEnd - 1) == qEnd - 1 else { break }
            pEnd -= 1
            qEnd -= 1
        }
        return (p..<pEnd, q..<qEnd)
    }

    @inline(__always)
    private static func mirror(
        oldRange: Range<Int>, newRange: Range<Int>,
        oldPartner: (Int) -> Int, newPartner: (Int) -> Int,
        visitedNew: UnsafeMutableBufferPointer<Bool>, moved: UnsafeMutableBufferPointer<Bool>?
    ) -> Int {
        var cursor = newRange.lowerBound
        let newEnd = newRange.upperBound
        while cursor < newEnd && newPartner(cursor) < 0 { cursor += 1 }
        var moves = 0
        for p in oldRange {
            let q = oldPartner(p)
            if q < 0 { continue }
            visitedNew[q] = true
            if q == cursor {
                while cursor < newEnd && (visitedNew[cursor] || newPartner(cursor) < 0) { cursor += 1 }
            }
            else {
                moves += 1
                moved?[q] = true
            }
        }
        return moves
    }
}
