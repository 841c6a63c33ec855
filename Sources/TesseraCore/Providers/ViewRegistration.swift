/// Which kind of view shows an item (ConfigableCollectionView's registration by data type):
/// kinds tried in order, the first whose predicate accepts the item wins. Each kind may carry
/// its own size rule, which replaces the provider's for the items it shows.
public struct ViewRegistration: Sendable {
    /// One kind of view: its name, which items it shows and how it sizes them.
    public struct Kind: Sendable {
        /// The view kind's name (`"cell"`, `"video"`, ...).
        public var name: String
        /// `(localIndex) -> Bool`; nil accepts every item. What it throws leaves the pass.
        public var when: (@Sendable (Int) throws -> Bool)?
        /// The kind's own size rule; nil keeps the provider's.
        public var size: SizeSource?

        /// A kind `name` for the items `when` accepts, sized by `size`.
        public init(_ name: String, when: (@Sendable (Int) throws -> Bool)? = nil, size: SizeSource? = nil) {
            self.name = name; self.when = when; self.size = size
        }
    }

    /// Never empty.
    public private(set) var kinds: [Kind]

    /// One kind for every item.
    public init(_ name: String = "cell") { kinds = [Kind(name)] }

    /// Kinds tried in order. An item no predicate accepts gets the last kind.
    public init(kinds: [Kind]) {
        self.kinds = kinds.isEmpty ? [Kind("cell")] : kinds
    }

    /// The position in `kinds` of item `index`'s kind. O(kinds) predicate calls.
    public func kindPosition(_ index: Int) throws -> Int {
        try kinds.firstIndex { try $0.when?(index) ?? true } ?? kinds.count - 1
    }

    /// Item `index`'s kind name.
    public func kind(_ index: Int) throws -> String { try kinds[kindPosition(index)].name }

    /// True when some kind carries its own size rule (sizing must then ask for each item's kind).
    public var hasSizeRules: Bool { kinds.contains { $0.size != nil } }
}
