/// A provider's data (CollectionKit's DataSource): how many items, each item's bound data and
/// identifier, and what the sizing rules read from it.
///
/// Closures keep the core independent of where data lives (a dataset, a Lua table); they are
/// called lazily: identifiers and bound data only for items that become visible, sizes once per
/// layout. A dataset source keeps the dataset so layouts can take the fast contiguous sizing path.
public struct ItemSource: Sendable {
    /// The number of items, 0 or more (a provider whose count is negative fails its engine's pass
    /// with a `LayoutError`).
    public var count: Int
    /// Item `i`'s bound data (what a view shows; compared on reload to find updates).
    public var value: @Sendable (Int) -> JSONValue
    /// Item `i`'s identifier, typed as the data gives it; throws what an id callback throws.
    public var identifier: @Sendable (Int) throws -> ItemID
    /// Item `i`'s intrinsic size input for the sizing rules (`w`, `h` or NaN, `text`).
    public var sizeInput: @Sendable (Int) -> SizeInput
    /// The dataset and the range the items come from, when they do (fast sizing).
    public var dataset: (dataset: Dataset, range: Range<Int>)?
    /// The items' sections, tiling `0..<count` in order, when given explicitly; nil takes the
    /// dataset's sections (or one section). Sections that do not tile the items fail the engine's
    /// next pass with a `LayoutError` naming the first one out of place.
    public var sections: [Dataset.Section]?

    /// A source of `count` items described by the three closures. O(1): the closures are called
    /// lazily by the engine's passes.
    public init(count: Int, value: @escaping @Sendable (Int) -> JSONValue, identifier: @escaping @Sendable (Int) throws -> ItemID,
                sizeInput: @escaping @Sendable (Int) -> SizeInput) {
        self.count = count
        self.value = value
        self.identifier = identifier
        self.sizeInput = sizeInput
    }

    /// No items.
    public static var empty: ItemSource { ItemSource(values: []) }

    /// Values (numbers, strings, objects); an object's `id` is its identifier, else its
    /// 0-based index as a string (the default id rule, `tostring(i - 1)` in Lua). The array is
    /// shared, not copied; the sizes are read from it once, here, as a dataset's columns are
    /// when it loads, since every layout pass reads them all again.
    /// - Complexity: O(n).
    public init(values: [JSONValue]) {
        let sizes = values.map(SizeInput.init)
        self.init(count: values.count, value: { values[$0] },
                  identifier: { Self.defaultIdentifier(values[$0], $0) },
                  sizeInput: { sizes[$0] })
    }

    /// The items of `range` in `dataset` (a whole dataset, or one of its sections), identified by
    /// their ids. O(1): the dataset is shared, not copied.
    public init(dataset: Dataset, range: Range<Int>? = nil) {
        let range = range ?? 0..<dataset.count, base = range.lowerBound
        self.init(count: range.count, value: { .object(dataset.fields(at: base + $0)) },
                  identifier: { dataset.id(at: base + $0) },
                  sizeInput: { i in
                      SizeInput(w: dataset.widths[base + i], h: dataset.heights[base + i], text: dataset.text(at: base + i))
                  })
        self.dataset = (dataset, range)
    }

    /// The items of `section`, one of `dataset`'s sections, as that one section, with its id and
    /// fields. A range alone would also take in an empty section next to it, so a composition
    /// of one source per section would lay such a section out more than once. O(1).
    public init(dataset: Dataset, section: Dataset.Section) {
        self.init(dataset: dataset, range: section.range)
        sections = [Dataset.Section(id: section.id, fields: section.fields, range: 0..<section.range.count)]
    }

    /// Why a layout context cannot be made from this source (a negative `count`, a dataset range
    /// outside its dataset or shorter than `count`, `sections` that do not tile `0..<count` in
    /// order); nil when it can. The engine's pass throws it as a `LayoutError` rather than trap
    /// on what a caller set. O(sections).
    func problem() -> String? {
        guard count >= 0 else { return "its item count is \(count); expected 0 or more" }
        if let (dataset, range) = dataset, range.lowerBound < 0 || range.upperBound > dataset.count || range.count < count {
            return "its dataset range \(range.lowerBound)..<\(range.upperBound) does not hold its \(NumberText.counted(count, "item")) "
                + "within the dataset's \(NumberText.grouped(dataset.count))"
        }
        if let sections, let gap = Dataset.Section.tilingGap(sections, count: count) {
            guard gap.position < sections.count else {
                return "its sections end at \(gap.expectedStart); they must tile its \(NumberText.counted(count, "item")) in order"
            }
            let section = sections[gap.position]
            return "its section \(gap.position) (id \(describeIdentifier(section.id))) starts at \(section.range.lowerBound), where "
                + "\(gap.expectedStart) was expected; sections must tile its \(NumberText.counted(count, "item")) in order"
        }
        return nil
    }

    /// The default id rule: the value's `id` field when it has one (an integer stays an
    /// integer), else the 0-based index as a string.
    public static func defaultIdentifier(_ value: JSONValue, _ index: Int) -> ItemID {
        switch value["id"] {
        case .string(let s)?: return .string(s)
        case .int(let v)?: return .int(v)
        case .double(let v)?: return .string(JSONWriter.format(v))
        case let other?: return .string(JSONWriter.write(other))
        case nil: return .string(String(index))
        }
    }
}

/// What a sizing rule reads from an item: its intrinsic width and height (NaN when not given) and
/// its text.
public struct SizeInput: Sendable {
    /// The intrinsic width; NaN when not given.
    public var w: Double
    /// The intrinsic height; NaN when not given.
    public var h: Double
    /// The item's text, measured by text sizing rules.
    public var text: String?

    /// An input with the given size and text.
    public init(w: Double = .nan, h: Double = .nan, text: String? = nil) {
        self.w = w; self.h = h; self.text = text
    }

    /// Reads `w`/`width`, `h`/`height` and `text` from an object; other values have none.
    /// - Complexity: O(1); an item's few fields are read in one pass rather than five look-ups
    ///   (this runs for every item of every layout of a source of values).
    public init(_ value: JSONValue) {
        guard case .object(let fields) = value else { self.init(); return }
        guard fields.count <= 8 else {
            self.init(w: (fields["w"] ?? fields["width"])?.number ?? .nan, h: (fields["h"] ?? fields["height"])?.number ?? .nan,
                      text: fields["text"]?.string)
            return
        }
        var w: JSONValue?, width: JSONValue?, h: JSONValue?, height: JSONValue?, text: JSONValue?
        for (key, field) in fields {
            // By length first: most keys (`id`, ...) then need no comparison at all, and a key
            // equal to an ASCII name has its bytes, so its length.
            switch key.utf8.count {
            case 1: if key == "w" { w = field } else if key == "h" { h = field }
            case 4: if key == "text" { text = field }
            case 5: if key == "width" { width = field }
            case 6: if key == "height" { height = field }
            default: break
            }
        }
        self.init(w: (w ?? width)?.number ?? .nan, h: (h ?? height)?.number ?? .nan, text: text?.string)
    }
}
