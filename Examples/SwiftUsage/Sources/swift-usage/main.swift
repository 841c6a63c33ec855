import Snippets
import TesseraCore
import TesseraLua
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Runs the README's snippets from the repository root and checks what each gives; then shares a
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
      "script error: layouts/waterfall.lua: unknown param 'colums'; known params: columns, spacing")
let broken = runScript(path: "Examples/SwiftUsage/Scripts/broken.lua", params: [:], dataset: dataset)
check("lua runtime error", String(broken.prefix { $0 != "\n" }),
      "script error: Examples/SwiftUsage/Scripts/broken.lua:6: ctx.set: argument #4 (w) must be a number, got nil")
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

print("swift-usage: every snippet gives what the README says; results and layouts shared across tasks")
