/// The position of an item: its section index and its index inside that section (0-based).
///
/// A plain struct rather than Foundation's `IndexPath`: two integers, no heap storage, ordered
/// by section first, then item.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 0-based section index.
    public var section: Int
    /// The 0-based item index inside the section.
    public var item: Int

    /// The item at `item` in section `section`.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (a: ItemPath, b: ItemPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }

    /// `[section, item]`, as in `tessera diff` JSON.
    public var description: String { "[\(section), \(item)]" }
}
