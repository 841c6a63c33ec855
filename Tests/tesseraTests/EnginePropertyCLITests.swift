import Foundation
import Testing
@_spi(Testing) import TesseraCore

/// The engine shows what `tessera run` draws: for shipped layouts over real datasets, at random
/// viewport sizes, content offsets and shelf offsets, the engine's visible views (category,
/// kind, section, index, frame, zIndex), driven through the REPL as a provider over the dataset,
/// equal `tessera run --format json`'s `visible` items (drawn at their shelf's offset) and
/// `visibleElements` for the same layout, data and scroll state.
@Suite struct EnginePropertyCLITests {
    struct Case {
        var layout: String
        var data: String
        var params: [String: String] = [:]
    }

    /// One view as both sides describe it: `category kind s<section> #<index> x y w h z<zIndex>`.
    static func key(_ category: String, _ kind: String, _ section: Int, _ index: Int?, _ frame: [Double], _ z: Int) -> String {
        "\(category) \(kind) s\(section) #\(index.map(String.init) ?? "-") \(frame.map { JSONWriter.format($0) }.joined(separator: " ")) z\(z)"
    }

    struct State {
        var viewport: Size
        var offset: Double
        var shelves: [Int: Double]
    }

    static func numbers(_ v: JSONValue?) -> [Double] {
        guard case .array(let a)? = v else { return [] }
        return a.compactMap(\.number)
    }

    func run(_ c: Case, _ extra: [String]) throws -> JSONValue {
        var args = ["run", c.layout, "--data", c.data, "--format", "json"] + extra
        for (k, v) in c.params.sorted(by: { $0.key < $1.key }) { args += ["--param", "\(k)=\(v)"] }
        let out = try runTessera(args, timeout: 120)
        #expect(out.status == 0, "\(out.stderr)")
        return try JSONParser.parse(out.stdout)
    }

    /// What `run` draws for `state`, as keys.
    func expected(_ c: Case, _ state: State) throws -> [String] {
        var extra = ["--viewport", "\(JSONWriter.format(state.viewport.width))x\(JSONWriter.format(state.viewport.height))",
                     "--offset", "0,\(JSONWriter.format(state.offset))"]
        for (s, x) in state.shelves.sorted(by: { $0.key < $1.key }) { extra += ["--section-offset", "\(s)=\(JSONWriter.format(x)),0"] }
        let json = try run(c, extra)
        guard case .array(let items)? = json["items"], case .array(let visible)? = json["visible"],
              case .array(let elements)? = json["visibleElements"] else {
            Issue.record("no items, visible or visibleElements")
            return []
        }
        var keys: [String] = []
        for v in visible {
            let i = Int(v.number!)
            let item = items[i]
            let section = Int(item["section"]!.number!)
            var frame = Self.numbers(item["frame"])
            frame[0] -= state.shelves[section] ?? 0
            keys.append(Self.key("cell", "cell", section, i, frame, Int(item["zIndex"]?.number ?? 0)))
        }
        for e in elements {
            keys.append(Self.key(e["category"]!.string!, e["kind"]!.string!, Int(e["section"]!.number!),
                                 e["index"].map { Int($0.number!) }, Self.numbers(e["frame"]), Int(e["zIndex"]?.number ?? 0)))
        }
        return keys.sorted()
    }

    /// The REPL lines that build an engine for `state` and print its views, one key a line.
    static func replLines(_ layout: String, _ state: State, _ k: Int) -> String {
        var lines = ["print('STATE \(k)')",
                     "e = t.engine{ provider = t.provider{ data = data, layout = \(layout) }, viewport = {\(JSONWriter.format(state.viewport.width)), \(JSONWriter.format(state.viewport.height))} }",
                     "_ = e:scroll(0, \(JSONWriter.format(state.offset)))"]
        for (s, x) in state.shelves.sorted(by: { $0.key < $1.key }) { lines.append("_ = e:scrollSection(\(s + 1), \(JSONWriter.format(x)), 0)") }
        lines.append("for _, v in ipairs(e:views()) do print(string.format('%s|%s|%d|%s|%.17g|%.17g|%.17g|%.17g|%d', v.category, v.kind, v.section - 1, v.index and tostring(v.index - 1) or '-', v.frame[1], v.frame[2], v.frame[3], v.frame[4], v.zIndex)) end")
        return lines.joined(separator: "\n")
    }

