/// A provider of data items (CollectionKit's BasicProvider): data, an id rule, a layout, a size
/// rule, the kinds of view that show the items, an animator and a tap handler.
///
/// Setting `data` or `view` schedules a reload; setting `layout` or `size` a relayout; `tap`
/// schedules nothing.
public final class BasicProvider: Provider, ItemOwner {
    public var data: ItemSource { didSet { setNeedsReload() } }
    public var layout: any Layout { didSet { setNeedsRelayout() } }
    public var size: ItemSize { didSet { setNeedsRelayout() } }
    public var view: ViewRegistration { didSet { setNeedsReload() } }
    /// Called with the tapped item's local index.
    public var tap: ((Int) -> Void)?

    public init(data: ItemSource, layout: any Layout = FlowLayout(), size: ItemSize = .fit,
                view: ViewRegistration = ViewRegistration(), tap: ((Int) -> Void)? = nil) {
        self.data = data
        self.layout = layout
        self.size = size
        self.view = view
        self.tap = tap
    }

    public override var itemCount: Int { data.count }

    override func flatten(into builder: inout FlatBuilder, prefix: String, inherited: OwnedAnimator?) {
        builder.append(self, count: data.count, prefix: prefix, animator: animator(orInherited: inherited))
    }

    override func laidOut(in size: Size) throws -> ProviderLayout {
        ProviderLayout(result: try layout.layout(context(in: size)), headers: [])
    }

    /// The layout context, as `tessera run` builds it for the same data: the data's sections
    /// (`ItemSource.sections`), and a dataset with a plain rule takes the contiguous fast path;
    /// otherwise each size goes through the item's kind's rule, else the provider's.
    func context(in collection: Size) -> LayoutContext {
        let source = data, view = self.view, rule = self.size
        if !view.hasSizeRules, case .rule(let sizing) = rule, let (dataset, range) = source.dataset {
            let context = LayoutContext(dataset: dataset, range: range, collectionSize: collection, sizing: sizing)
            return source.sections.map { context.with(sections: $0) } ?? context
        }
        let item: (Int) -> Item? = source.dataset.map { d in { d.dataset.items[d.range.lowerBound + $0] } } ?? { _ in nil }
        let sizeOf: (Int, Size) -> Size = view.hasSizeRules
            ? { i, p in (view.kinds[view.kindPosition(i)].size ?? rule).size(i, p, input: source.sizeInput) }
            : { i, p in rule.size(i, p, input: source.sizeInput) }
        let sections = source.sections ?? source.dataset.map { LayoutContext.sections($0.dataset.sections, within: $0.range) }
        return LayoutContext(collectionSize: collection, count: source.count, sections: sections, item: item, size: sizeOf)
    }

    public func identifier(at local: Int) -> String { data.identifier(local) }
    public func kind(at local: Int) -> String { view.kind(local) }
    public func value(at local: Int) -> JSONValue { data.value(local) }
    public func didTap(at local: Int) { tap?(local) }
}
