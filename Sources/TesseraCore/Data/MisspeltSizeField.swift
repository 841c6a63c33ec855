/// A field some dataset items have that is one edit from a size field (`wdth`, `heigth`,
/// `widht`): an item may carry any field (fields are data for scripts), so the data loads, and
/// those items' width or height silently falls back to the proposal. `tessera check` warns.
package struct MisspeltSizeField: Equatable, Sendable {
    /// The field as the data spells it.
    package var field: String
    /// The size field it is one edit from: `width` or `height`.
    package var sizeField: String
    /// How many items have it, and the first of them (0-based, in the dataset's order).
    package var count: Int
    package var first: Int

    /// The long size fields a misspelling is compared with. `w` and `h` are left out: one edit
    /// from them is any one- or two-letter name (`x`, `y`), which says nothing.
    static let spelledOut = ["width", "height"]

    /// The size field `name` is one edit from (a swap of two neighbouring letters counts as one)
    /// and starts like, whatever its case (`Width`), or nil for a size field itself or any other
    /// name: a slip keeps the first letter, and `weight`, one edit from `height`, is real data.
    static func sizeField(near name: String) -> String? {
        guard !ItemRules.sizeFields.contains(name), let initial = name.first?.lowercased() else { return nil }
        let letters = Array(name)
        return spelledOut.first { $0.hasPrefix(initial) && DidYouMean.distance(letters, Array($0)) == 1 }
    }
}

extension Dataset {
    /// Every field in use one edit from a size field, in the order the items first have them.
    /// O(items + shapes × fields): read from the items' shapes, building no item.
    package var misspeltSizeFields: [MisspeltSizeField] {
        fieldNames(in: 0..<count).compactMap { name in
            guard let size = MisspeltSizeField.sizeField(near: name),
                  case let (n, first?) = itemsHaving(field: name, in: 0..<count) else { return nil }
            return MisspeltSizeField(field: name, sizeField: size, count: n, first: first)
        }
    }
}
