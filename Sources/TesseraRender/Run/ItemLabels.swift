import TesseraCore

/// What the SVG picture and the HTML page write on each item: one field of the dataset's items,
/// chosen with `run --label FIELD` (default `id`), the same for every item, so a picture never
/// mixes ids with indices. `@index` labels items with their flattened index instead. An item
/// without the field, or a frame past the dataset's items, gets no label.
public struct ItemLabels: Sendable {
    /// The name `--label` takes for the flattened index.
    public static let indexField = "@index"

    /// The dataset field whose value labels each item, or `indexField`.
    public var field: String

    /// Labels from `field` (the item id by default).
    public init(field: String = "id") { self.field = field }

    /// Throws when `field` is a data field that no item of `datasets` has (the first one named):
    /// a misspelt `--label nmae` would leave every item blank. Empty datasets label nothing, so
    /// pass. O(shapes × fields).
    package func check(_ datasets: Dataset...) throws {
        guard field != Self.indexField, field != "id", let first = datasets.first,
              datasets.contains(where: { $0.count > 0 }),
              !datasets.contains(where: { $0.someItemHas(field: field) }) else { return }
        throw first.noItemHas(field, purpose: "for --label")
    }

    /// Item `index`'s label: the field's string, a number as JSON writes it, other values as
    /// JSON text; "" when the item has no such field. Bidirectional formatting characters in it
    /// are shown as escapes, and a backslash of a string as `\\` (`bidiControlsShown`): a label
    /// reads as the data holds it.
    /// O(length of the label).
    public func label(at index: Int, in dataset: Dataset) -> String {
        if field == Self.indexField { return String(index) }
        guard index >= 0, index < dataset.count else { return "" }
        if field == "id" { return bidiControlsShown(dataset.id(at: index).description) }
        switch dataset.field(field, at: index) {
        case nil: return ""
        case .string(let s)?: return bidiControlsShown(s)
        case let value?: return bidiControlsShown(json: JSONWriter.write(value))
        }
    }
}
