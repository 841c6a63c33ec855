import Snippets
import TesseraCore
import TesseraLua
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Runs the docs' Swift snippets from the repository root and checks what each gives; then shares a
// layout and its results across tasks, as Swift 6 code does. Exits 1 on the first difference.

func check<T: Equatable>(_ what: String, _ got: T, _ expected: T) {
    guard got == expected else {
        print("swift-usage: \(what): got \(got), expected \(expected)")
        exit(1)
    }
}

/// Layouts kept in static storage must be Sendable, which every Tessera layout is.
enum Shared {
    static let waterfall = WaterfallLayout(columns: 3, spacing: 8)
}

// A dataset laid out and queried: the same as building the decorators by hand, and the visible
// set is exactly the items whose frames overlap the screen.
let photos = "datasets/examples/photos.jsonl"
let (contentSize, visible) = try layOutDataset(path: photos)
let dataset = try DatasetLoader.load(path: photos)
let byHand = try InsetLayout(WaterfallLayout(columns: 3, spacing: 8), insets: EdgeInsets(all: 16))
    .layout(LayoutContext(dataset: dataset))
check("dataset content size", contentSize, byHand.contentSize)
let screen = Rect(x: 0, y: 0, width: 375, height: 812)
check("dataset visible", visible, try (0..<byHand.count).filter { try byHand.frame(at: $0).overlapsWithPositiveArea(screen) })

// Items built in code.
check("items built in code", try layOutItemsBuiltInCode(), [
    Rect(x: 16, y: 16, width: 343, height: 200),
    Rect(x: 16, y: 224, width: 160, height: 120),
    Rect(x: 184, y: 224, width: 160, height: 120),
])

// Sections in two columns: news on the left under its header (its second item starts a new row);
// ads and weather stacked on the right, the ads with their own 20-point inset.
check("split columns", try splitColumns(), [
    "n1 (5.0, 35.0, 160.0, 80.0)",
    "n2 (5.0, 125.0, 160.0, 120.0)",
    "a1 (215.0, 50.0, 100.0, 60.0)",
    "w1 (200.0, 165.0, 160.0, 50.0)",
    "content 375.0x250.0",
])

// A custom layout, decorated like a built-in one.
let cards = Dataset(items: [Item(id: 1, size: Size(width: 50, height: 40)), Item(id: 2, size: Size(width: 50, height: 60))])
check("custom layout", try ListLayout(rowSpacing: 2).inset(10).layout(LayoutContext(dataset: cards)).allFrames, [
    Rect(x: 10, y: 10, width: 355, height: 40),
    Rect(x: 10, y: 52, width: 355, height: 60),
])

// A diff applied to a model array.
let old = [Message(id: 1, text: "hi"), Message(id: 2, text: "bye"), Message(id: 3, text: "ok")]
let new = [Message(id: 3, text: "ok"), Message(id: 4, text: "new"), Message(id: 1, text: "hi!")]
let (changeset, models) = try applyDiff(old: old, new: new)
check("diff applied to models", models, new)
// 2 leaves, 4 arrives at index 1, 3 moves to the front, 1 stays (now last) and its text changed.
check("diff", changeset, Changeset(itemsDeleted: [ItemPath(section: 0, item: 1)], itemsInserted: [ItemPath(section: 0, item: 1)],
                                   itemsMoved: [IndexMove(source: ItemPath(section: 0, item: 2), target: ItemPath(section: 0, item: 0))],
                                   itemsUpdated: [ItemPath(section: 0, item: 0)]))

// A Lua script run from Swift, and its errors handled.
check("lua script", runScript(path: "layouts/waterfall.lua", params: ["columns": 2], dataset: dataset),
      "\(dataset.count) items in \(try host().loadLayoutScript(path: "layouts/waterfall.lua").configured(["columns": 2]).layout(LayoutContext(dataset: dataset)).contentSize)")
check("lua parameter error", runScript(path: "layouts/waterfall.lua", params: ["colums": 2], dataset: dataset),
      "script error: layouts/waterfall.lua:27: unknown param 'colums' (did you mean columns?); known params: columns, spacing")
let broken = runScript(path: "Examples/SwiftUsage/Scripts/broken.lua", params: [:], dataset: dataset)
check("lua runtime error", String(broken.prefix { $0 != "\n" }),
      "script error: Examples/SwiftUsage/Scripts/broken.lua:6: ctx.set: argument #4 (w) must be a number, got nil (a variable never set, or an item field that is misspelt or missing, reads as nil)")
