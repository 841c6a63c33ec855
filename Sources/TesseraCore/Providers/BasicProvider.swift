/// A provider of data items (CollectionKit's BasicProvider): data, an id rule, a layout, a size
/// rule, the kinds of view that show the items, an animator and a tap handler.
///
/// Setting `data` or `view` schedules a reload; setting `layout` or `size` a relayout; `tap`
/// schedules nothing.
public final class BasicProvider: Provider, ItemOwner {
    /// The items: their count, bound data, identifiers and size inputs.
    public var data: ItemSource { didSet { setNeedsReload() } }
    /// The layout of the items.
    public var layout: any Layout { didSet { setNeedsRelayout() } }
    /// How each item is sized (a view kind's own rule replaces it for its items).
    public var size: SizeSource { didSet { setNeedsRelayout() } }
    /// Which kind of view shows each item.
    public var view: ViewRegistration { didSet { setNeedsReload() } }
    /// Called with the tapped item's local index; what it throws leaves `tap(at:)`.
    public var tap: ((Int) throws -> Void)?
    /// Called with a tapped header, footer, badge or background of this provider's layout and
    /// its section within the provider (0-based).
    public var tapElement: ((LayoutElement, Int) throws -> Void)?

    /// A provider of `data` laid out by `layout`, sized by `size`, shown by `view`. O(1): nothing
    /// is laid out until an engine's pass.
    public init(data: ItemSource, layout: any Layout = FlowLayout(), size: SizeSource = .fit,
                view: ViewRegistration = ViewRegistration(), tap: ((Int) throws -> Void)? = nil) {
        self.data = data
        self.layout = layout
        self.size = size
        self.view = view
        self.tap = tap
    }

    public override var itemCount: Int { data.count }

    /// Its items laid out, one leaf of them owned. Throws `LayoutError.invalidResult` when the
    /// layout places other than one frame per item (the items and their owners must agree).
    override func laidOut(in size: Size, at place: ProviderPlace, walk: ProviderWalk) throws -> ProviderLayout {
        let result = try layout.layout(try context(in: size, guides: walk.guides).measured(walk.measured.items(of: self)))
        let n = data.count
        guard result.count == n else {
            throw LayoutError.invalidResult(layout: String(describing: type(of: layout)),
                                            problem: "placed \(NumberText.counted(result.count, "frame")) for the provider's \(NumberText.counted(n, "item"))")
        }
        let animator = animator(orInherited: place.animator)
        let leaves = n == 0 ? [] : [FlatProvider.Leaf(begin: 0, count: n, owner: self, localBase: 0, scope: place.scope,
                                                      animator: animator)]
        // Every section of its result, uncounted (counting costs O(n) for an analytic result):
        // a composing provider bounds the run by the sections it places.
        let owned = ProviderLayout.SectionOwner(sections: 0..<Int.max, owner: self, scope: place.scope, animator: animator)
        return ProviderLayout(result: result, leaves: leaves, sectionOwners: [owned])
    }

    /// Laid out again after only the sizes of items `changed` (local indices) changed since
    /// `previous` (a host measured them), reusing what did not move; nil when the layout cannot
    /// splice (see `SplicingLayout`), and a full layout is due. O(re-placed items).
    func relaidOut(in size: Size, guides: ViewportGuides, measured: MeasuredSizes, previous: any LayoutResult,
                   changed: Range<Int>) throws -> (any LayoutResult)? {
        guard let splicing = layout as? any SplicingLayout else { return nil }
        return try splicing.relayout(try context(in: size, guides: guides).measured(measured.items(of: self)),
                                     previous: previous, changed: changed)
    }

    /// The layout context, as `tessera run` builds it for the same data: the data's sections
    /// (`ItemSource.sections`), and a dataset with a plain rule takes the contiguous fast path;
    /// otherwise each size goes through the item's kind's rule, else the provider's. The
    /// context carries the viewport's `guides`.
    /// - Throws: `LayoutError.invalid` when `data` cannot make a context (`ItemSource.problem()`).
    func context(in collection: Size, guides: ViewportGuides) throws -> LayoutContext {
        var context = try context(in: collection)
        context.guides = guides
        return context
    }

    /// The context without guides (see `context(in:guides:)`).
    private func context(in collection: Size) throws -> LayoutContext {
        let source = data, view = self.view, rule = self.size
        if let problem = source.problem() {
            throw LayoutError.invalid("a basic provider's data is invalid: " + problem)
        }
        if !view.hasSizeRules, case .rule(let sizing) = rule, let (dataset, range) = source.dataset {
            let context = LayoutContext(dataset: dataset, range: range, collectionSize: collection, sizing: sizing)
            return source.sections.map { context.with(sections: $0) } ?? context
        }
        var item: @Sendable (Int) -> Item? = { _ in nil }
        if let (dataset, range) = source.dataset {
            item = { dataset.item(at: range.lowerBound + $0) }
        }
        let sizeInput = source.sizeInput
        let sizeOf: @Sendable (Int, Size) throws -> Size
        if view.hasSizeRules {
            sizeOf = { i, p in try (view.kinds[view.kindPosition(i)].size ?? rule).size(i, p, input: sizeInput) }
        } else {
            sizeOf = { i, p in try rule.size(i, p, input: sizeInput) }
        }
        let sections = source.sections ?? source.dataset.map { LayoutContext.sections($0.dataset.sections, within: $0.range) }
        return LayoutContext(collectionSize: collection, count: source.count, sections: sections, item: item, size: sizeOf)
    }

    public func identifier(at local: Int) throws -> ItemID { try data.identifier(local) }
    package var ownedCount: Int { data.count }
    public func kind(at local: Int) throws -> String { try view.kind(local) }
    public func value(at local: Int) -> JSONValue { data.value(local) }
    /// The id of its layout's section `local`: the data section its layout context gave it
    /// (the provider's own sections, else its dataset's within its range); nil when there is no
    /// such section or the data is no dataset. A dataset made without sections is one section,
    /// id 0, so its section 0 answers 0. O(1) for a whole dataset, else O(log sections +
    /// sections in range).
    public func sectionID(ofSection local: Int) -> ItemID? {
        let sections: [Dataset.Section]
        if let own = data.sections {
            sections = own
        } else if let (dataset, range) = data.dataset, !dataset.sections.isEmpty {
            // A whole dataset's sections are its layout's as they are.
            sections = range == 0..<dataset.count ? dataset.sections : LayoutContext.sections(dataset.sections, within: range)
        } else {
            return nil
        }
        return sections.indices.contains(local) ? sections[local].id : nil
    }
    public func didTap(at local: Int) throws { try tap?(local) }
    public func didTap(_ element: LayoutElement, localSection: Int) throws { try tapElement?(element, localSection) }
}
