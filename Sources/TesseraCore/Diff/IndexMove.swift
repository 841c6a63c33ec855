/// A move of one section or item, from an index in the state before a batch to an index in the
/// state after it (UIKit's `moveSection(_:toSection:)` / `moveItem(at:to:)` semantics).
public struct IndexMove<Index: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// Where the element is before the batch.
    public var source: Index
    /// Where the element is after the batch.
    public var target: Index

    /// A move from `source` to `target`.
    public init(source: Index, target: Index) {
        self.source = source
        self.target = target
    }

    public var description: String { "\(source) -> \(target)" }
}
