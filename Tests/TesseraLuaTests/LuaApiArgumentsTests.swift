import Testing
import TesseraCore
@testable import TesseraLua

/// The Lua API's arguments where they had drifted from what the docs promise: the REPL's
/// `run` configuring a built-in by name, a provider given one section of the dataset, and the
/// dataset table's `meta` and `file`.
@Suite struct LuaApiArgumentsTests {
    /// Two sections, `a` (items 0 and 1) and `b` (items 2..4), each item 100 × (10·(i+1)).
    static let sectioned: Dataset = {
        let items = (0..<5).map { Item(id: .string("i\($0)"), fields: ["w": .int(100), "h": .int(10 * ($0 + 1))]) }
        return Dataset(items: items, sections: [Dataset.Section(id: .string("a"), fields: ["title": .string("A")], range: 0..<2),
                                                Dataset.Section(id: .string("b"), fields: ["title": .string("B")], range: 2..<5)],
                       metadata: ["source": .string("made up"), "licence": .string("CC0")], sourceName: "two.json")
    }()

    /// `run("waterfall", {params = ...})` configures the built-in as `t.run` and `--param` do
    /// (it said "field 'params' applies only to layout scripts"); a bad one names the parameter.
    @Test func runTakesParamsForABuiltinByName() throws {
        let repl = try ReplRecorder()
        let context = LayoutContext(dataset: repl.session.dataset, collectionSize: Size(width: 375, height: 812))
        let three = try BuiltinLayouts.make(name: "waterfall", params: ["columns": .int(3)]).layout(context).contentSize
        let one = try BuiltinLayouts.make(name: "waterfall", params: ["columns": .int(1)]).layout(context).contentSize
        #expect(three != one)
        repl.feed("run('waterfall', {params = {columns = 3}}):contentSize()", "run('waterfall', {params = {}}):contentSize()",
                  "run('waterfall', {params = {columns = 1}}):contentSize()",
                  "run('waterfall', {params = {colums = 3}})", "run('waterfall', {params = 3})")
        let defaults = try BuiltinLayouts.make(name: "waterfall", params: [:]).layout(context).contentSize
        #expect(repl.out == ["\(NumberText.display(three.width))\t\(NumberText.display(three.height))",
                             "\(NumberText.display(defaults.width))\t\(NumberText.display(defaults.height))",
                             "\(NumberText.display(one.width))\t\(NumberText.display(one.height))"])
        #expect(repl.err.map { $0.components(separatedBy: "\n")[0] } == [
            "stdin:1: run: unknown param 'colums' for the waterfall layout (did you mean columns?); known params: columns, spacing",
            "stdin:1: run: field 'params' must be a table of params, got number",
        ])
    }

    /// A provider given `data.sections[2]` lays out that section's items, with their ids, sizes
    /// and bound data (it laid out nothing: the entry is only `{id, first, count}`); its
    /// callbacks get the section's items, numbered from 1.
    @Test func aProviderTakesOneSectionOfTheDataset() throws {
        let repl = try ReplRecorder(dataset: Self.sectioned)
        repl.feed("p = t.provider{ data = data.sections[2], layout = t.flow{}, id = function(item, i) return item.id .. '/' .. i end }",
                  "e = t.engine{ provider = p, viewport = { 100, 812 } }", "_ = e:layout()",
                  "#e:views()", "e.contentSize", "e:views()[1].id", "e:views()[3].frame", "e:views()[2].data")
        #expect(repl.err == [])
        #expect(repl.out == ["3", "{100, 120}", "i2/1", "{0, 70, 100, 50}", "{id = \"i3\", w = 100, h = 40}"])
    }

    /// A provider per entry of `data.sections` has that section alone: an empty section next to
    /// it is not one of its sections, so a t.sections layout in each provider asks for every
    /// section once (it asked for the empty one with each neighbour as well), and the frames
    /// are those of one t.sections over the dataset.
    @Test func aProviderPerSectionHasThatSectionAlone() throws {
        let items = (0..<5).map { Item(id: .string("i\($0)"), fields: ["w": .int(10), "h": .int(10)]) }
        let dataset = Dataset(items: items, sections: [Dataset.Section(id: .string("a"), range: 0..<2),
                                                       Dataset.Section(id: .string("empty"), range: 2..<2),
                                                       Dataset.Section(id: .string("b"), range: 2..<5)])
        let repl = try ReplRecorder(dataset: dataset)
        repl.feed("calls = {}",
                  "inner = t.sections{ sections = function(i, s) calls[#calls + 1] = i .. ' ' .. s.id; return t.flow{} end }",
                  "parts = {} for i = 1, #data.sections do parts[i] = t.provider{ data = data.sections[i], layout = inner } end",
                  "e = t.engine{ provider = t.composed{ sections = parts }, viewport = { 30, 100 } }", "_ = e:layout()",
                  "table.concat(calls, ', ')", "for _, v in ipairs(e:views()) do print(v.id, v.frame) end")
        #expect(repl.err == [])
        // Views are named by their provider's place (0: a, 2: b) and their item.
        #expect(repl.out == ["1 a, 1 empty, 1 b", "0-i0\t{0, 0, 10, 10}", "0-i1\t{10, 0, 10, 10}", "2-i2\t{0, 10, 10, 10}",
                             "2-i3\t{10, 10, 10, 10}", "2-i4\t{20, 10, 10, 10}"])
    }

    /// A table that is neither the dataset, one of its sections nor an array of items is refused,
    /// naming the key out of place (it laid out nothing without a word).
    @Test func aProviderRefusesATableThatIsNoData() throws {
        let repl = try ReplRecorder(dataset: Self.sectioned)
        repl.feed("t.provider{ data = { items = { {id = 'a'} } } }", "t.provider{ data = { {id = 'a'}, [0] = {id = 'z'} } }",
                  "#t.provider{ data = { {id = 'a'}, sections = { {id = 's', count = 1} } } }.data")
        #expect(repl.err.map { $0.components(separatedBy: "\n")[0] } == [
            "stdin:1: t.provider: field 'data' must be the dataset, one of its sections (data.sections[i]) or an array of items, got a table with the key 'items'",
            "stdin:1: t.provider: field 'data' must be the dataset, one of its sections (data.sections[i]) or an array of items, got a table with the key [0]",
        ])
        #expect(repl.out == ["1"])
    }

    /// The dataset's own top-level keys are `data.meta`; the file it came from is `data.file`,
    /// so the dataset's own `source` is never hidden by the path.
    @Test func dataMetaHoldsTheFilesOwnKeys() throws {
        let repl = try ReplRecorder(dataset: Self.sectioned)
        repl.feed("data.meta.source", "data.meta.licence", "data.file", "data.source", "data.sections[2]")
        #expect(repl.err == [])
        #expect(repl.out == ["made up", "CC0", "two.json", "nil", "{id = \"b\", count = 3, first = 3, title = \"B\"}"])
    }
}