    func check(_ c: Case, luaLayout: String, seed: UInt64, states count: Int = 3) throws {
        var random = SplitMix64(seed: seed)
        var states: [State] = []
        for _ in 0..<count {
            let viewport = Size(width: (320 + 120 * random.unit()).rounded(), height: (480 + 420 * random.unit()).rounded())
            // The content and shelves as laid out in that viewport.
            let json = try run(c, ["--viewport", "\(JSONWriter.format(viewport.width))x\(JSONWriter.format(viewport.height))"])
            let content = Self.numbers(json["contentSize"])
            let offset = (max(0, content[1] - viewport.height) * random.unit()).rounded()
            var shelves: [Int: Double] = [:]
            if case .array(let orthogonal)? = json["orthogonal"], !orthogonal.isEmpty {
                for _ in 0..<min(3, orthogonal.count) {
                    let o = orthogonal[Int(random.unit() * Double(orthogonal.count))]
                    let room = max(0, Self.numbers(o["contentSize"])[0] - Self.numbers(o["frame"])[2])
                    shelves[Int(o["section"]!.number!)] = (room * random.unit()).rounded()
                }
            }
            states.append(State(viewport: viewport, offset: offset, shelves: shelves))
        }
        let script = states.enumerated().map { Self.replLines(luaLayout, $1, $0) }.joined(separator: "\n")
        let repl = try runTessera(["repl", "--data", c.data, "--layout", c.layout], input: script + "\n", timeout: 120)
        #expect(repl.status == 0 && repl.stderr.isEmpty, "\(repl.stderr)")
        var shown: [[String]] = []
        for line in repl.stdout.split(separator: "\n") {
            if line.hasPrefix("STATE ") { shown.append([]); continue }
            let f = line.split(separator: "|").map(String.init)
            guard f.count == 9, !shown.isEmpty else { Issue.record("unexpected REPL line: \(line)"); continue }
            shown[shown.count - 1].append(Self.key(f[0], f[1], Int(f[2])!, Int(f[3]), f[4...7].map { Double($0)! }, Int(f[8])!))
        }
        #expect(shown.count == states.count)
        for (k, state) in states.enumerated() where k < shown.count {
            let want = try expected(c, state)
            #expect(!want.isEmpty)
            #expect(shown[k].sorted() == want, "\(c.layout) \(c.params) at \(state)")
        }
    }

    @Test func appStoreAppsScreen() throws {
        try check(Case(layout: "layouts/appstore.lua", data: "datasets/appstream-bookworm.json"), luaLayout: "L", seed: 1)
    }

    @Test func appStoreTodayScreen() throws {
        try check(Case(layout: "layouts/appstore.lua", data: "datasets/appstream-bookworm.json", params: ["screen": "today"]),
                  luaLayout: "L:with{ screen = 'today' }", seed: 2)
    }

    @Test func appStoreUpdatesScreen() throws {
        try check(Case(layout: "layouts/appstore.lua", data: "datasets/appstream-bookworm.json", params: ["screen": "updates"]),
                  luaLayout: "L:with{ screen = 'updates' }", seed: 3)
    }

    @Test func emojiSplit() throws {
        try check(Case(layout: "layouts/emoji-split.lua", data: "datasets/emoji-15.1.json"), luaLayout: "L", seed: 4)
    }

    @Test func sectioned() throws {
        try check(Case(layout: "layouts/sectioned.lua", data: "datasets/tuxpaint-stamps.json"), luaLayout: "L", seed: 5)
    }
}
