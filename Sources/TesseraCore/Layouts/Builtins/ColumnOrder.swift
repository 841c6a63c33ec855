/// The columns of a waterfall of up to `capacity` columns, shortest first, in registers: the
/// waterfall's answer to "which column is shortest?" without a branch that depends on the data.
///
/// Why: a waterfall places each item on the shortest column, so the search is a chain from one
/// item to the next. Written with branches, it mispredicts often on fresh data (which column is
/// shortest is close to random), and runs fast only when the same items are laid out again and
/// again; written as compares and conditional moves over the tops in memory, every item waits
/// for the previous one's store to be read back. Here the columns stay sorted by (top, column)
/// in registers, and placing an item sorts them again with `min`/`max` and bit masks: the next
/// top is one addition and one `min` away from the last. Three slots: a fourth spilled the
/// slots to the stack inside the layout's loop, which cost more than it saved.
///
/// The order is exactly the scan's: the shortest top first, the lowest column on a tie. The tops
/// start at +0 and grow only by steps the order `accepts` (+0 to the largest finite double), so
/// they are never NaN or negative; a top that overflows to infinity sorts as a number, as the
/// scan compares it.
struct ColumnOrder {
    /// The most columns kept: three slots, so one code path serves 1 to 3 columns.
    static let capacity = 3

    // Slot k: the k-th shortest column's top and number. Unused slots hold +infinity and
    // numbers from `columns` on, so they sort after every column (even one whose top reached
    // infinity) and are never first.
    private var top0 = 0.0, top1 = 0.0, top2 = 0.0
    private var column0 = 0, column1 = 1, column2 = 2

    /// `columns` columns, every top 0. - Precondition: 1 ≤ `columns` ≤ `capacity`.
    init(columns: Int) {
        precondition(columns >= 1 && columns <= Self.capacity, "ColumnOrder keeps 1 to \(Self.capacity) columns")
        if columns < 2 { top1 = .infinity }
        if columns < 3 { top2 = .infinity }
    }

    /// The shortest column (the lowest on a tie).
    @inline(__always) var shortest: Int { column0 }
    /// The shortest column's top.
    @inline(__always) var shortestTop: Double { top0 }

    /// Whether a column may grow by `step`: +0 up to the largest finite double (not -0, not
    /// negative, not NaN, not infinite), one compare of bit patterns.
    @inline(__always) static func accepts(_ step: Double) -> Bool { step.bitPattern < Double.infinity.bitPattern }

    /// The shortest column's top becomes `top` (its top plus a step the order `accepts`), and
    /// the columns are sorted again.
    /// Transparent: `@inline(__always)` left it a call inside the layout's loop, which kept the
    /// slots in memory.
    @_transparent
    mutating func raiseShortest(to top: Double) {
        let column = column0
        // after_k: the raised column now sorts after slot k (1 or 0).
        let after1 = Self.after(top, column, top1, column1)
        let after2 = Self.after(top, column, top2, column2)
        // The raised column moves past the slots it now sorts after; the others move up one.
        (top0, top1, top2) = (Self.lower(top, top1), Self.lower(Self.higher(top, top1), top2), Self.higher(top, top2))
        (column0, column1, column2) = (Self.pick(after1, column1, column),
                                       Self.pick(after1, Self.pick(after2, column2, column), column1),
                                       Self.pick(after2, column, column2))
    }

    /// Each column's top, by column number, for a waterfall of `count` columns.
    func tops(count: Int) -> [Double] {
        var tops = [Double](repeating: 0, count: count)
        for (top, column) in [(top0, column0), (top1, column1), (top2, column2)] where column < count {
            tops[column] = top
        }
        return tops
    }

    // The lower and the higher of two tops, each one min or max instruction (Swift.max's `>=`
    // compiles to a compare and three masks). Equal tops are equal doubles (no top is -0 and
    // none is NaN), so which of two equal ones comes back does not matter.
    @inline(__always) private static func lower(_ a: Double, _ b: Double) -> Double { b < a ? b : a }
    @inline(__always) private static func higher(_ a: Double, _ b: Double) -> Double { b > a ? b : a }

    /// 1 when (`top`, `column`) sorts after (`other`, `otherColumn`), else 0. Tops are +0 or
    /// more and never NaN, and such doubles order as their bit patterns do, so the tie on the
    /// column is one added 1: `other < top`, or equal with the lower column, is
    /// `bits(other) < bits(top) + (otherColumn < column)`. No bit pattern here reaches 2^63.
    @inline(__always)
    private static func after(_ top: Double, _ column: Int, _ other: Double, _ otherColumn: Int) -> Int {
        let tie: UInt64 = otherColumn < column ? 1 : 0
        return other.bitPattern < top.bitPattern &+ tie ? 1 : 0
    }

    /// `flag == 1 ? a : b` by masks: a conditional expression here would become a branch.
    @inline(__always)
    private static func pick(_ flag: Int, _ a: Int, _ b: Int) -> Int {
        let mask = 0 &- flag
        return (a & mask) | (b & ~mask)
    }
}
