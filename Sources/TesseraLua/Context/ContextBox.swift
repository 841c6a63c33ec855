import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// The `LayoutContext` behind a Lua `ctx` table, kept alive by the table's methods.
final class ContextBox {
    let context: LayoutContext
    /// The context's sections, in its 0-based indices (see `LayoutContext.sections`).
    let sections: [Dataset.Section]
    /// Supplementaries and decorations the script emitted (`ctx.supplementary`, `ctx.decoration`).
    var elements: [LayoutElement] = []
    /// For ctx:size: the intrinsic sizes of this context's items, the dataset's own arrays (no
    /// copy: the dataset is never mutated and `context` holds it, so their storage stays put),
    /// so the hot path reads plain memory; nil when the context's sizes come from a closure, or
    /// for the reference paths.
    let widths, heights: UnsafeBufferPointer<Double>?
    let sizing: ItemSizing
    /// Where an unsized item's text is read: one field, as the context's own sizing reads it,
    /// not the whole item. Nil when the items have no `text` field.
    let textSource: TextSource?

    /// The storage's dataset and base, and the key of the dataset's `text` field. A struct,
    /// not a tuple: a tuple type's metadata is looked up at run time, on every pass.
    struct TextSource {
        let dataset: Dataset
        let base: Int
        let key: Int32
    }
    /// The pass ctx:item's items belong to (`tb_pushitemaccess`), 0 on the reference paths:
    /// `LuaHost.endItems` ends it when the host is done with this context.
    var itemPass: lua_Integer = 0

    /// - Parameter reference: ask `context.size(at:proposed:)` for every size (the simple path
    ///   the fast ones must agree with; see `LuaHost.referenceDataAccess`).
    init(_ context: LayoutContext, reference: Bool = false) {
        self.context = context
        self.sections = context.sections
        if let storage = context.sizeStorage, !reference {
            let range = storage.base..<(storage.base + context.count)
            widths = storage.dataset.widths.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[range]) }
            heights = storage.dataset.heights.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[range]) }
            sizing = storage.sizing
            textSource = storage.dataset.fieldKey("text").map { TextSource(dataset: storage.dataset, base: storage.base, key: $0) }
        } else {
            widths = nil
            heights = nil
            sizing = ItemSizing()
            textSource = nil
        }
    }

    /// Item `index`'s (0-based) size for `proposed`: `context.size(at:proposed:)`, read from
    /// the dataset's own size arrays when there are some. O(1) for sized items. Throws what the context's
    /// size rule throws (a section that fails to lay out, a size function's error).
    @inline(__always)
    func size(_ index: Int, _ proposed: Size) throws -> Size {
        guard let widths, let heights else { return try context.size(at: index, proposed: proposed) }
        return sizing.size(w: widths[index], h: heights[index], text: { self.text(index) }, proposed: proposed)
    }

    /// Item `index`'s text, for the rule to measure. Read in place: unwrapping `textSource`
    /// into a value (as `flatMap` did) copied the dataset once per item.
    @inline(never)
    private func text(_ index: Int) -> String? {
        guard let key = textSource?.key, let base = textSource?.base else { return nil }
        return textSource?.dataset.field(key, at: base + index)?.string
    }

    /// ctx:size's source (`tb_Sizer.size`): never raises; a size that fails is pushed as an
    /// error code (`LuaHost.raising`) for the bridge to raise. Allocates nothing on success.
    static let sizeOfItem: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, lua_Integer, Double, Double,
                                           UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Int32 = { source, L, i, pw, ph, w, h in
        Unmanaged<ContextBox>.fromOpaque(source!)._withUnsafeGuaranteedRef { box in
            LuaHost.raising(L!) {
                let size = try box.size(Int(i), Size(width: pw, height: ph))
                w!.pointee = size.width
                h!.pointee = size.height
                return 0
            }
        }
    }

    /// The bridge's code (TB_SIZE_*) for a sizing rule.
    static func bridgeRule(_ rule: SizingRule) -> Int {
        switch rule {
        case .fit: Int(TB_SIZE_FIT)
        case .fillWidth: Int(TB_SIZE_FILLWIDTH)
        case .intrinsic: Int(TB_SIZE_INTRINSIC)
        case .fill: Int(TB_SIZE_FILL)
        }
    }

    /// The section holding item `index` (0-based) and the item's place in it. O(log sections).
    func section(of index: Int) -> (section: Int, item: Int) {
        let s = Dataset.sectionIndex(containing: index, in: sections)
        return (s, index - sections[s].range.lowerBound)
    }

    /// Item `index`'s fields (nil for a context without a dataset).
    func fields(_ index: Int) -> OrderedDictionary<String, JSONValue>? { context.item(at: index)?.fields }
}
