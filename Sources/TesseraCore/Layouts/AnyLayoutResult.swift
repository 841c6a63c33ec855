/// A layout result whose type is chosen at run time: what decorators, `SectionsLayout` and
/// scripted layouts give, since their result depends on the layouts they are given.
///
/// Every query is answered by `base`, at the cost of one more dynamic call. To reach the
/// concrete result, cast `base` (`result.base as? CompositionalResult`); wrapping an
/// `AnyLayoutResult` again keeps the innermost base, so one cast always suffices.
public struct AnyLayoutResult: ForwardingLayoutResult {
    /// The result that answers every query.
    public let base: any LayoutResult

    /// Wraps `result` (its own base when it is already an `AnyLayoutResult`). O(1).
    public init(_ result: any LayoutResult) {
        base = (result as? AnyLayoutResult)?.base ?? result
    }
}

extension LayoutResult {
    /// This result without an `AnyLayoutResult` around it: what to cast to reach the concrete
    /// result of a layout known only as `any Layout` (`result.unwrapped as? CompositionalResult`).
    /// O(1).
    public var unwrapped: any LayoutResult { (self as? AnyLayoutResult)?.base ?? self }
}
