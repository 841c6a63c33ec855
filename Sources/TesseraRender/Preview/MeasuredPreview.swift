import TesseraCore

/// One `measure` message of `tessera preview --measure`'s page: the heights its browser gave the
/// text of drawn items, at their laid-out widths.
///
/// `{"type":"measure","gen":G,"idsVersion":V,"x":X,"y":Y,"sizes":[[index,w,h],...]}`: the
/// generation whose frames the page drew, the id table those indices belong to, the page's
/// content offset when it measured, and 0-based item indices with their measured sizes.
package struct MeasureBatch: Equatable, Sendable {
    /// The most sizes one message may carry (the page sends at most one screenful or so).
    public static let maxSizes = 2000

    public struct Entry: Equatable, Sendable {
        public var index: Int
        public var size: Size
        public init(index: Int, size: Size) { self.index = index; self.size = size }
    }

    public var generation: Int
    public var idsVersion: Int
    public var offset: Point
    public var sizes: [Entry]

    public init(generation: Int, idsVersion: Int, offset: Point, sizes: [Entry]) {
        self.generation = generation; self.idsVersion = idsVersion; self.offset = offset; self.sizes = sizes
    }

    /// A page's message, checked: page messages are untrusted.
    /// - Throws: `PreviewMessageError` naming the first thing wrong (nothing is kept).
    public init(message: JSONValue) throws {
        func whole(_ key: String) throws -> Int {
            guard let v = message[key]?.number, let n = Int(whole: v, in: 0...Int(Int32.max)) else {
                throw PreviewMessageError("measure: expected \(key) to be a whole number from 0, got \(message[key]?.briefDescription ?? "nothing")")
            }
            return n
        }
        func coordinate(_ key: String) throws -> Double {
            guard let v = message[key]?.number, v.isFinite else {
                throw PreviewMessageError("measure: expected \(key) to be a finite number, got \(message[key]?.briefDescription ?? "nothing")")
            }
            return v
        }
        generation = try whole("gen")
        idsVersion = try whole("idsVersion")
        offset = Point(x: try coordinate("x"), y: try coordinate("y"))
        guard case .array(let list)? = message["sizes"] else {
            throw PreviewMessageError("measure: expected sizes to be an array of [index, width, height], got \(message["sizes"]?.briefDescription ?? "nothing")")
        }
        guard list.count <= Self.maxSizes else {
            throw PreviewMessageError("measure: expected at most \(Self.maxSizes) sizes in one message, got \(list.count)")
        }
        sizes = []
        sizes.reserveCapacity(list.count)
        for (k, entry) in list.enumerated() {
            guard case .array(let parts) = entry, parts.count == 3,
                  let i = parts[0].number.flatMap({ Int(whole: $0, in: 0...Int(Int32.max)) }),
                  let w = parts[1].number, let h = parts[2].number,
                  Item.isAllowedSize(w), Item.isAllowedSize(h) else {
                throw PreviewMessageError("measure: expected sizes[\(k)] to be [index, width, height] with a whole index from 0 and finite sizes \(Item.sizeRange), got \(JSONWriter.write(entry).prefix(80))")
            }
            sizes.append(Entry(index: i, size: Size(width: w, height: h)))
        }
    }
}

/// A page message the server refused, and why (a sentence the terminal and the page show).
package struct PreviewMessageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The layout of `tessera preview --measure`: a `CollectionEngine` over one `BasicProvider`
/// (the layout and sizing rule `tessera run` uses), so the page's measurements and the
/// anchoring after them are the engine's own.
///
/// A run first scrolls the engine to where the page was when it measured (only when the page
/// measured the frames the engine last gave: otherwise its offset means other frames), then
/// measures, then lays out; the pass keeps the page's first visible cell where it was.
package final class MeasuredPreview {
    /// Where a run that applied measurements moved the page's offset.
    public struct Adjust: Equatable, Sendable {
        /// The generation the page measured on, and its offset then (the engine's anchor was
        /// taken there); nil when the page measured older frames (it keeps its own anchor).
        public var generation: Int?
        public var from: Point?
        public var to: Point?
    }

    public struct Pass {
        public var result: any LayoutResult
        /// Set when the run applied measurements.
        public var adjust: Adjust?
        /// Why measurements were dropped: stale id tables, indices past the items.
        public var refused: [String]
    }

    private let provider: BasicProvider
    private let engine: CollectionEngine
    /// The generation whose frames the engine last laid out, and the id table of its items.
    private var generation = -1
    private var idsVersion = -1
    private var dataset: Dataset
    /// What the provider's layout needs alive (a script's host), kept as long as the layout.
    private var owner: AnyObject?

    /// `guides`: the viewport's, which every pass lays out with (`--safe-area` and its siblings).
    public init(layout: any Layout, owner: AnyObject? = nil, dataset: Dataset, sizing: ItemSizing, viewport: Size,
                guides: ViewportGuides = .zero) {
        provider = BasicProvider(data: ItemSource(dataset: dataset), layout: layout, size: .rule(sizing))
        engine = CollectionEngine(provider: provider, viewport: viewport, guides: guides)
        self.dataset = dataset
        self.owner = owner
    }

    /// Every measurement kept, by item id.
    public var measuredSizes: [ItemID: Size] { engine.measuredSizes }

    /// Lays out generation `generation`: `batches` measured first (in order), then `layout`
    /// and `dataset` (of id table `idsVersion`) when they are new, in `viewport` (`owner` is kept
    /// alive with the layout). A new layout
    /// or viewport forgets every measurement (the batches' too: they are of the old widths).
    public func run(generation next: Int, layout: (any Layout)?, owner: AnyObject? = nil, dataset newData: Dataset?,
                    idsVersion newIds: Int, viewport: Size, batches: [MeasureBatch]) throws -> Pass {
        var refused: [String] = []
        var adjust: Adjust?
        if !batches.isEmpty {
            adjust = Adjust()
            if let last = batches.last, last.generation == generation, last.idsVersion == idsVersion {
                _ = try engine.scroll(to: last.offset)
                // The page drew what it measured there, the cells that came into view since the
                // engine's last look too.
                engine.didDrawViews()
                adjust = Adjust(generation: last.generation, from: engine.scrollState.contentOffset)
            }
            for batch in batches {
                guard batch.idsVersion == idsVersion else {
                    refused.append("measure: sizes of id table \(batch.idsVersion) ignored; the items now have id table \(idsVersion)")
                    continue
                }
                for entry in batch.sizes {
                    guard entry.index < dataset.count else {
                        refused.append("measure: no item \(entry.index); the data has \(dataset.count) items")
                        continue
                    }
                    try engine.measure(dataset.id(at: entry.index), size: entry.size)
                }
            }
        }
        if let newData {
            provider.data = ItemSource(dataset: newData)
            dataset = newData
        }
        idsVersion = newIds
        // Sizes measured at the old widths would hold every item at them: the page measures
        // again what it draws at the new ones.
        if layout != nil || viewport != engine.viewportSize {
            for id in engine.measuredSizes.keys { try engine.measure(id, size: nil) }
        }
        if let layout {
            provider.layout = layout
            self.owner = owner
        }
        _ = engine.viewportSize == viewport ? try engine.layout() : try engine.resize(to: viewport)
        if adjust?.from != nil { adjust?.to = engine.scrollState.contentOffset }
        generation = next
        return Pass(result: engine.layoutResult, adjust: adjust, refused: refused)
    }
}
