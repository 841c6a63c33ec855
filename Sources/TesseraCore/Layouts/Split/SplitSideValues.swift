/// One value for each side of a split layout, read and written by side: how far down each
/// column is filled, looked up once or twice per section, without a dictionary's hashing.
struct SplitSideValues<Value> {
    var left: Value
    var right: Value

    /// Both sides start at `value`.
    init(_ value: Value) { left = value; right = value }

    subscript(side: SplitSide) -> Value {
        get { side == .left ? left : right }
        set { if side == .left { left = newValue } else { right = newValue } }
    }
}
