// The check of the data itself: an item field one edit from a size field (`"wdth": 120`) is
// no error, as items may carry any field, but the size it meant to give is never read.

extension LayoutCheck {
    /// Notes the fields of `dataset`'s items one edit from a size field (`Kind.field`), named
    /// with the dataset's `sourceName`. O(items + shapes × fields).
    package mutating func checkSizeFields(of dataset: Dataset) {
        misspeltSizeFields = dataset.misspeltSizeFields
        dataSource = dataset.sourceName
    }

    /// The lines of `warnings(limit:)` about misspelt size fields: `data.json: item 2 ("c") has
    /// a field "wdth": did you mean "width"? ...`, or `data.json: 3 items have ...` with the first.
    package func sizeFieldWarnings(limit: Int) -> [String] {
        var lines: [String] = []
        for f in misspeltSizeFields.prefix(limit) {
            let items = f.count == 1 ? "item \(name(f.first)) has" : "\(NumberText.counted(f.count, "item")) have"
            let first = f.count == 1 ? "" : ", the first item \(name(f.first))"
            lines.append("\(dataSource): \(items) a field \"\(f.field)\"\(first): did you mean \"\(f.sizeField)\"? "
                         + "(a size is read from w and h, or width and height; any other field is data for scripts)")
        }
        if misspeltSizeFields.count > limit {
            lines.append("... \(NumberText.grouped(misspeltSizeFields.count - limit)) more misspelt size fields")
        }
        return lines
    }
}