check("lua runtime error has a traceback", broken.contains("\nstack traceback:\n"), true)

func host() throws -> LuaHost { try LuaHost() }

// One layout and one result shared by many tasks.
let context = LayoutContext(dataset: dataset)
let result = try Shared.waterfall.layout(context)
let windows = (0..<8).map { Rect(x: 0, y: Double($0) * 150, width: 375, height: 300) }
let answers = try await withThrowingTaskGroup(of: (Int, [Int], Size).self) { group in
    for (k, window) in windows.enumerated() {
        group.addTask {
            let again = try Shared.waterfall.layout(LayoutContext(dataset: dataset))   // laid out in a task
            return (k, result.visible(in: window), again.contentSize)   // a FramesResult: no try
        }
    }
    var byTask: [Int: ([Int], Size)] = [:]
    for try await (k, visible, size) in group { byTask[k] = (visible, size) }
    return byTask
}
for (k, window) in windows.enumerated() {
    check("visible in task \(k)", answers[k]!.0, result.visible(in: window))
    check("content size in task \(k)", answers[k]!.1, result.contentSize)
}

// A Lua analytic result (every query calls Lua) shared by tasks: its queries take turns on the host.
let grid = try LuaHost().loadLayoutScript(path: "layouts/grid.lua").configured(["columns": 10])
let cells = try grid.layout(LayoutContext(dataset: Dataset.synthetic(count: 10_000) { _ in Size(width: 1, height: 1) }))
let expected = try (0..<400).map { try cells.frame(at: $0 * 25) }
let frames = try await withThrowingTaskGroup(of: (Int, [Rect]).self) { group in
    for t in 0..<4 {
        group.addTask { (t, try (0..<400).map { try cells.frame(at: $0 * 25) }) }
    }
    var byTask: [Int: [Rect]] = [:]
    for try await (t, frames) in group { byTask[t] = frames }
    return byTask
}
for t in 0..<4 { check("analytic frames in task \(t)", frames[t]!, expected) }

// A failing analytic script: laying it out succeeds, and the query that fails throws the
// script's error to the caller, in a task as anywhere else (never a frame of zero).
let failing = try LuaHost().loadLayoutScript(path: "Examples/SwiftUsage/Scripts/failing-analytic.lua").configured()
let failingResult = try failing.layout(LayoutContext(dataset: dataset))
check("failing analytic: a frame that works", try failingResult.frame(at: 4), Rect(x: 0, y: 40, width: 375, height: 10))
let failure = await Task { () -> String in
    do {
        let frame = try failingResult.frame(at: 5)
        return "no error, got \(frame)"
    } catch let error as any TesseraError {
        return "\(error.errorKind): \(String(error.description.prefix { $0 != "\n" }))"
    } catch {
        return "unexpected: \(error)"
    }
}.value
check("failing analytic query", failure,
      "script: Examples/SwiftUsage/Scripts/failing-analytic.lua:7: no frame for item 6")

// The compositional layout: a featured row paging sideways (cards 90 % of the width, centred with
// (375 - 337.5) / 2 on each side), then a pinned 44-point header and a two-column grid.
let sectioned = Dataset(items: (0..<7).map { Item(id: .int($0)) },
                        sections: [Dataset.Section(id: "featured", range: 0..<3), Dataset.Section(id: "grid", range: 3..<7)])
let store = try appStoreLayout().layout(LayoutContext(dataset: sectioned))
check("compositional featured cards", try (0..<3).map { try store.frame(at: $0) }, [
    Rect(x: 18.75, y: 0, width: 337.5, height: 250),
    Rect(x: 366.25, y: 0, width: 337.5, height: 250),
    Rect(x: 713.75, y: 0, width: 337.5, height: 250),
])
check("compositional grid", try (3..<7).map { try store.frame(at: $0) }, [
    Rect(x: 0, y: 294, width: 187.5, height: 100), Rect(x: 187.5, y: 294, width: 187.5, height: 100),
    Rect(x: 0, y: 394, width: 187.5, height: 100), Rect(x: 187.5, y: 394, width: 187.5, height: 100),
])
check("compositional content size", store.contentSize, Size(width: 375, height: 494))
check("compositional pinned header", try store.elements(in: Rect(x: 0, y: 300, width: 375, height: 400),
                                                        scroll: ScrollState(contentOffset: Point(x: 0, y: 300)))
        .filter { $0.kind == "header" }.map(\.frame), [Rect(x: 0, y: 300, width: 375, height: 44)])

