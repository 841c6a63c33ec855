import TesseraCore

/// A feed kept as a diffable snapshot (sections of item ids) and shown by the headless engine.
/// An update edits the snapshot and gives the provider its items in the snapshot's order: the
/// engine finds what was inserted, deleted and moved by id itself (a `Changeset` is for a UIKit
/// data source), and `anchor = .firstVisible` keeps the first visible cell still on screen.
public final class SnapshotFeed {
    public private(set) var snapshot: Snapshot<ItemID, ItemID>
    public let engine: CollectionEngine
    private let provider: BasicProvider
    private var models: [ItemID: Item] = [:]

    public init(dataset: Dataset, layout: any Layout, viewport: Size) throws {
        snapshot = try Snapshot(sections: dataset.sections.map { section in
            (section.id, section.range.map { dataset.id(at: $0) })
        })
        for item in dataset.items { models[item.id] = item }
        provider = BasicProvider(data: ItemSource(dataset: dataset), layout: layout)
        engine = CollectionEngine(provider: provider, viewport: viewport)
        engine.anchor = .firstVisible                   // inserts above the screen move nothing in view
    }

    /// Shows `newSnapshot`, whose new ids are the items `added`; returns the pass's events (an
    /// `.adjust` first when the content offset moved to keep the anchor still).
    public func apply(_ newSnapshot: Snapshot<ItemID, ItemID>, adding added: [Item] = []) throws -> [EngineEvent] {
        for item in added { models[item.id] = item }
        let sections = try newSnapshot.sectionIdentifiers.map { id in
            (id: id, items: try newSnapshot.itemIdentifiers(inSection: id).map { models[$0] ?? Item(id: $0) })
        }
        provider.data = ItemSource(dataset: Dataset(sections: sections))   // section ranges counted for you
        snapshot = newSnapshot
        return try engine.layout()
    }
}
