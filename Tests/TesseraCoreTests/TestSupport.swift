import Foundation
@testable import TesseraCore

/// A context whose items have fixed sizes and ignore the proposal (CollectionKit's MockLayoutContext).
func fixedContext(_ sizes: [Size], in collection: Size, ids: [String]? = nil) -> LayoutContext {
    LayoutContext(collectionSize: collection, count: sizes.count,
                  item: { i in ids.map { Item(id: .string($0[i])) } },
                  size: { i, _ in sizes[i] })
}

/// A context whose items answer every proposal with the proposal (CollectionKit's default size source).
func fillContext(count: Int, in collection: Size) -> LayoutContext {
    LayoutContext(collectionSize: collection, count: count, item: { _ in nil }, size: { _, p in p })
}

/// What laying `layout` out in `context` gives: "laid out", or the error's message.
func layoutOutcome(_ layout: some Layout, _ context: LayoutContext) -> String {
    do {
        _ = try layout.layout(context)
        return "laid out"
    } catch {
        return "\(error)"
    }
}

func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }
func s(_ w: Double, _ h: Double) -> Size { Size(width: w, height: h) }

/// Five 10x10 items in sections "a" (items 0, 1), "empty" (none) and "b" (items 2, 3, 4).
func sectionsWithAnEmptyOne() -> Dataset {
    let items = (0..<5).map { Item(id: .int($0), fields: ["w": .int(10), "h": .int(10)]) }
    return Dataset(items: items, sections: [
        .init(id: .string("a"), range: 0..<2), .init(id: .string("empty"), range: 2..<2),
        .init(id: .string("b"), range: 2..<5),
    ])
}

/// Every item overlapping `rect` by brute force, as drawn in that viewport.
func bruteForceVisible(_ result: any LayoutResult, _ rect: Rect) throws -> [Int] {
    try (0..<result.count).filter { try result.frame(at: $0, viewport: rect).overlapsWithPositiveArea(rect) }
}

/// What a layout's `@Sendable` closure saw, in call order (the closures of a layout's
/// configuration must be `@Sendable`, so they cannot append to a captured `var`).
final class Recorder<Value>: @unchecked Sendable {
    // Safe: `stored` is only touched while holding `lock`.
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}