// The engine: the first pass inserts exactly the items a waterfall shows on the first screen (all
// six). The reload deletes item 1 (faded out) and inserts item 9 (faded in); items 2 to 5 move to
// a lower index and, in new columns, to new frames (animated); item 0 keeps its frame and gets
// new data (an update with nothing to animate).
let first = Dataset(items: (0..<6).map { Item(id: .int($0), size: Size(width: 100, height: 150)) })
var secondItems = first.items.filter { $0.id != .int(1) }
secondItems.append(Item(id: 9, size: Size(width: 100, height: 150)))
secondItems[0] = Item(id: 0, size: Size(width: 100, height: 150), fields: ["title": "changed"])
let second = Dataset(items: secondItems)
let onScreen = try WaterfallLayout(columns: 2, spacing: 8).layout(LayoutContext(dataset: first, collectionSize: Size(width: 375, height: 400)))
    .visible(in: Rect(x: 0, y: 0, width: 375, height: 400))
let log = try runEngine(first: first, then: second)
check("engine first pass", Array(log.prefix(onScreen.count)), onScreen.map { "insert \($0)" })
check("engine reload", Array(log.dropFirst(onScreen.count)).sorted(), [
    "delete 1 animated", "insert 9 animated", "move 2 animated", "move 3 animated", "move 4 animated", "move 5 animated",
    "update 0", "update 2 animated", "update 3 animated", "update 4 animated", "update 5 animated",
])
check("engine first screen", onScreen, [0, 1, 2, 3, 4, 5])

// The same reload as frames: at 30 fps the 0.3 s fade is 10 samples (0 s to 0.3 s); item 1
// fades out beneath the others and item 9 fades in on top, every sample drawing the same views.
let timelineProvider = BasicProvider(data: ItemSource(dataset: first), layout: WaterfallLayout(columns: 2, spacing: 8))
let timelineEngine = CollectionEngine(provider: timelineProvider, viewport: Size(width: 375, height: 400))
try timelineEngine.layout()
let reloadSamples = try reloadFrames(of: timelineProvider, in: timelineEngine, to: second, fps: 30)
check("timeline samples", reloadSamples.count, 10)
check("timeline drawing order", Set(reloadSamples.map { $0.map(\.id) }), [[1, 0, 2, 3, 4, 5, 9]])
check("timeline first sample", [reloadSamples[0].first?.state.alpha, reloadSamples[0].last?.state.alpha], [1, 0])
check("timeline last sample", [reloadSamples[9].first?.state.alpha, reloadSamples[9].last?.state.alpha], [0, 1])

// Concurrency: the task group's heights are the ones laid out one by one.
let widths = [320.0, 375, 414, 768]
let heights = try await contentHeights(of: dataset, widths: widths)
for width in widths {
    check("height at width \(width)", heights[width],
          try WaterfallLayout(columns: 3, spacing: 8).layout(LayoutContext(dataset: dataset, collectionSize: Size(width: width, height: 812))).contentSize.height)
}

// The UIKit-shaped layout: prepared for a collection view, it answers the overrides without
// throwing; the SwiftUI-shaped one places subviews of their own sizes.
final class FakeCollectionView: CollectionViewLike {
    var boundsSize = Size(width: 375, height: 812)
}
let collectionView = FakeCollectionView()
let uikit = TesseraCollectionViewLayout(layout: WaterfallLayout(columns: 3, spacing: 8), dataset: dataset)
uikit.collectionView = collectionView
uikit.prepare()
check("uikit content size", uikit.collectionViewContentSize, result.contentSize)
check("uikit elements in rect", uikit.layoutAttributesForElements(in: screen).map(\.item), result.visible(in: screen))
check("uikit item out of range", uikit.layoutAttributesForItem(at: dataset.count), nil)
check("uikit item", uikit.layoutAttributesForItem(at: 0), try result.frame(at: 0))
check("uikit invalidation", [uikit.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 500, width: 375, height: 812)),
                             uikit.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 414, height: 812))], [false, true])
struct FixedSubviews: SubviewsLike {
    var sizes: [Size]
    var count: Int { sizes.count }
    func sizeThatFits(_ index: Int, proposal: Size) -> Size { sizes[index] }
}
let stack = TesseraSwiftUILayout(FlowLayout(interitemSpacing: 10))
let subviews = FixedSubviews(sizes: [Size(width: 100, height: 30), Size(width: 80, height: 30), Size(width: 150, height: 30)])
check("swiftui size", try stack.sizeThatFits(proposal: Size(width: 200, height: 100), subviews: subviews), Size(width: 190, height: 60))   // the bounding box of the frames
check("swiftui placement", try stack.placeSubviews(in: Rect(x: 10, y: 20, width: 200, height: 100), subviews: subviews), [
    Rect(x: 10, y: 20, width: 100, height: 30), Rect(x: 120, y: 20, width: 80, height: 30), Rect(x: 10, y: 50, width: 150, height: 30),
])

// A self-sizing host: 40 rows estimated at 50 points, scrolled to y = 500; the row that comes in
// from above is 130 tall: the offset moves by 80 and the row that was on top stays 50 below the top.
final class FakeScrollView: ScrollViewLike {
    var contentOffset = Point(x: 0, y: 500)
    var contentSize = Size.zero
}
struct FakeCell: CellLike {
    var id: ItemID
    var height: Double
    func fittedSize(width: Double) -> Size { Size(width: width, height: height) }
}
let rows = BasicProvider(data: ItemSource(values: (0..<40).map { .object(["id": .string("r\($0)")]) }), layout: FlowLayout(),
                         size: .fixed(.fraction(1), .absolute(50)))
let scrollView = FakeScrollView()
let sizing = SelfSizingHost(engine: CollectionEngine(provider: rows, viewport: Size(width: 375, height: 400)), scrollView: scrollView)
try sizing.scrolled()
scrollView.contentOffset.y = 450                       // r9 comes in from above
try sizing.scrolled()
try sizing.cellsConfigured([FakeCell(id: "r9", height: 130)])
check("self-sizing offset", scrollView.contentOffset, Point(x: 0, y: 530))
check("self-sizing row on top", sizing.frames["r10"].map { $0.minY - scrollView.contentOffset.y }, 50)
check("self-sizing content", scrollView.contentSize, Size(width: 375, height: 40 * 50 + 80))

// A snapshot-driven feed: three sections of 20 squares in a 3-column waterfall, scrolled to
// y = 1000. A row of three items inserted at the top, one visible item deleted and one moved: the engine
// deletes exactly that one, keeps the first visible cell where it was on screen, and shows the
// snapshot's order.
let squares = Dataset(sections: ["a", "b", "c"].map { s in
    (id: ItemID.string(s), items: (0..<20).map { Item(id: .string("\(s)\($0)"), size: Size(width: 100, height: 100)) })
})
let feed = try SnapshotFeed(dataset: squares, layout: WaterfallLayout(columns: 3, spacing: 8), viewport: Size(width: 375, height: 400))
_ = try feed.engine.layout()
_ = try feed.engine.scroll(to: Point(x: 0, y: 1000))
@MainActor func cellsOnScreen() -> [(id: ItemID, index: Int, y: Double)] {
    feed.engine.views.filter { $0.category == .item }.map { ($0.id, $0.index!, $0.frame.minY - feed.engine.visibleRect.minY) }
        .sorted { $0.index < $1.index }
}
let anchor = cellsOnScreen()[0], gone = cellsOnScreen()[2].id
var edited = feed.snapshot
try edited.insertItems(["new1", "new2", "new3"], beforeItem: "a0")
try edited.deleteItems([gone])
try edited.moveItem("a1", afterItem: "a5")
let update = try feed.apply(edited, adding: ["new1", "new2", "new3"].map { Item(id: $0, size: Size(width: 100, height: 100)) })
check("snapshot update adjusts first", update.first?.type, .adjust)
check("snapshot update deletes", update.filter { $0.type == .delete }.map(\.id), [gone])
check("snapshot update keeps the anchor still", cellsOnScreen().first { $0.id == anchor.id }?.y, anchor.y)
check("snapshot update order", try edited.itemIdentifiers.map { try feed.engine.index(of: $0) }, Array(0..<edited.numberOfItems))

print("swift-usage: every snippet gives what the docs say; results and layouts shared across tasks")
