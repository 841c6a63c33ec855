import Foundation
import CLua
import OrderedCollections
import Testing
import TesseraCore
@testable import TesseraLua

/// t.diff in Lua: the records `tessera diff` prints, with 1-based indices, from datasets as the
/// host hands them to scripts and from plain Lua arrays.
@Suite struct DiffModuleTests {
    /// Runs `body` (Lua statements ending in `return ...`) with `t` and the given datasets as
    /// `a`, `b`, ...; returns the first result as compact JSON with sorted keys.
    /// No time limit: diffing two real datasets is a fixed amount of work, which a busy machine
    /// must not turn into a failure.
    func lua(_ body: String, datasets: [Dataset] = []) throws -> String {
        JSONWriter.write(try luaValue(body, datasets: datasets))
    }

    /// The first result of `body` (as for `lua`) as a JSON value.
    func luaValue(_ body: String, datasets: [Dataset] = []) throws -> JSONValue {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        let environment = try host.newEnvironment()
        let names = ["a", "b"].prefix(datasets.count)
        let chunk = try host.load("local t = require('tessera')\nlocal \(names.isEmpty ? "_" : names.joined(separator: ", ")) = ...\n" + body,
                                  chunkName: "=test", environment: environment)
        var arguments: [LuaValue] = []
        for dataset in datasets {
            host.pushDataset(dataset)
            arguments.append(host.popValue())
        }
        let results = try host.call(.function(chunk), arguments)
        host.push(results[0])
        defer { lua_settop(host.L, 0) }
        return try LuaStack.json(host.L, -1, path: "result")
    }

    /// The error message of `body`, or nil when it runs.
    func luaError(_ body: String) -> String? {
        scriptError { _ = try lua(body) }?.message
    }

    @Test func rotationIsOneMoveWithItsIdInBothForms() throws {
        let old = "{sections = {{id = 's', items = {{id = 0}, {id = 1}, {id = 2}}}}}"
        let new = "{sections = {{id = 's', items = {{id = 1}, {id = 2}, {id = 0}}}}}"
        let batch = #"{"changes":[{"from":[1,1],"id":0,"op":"move","to":[1,3]}],"items":{"deleted":[],"inserted":[],"moved":[[[1,1],[1,3]]],"updated":[]},"sectionChanges":[],"sections":{"deleted":[],"inserted":[],"moved":[],"updated":[]},"summary":{"deleted":0,"inserted":0,"moved":1,"sections":{"deleted":0,"inserted":0,"moved":0,"updated":0},"updated":0}}"#
        #expect(try lua("return t.diff(\(old), \(new))") == batch)
        // Plain arrays of ids give the same records in the one default section (id 0).
        #expect(try lua("return t.diff({0, 1, 2}, {1, 2, 0})") == batch)
        let staged = try lua("return t.diff(\(old), \(new), {staged = true})")
        #expect(staged == #"{"stages":[{"after":{"sections":[{"id":"s","items":[{"id":1},{"id":2},{"id":0}]}]},"changes":[{"from":[1,1],"id":0,"op":"move","to":[1,3]}],"items":{"deleted":[],"inserted":[],"moved":[[[1,1],[1,3]]],"updated":[]},"sectionChanges":[],"sections":{"deleted":[],"inserted":[],"moved":[],"updated":[]},"summary":{"deleted":0,"inserted":0,"moved":1,"sections":{"deleted":0,"inserted":0,"moved":0,"updated":0},"updated":0}}]}"#)
    }

    @Test func updatePlusMoveIsDeleteAndInsertInOneBatchAndTwoStagesStaged() throws {
        let old = "{{id = 0}, {id = 1}, {id = 2, title = 'two'}}"
        let new = "{{id = 2, title = 'Two'}, {id = 0}, {id = 1}}"
        #expect(try lua("return t.diff(\(old), \(new))") == #"{"changes":[{"at":[1,3],"id":2,"op":"delete"},{"at":[1,1],"fields":["title"],"id":2,"op":"insert"}],"items":{"deleted":[[1,3]],"inserted":[[1,1]],"moved":[],"updated":[]},"sectionChanges":[],"sections":{"deleted":[],"inserted":[],"moved":[],"updated":[]},"summary":{"deleted":1,"inserted":1,"moved":0,"sections":{"deleted":0,"inserted":0,"moved":0,"updated":0},"updated":0}}"#)
        let stages = try lua("local d = t.diff(\(old), \(new), {staged = true}).stages\nreturn {d[1].changes, d[1].after, d[2].changes, d[2].after}")
        #expect(stages == #"[[{"at":[1,3],"fields":["title"],"id":2,"op":"update"}],{"sections":[{"id":0,"items":[{"id":0},{"id":1},{"id":2,"title":"Two"}]}]},[{"from":[1,3],"id":2,"op":"move","to":[1,1]}],{"sections":[{"id":0,"items":[{"id":2,"title":"Two"},{"id":0},{"id":1}]}]}]"#)
    }

    @Test func aMoveOutOfADeletedSectionIsAnInsertAndTheSectionDeleteCoversTheRest() throws {
        let old = "{sections = {{id = 'A', items = {1, 2}}, {id = 'B', items = {3}}}}"
        let new = "{sections = {{id = 'B', items = {3, 1}}}}"
        #expect(try lua("return t.diff(\(old), \(new))") == #"{"changes":[{"at":[1,2],"id":1,"op":"insert"}],"items":{"deleted":[],"inserted":[[1,2]],"moved":[],"updated":[]},"sectionChanges":[{"at":1,"id":"A","op":"delete"}],"sections":{"deleted":[1],"inserted":[],"moved":[],"updated":[]},"summary":{"deleted":0,"inserted":1,"moved":0,"sections":{"deleted":1,"inserted":0,"moved":0,"updated":0},"updated":0}}"#)
        #expect(try lua("local s = t.diff(\(old), \(new), {staged = true}).stages\nreturn {#s, s[1].sectionChanges, s[1].changes, s[1].after}")
            == #"[1,[{"at":1,"id":"A","op":"delete"}],[{"at":[1,2],"id":1,"op":"insert"}],{"sections":[{"id":"B","items":[{"id":3},{"id":1}]}]}]"#)
    }

    /// Real datasets handed to Lua as the REPL's `data` give exactly the records of
    /// `tessera diff --format json` (both forms), with indices shifted to 1-based.
    @Test func hostDatasetsGiveTheRecordsOfTheCommand() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let old = try DatasetLoader.load(path: root.appendingPathComponent("datasets/emoji-15.1.json").path)
        let new = try DatasetLoader.load(path: root.appendingPathComponent("datasets/emoji-17.0.json").path)
        let changes = DatasetChanges(old: old, new: new, oldSnapshot: try DatasetDiff.snapshot(of: old),
                                     newSnapshot: try DatasetDiff.snapshot(of: new))
        let batch = changes.jsonValue(of: changes.batch(), indexBase: 1)
        #expect(try lua("return t.diff(a, b)", datasets: [old, new]) == JSONWriter.write(sortedKeys(batch)))
        let staged = changes.jsonValue(of: changes.staged(), indexBase: 1)
        #expect(try lua("return t.diff(a, b, {staged = true})", datasets: [old, new]) == JSONWriter.write(sortedKeys(staged)))
        // The pair has every kind of change, so the comparison means something.
        guard case .object(let top) = batch, case .object(let summary)? = top["summary"] else { Issue.record("no summary"); return }
        for key in ["deleted", "inserted", "moved", "updated"] { #expect(summary[key] != .int(0), "\(key)") }
        // A dataset diffed with itself has no changes.
        #expect(try lua("return t.diff(a, a).changes", datasets: [old]) == "[]")
    }

    @Test func hostAndPlainFormsOfOneDatasetAgree() throws {
        let dataset = Dataset(items: [Item(id: .string("x"), fields: ["h": 10]), Item(id: .string("y")), Item(id: .int(3))],
                              sections: [.init(id: .string("top"), fields: ["title": "Top"], range: 0..<2), .init(id: .int(7), range: 2..<3)])
        let plain = "{sections = {{id = 'top', title = 'Top', items = {{id = 'x', h = 10}, 'y'}}, {id = 7, items = {3}}}}"
        #expect(try lua("return t.diff(a, \(plain)).summary", datasets: [dataset])
            == #"{"deleted":0,"inserted":0,"moved":0,"sections":{"deleted":0,"inserted":0,"moved":0,"updated":0},"updated":0}"#)
        // Section 7 moves and gains x, and top is retitled while other things change, so the one
        // batch deletes and inserts both whole (the insert of top names its changed field).
        let changed = "{sections = {{id = 7, items = {3, 'x'}}, {id = 'top', title = 'Top!', items = {'y'}}}}"
        #expect(try lua("local d = t.diff(a, \(changed))\nreturn {d.changes, d.sectionChanges}", datasets: [dataset])
            == #"[[],[{"at":1,"id":"top","op":"delete"},{"at":2,"id":7,"op":"delete"},{"at":1,"id":7,"op":"insert"},{"at":2,"fields":["title"],"id":"top","op":"insert"}]]"#)
    }

    /// Lua that builds `old`, n sections `s1`..`sn` of one item each (ids 1..n), and `new`, the
    /// same sections in reverse order, in the `{sections = {{id = ..., items = {...}}}}` form.
    func reversedSections(_ n: Int) -> String {
        """
        local old, new = {}, {}
        for i = 1, \(n) do
          old[i] = {id = 's' .. i, items = {{id = i}}}
          new[\(n) - i + 1] = {id = 's' .. i, items = {{id = i}}}
        end

        """
    }

    @Test func reversedSectionsAreSectionMovesAndNothingElse() throws {
        let d = try lua(reversedSections(5) + "local d = t.diff({sections = old}, {sections = new})\nreturn {d.sections, d.items, d.sectionChanges, d.changes}")
        // s1 stays; s5, s4, s3, s2 take slots 1 to 4 and s1 fills slot 5 (s3 moves although its
        // index is the same: its order relative to s1 changes). Items stay in their sections.
        #expect(d == #"[{"deleted":[],"inserted":[],"moved":[[5,1],[4,2],[3,3],[2,4]],"updated":[]},{"deleted":[],"inserted":[],"moved":[],"updated":[]},[{"from":5,"id":"s5","op":"move","to":1},{"from":4,"id":"s4","op":"move","to":2},{"from":3,"id":"s3","op":"move","to":3},{"from":2,"id":"s2","op":"move","to":4}],[]]"#)
    }

    /// Thousands of reversed sections: the batch t.diff returns, applied to OLD, gives NEW.
    @Test func reversedSectionsRoundTrip() throws {
        let n = 3000
        func dataset(_ order: [Int]) -> Dataset {
            Dataset(items: order.map { Item(id: .int($0), fields: ["id": .int($0)]) },
                    sections: order.enumerated().map { .init(id: .string("s\($0.element)"), range: $0.offset..<($0.offset + 1)) })
        }
        let old = try DatasetDiff.snapshot(of: dataset(Array(1...n)))
        let new = try DatasetDiff.snapshot(of: dataset(Array((1...n).reversed())))
        let oneBased = try Changeset(json: try luaValue(reversedSections(n) + "return t.diff({sections = old}, {sections = new})"))
        var batch = Changeset()
        batch.sectionsDeleted = oneBased.sectionsDeleted.map { $0 - 1 }
        batch.sectionsInserted = oneBased.sectionsInserted.map { $0 - 1 }
        batch.sectionsUpdated = oneBased.sectionsUpdated.map { $0 - 1 }
        batch.sectionsMoved = oneBased.sectionsMoved.map { IndexMove(source: $0.source - 1, target: $0.target - 1) }
        func path(_ p: ItemPath) -> ItemPath { ItemPath(section: p.section - 1, item: p.item - 1) }
        batch.itemsDeleted = oneBased.itemsDeleted.map(path)
        batch.itemsInserted = oneBased.itemsInserted.map(path)
        batch.itemsUpdated = oneBased.itemsUpdated.map(path)
        batch.itemsMoved = oneBased.itemsMoved.map { IndexMove(source: path($0.source), target: path($0.target)) }
        #expect(batch.sectionsMoved.count == n - 1)
        #expect(batch.sectionsDeleted.isEmpty && batch.sectionsInserted.isEmpty && batch.itemsMoved.isEmpty)
        #expect(try batch.apply(to: old, insertingFrom: new) == new)
    }

    /// Two Lua keys that are different bytes but equal Swift strings (é precomposed and
    /// decomposed) used to trap while a section's fields were read.
    @Test func canonicallyEqualFieldNamesDoNotCrash() throws {
        let fields = #"["\xC3\xA9"] = 1, ["e\xCC\x81"] = 2"#
        #expect(try lua("return t.diff({sections = {{id = 1, \(fields), items = {}}}}, {sections = {{id = 1, items = {}}}}).sections")
            == #"{"deleted":[],"inserted":[],"moved":[],"updated":[1]}"#)
        #expect(try lua("return t.diff({{id = 1, \(fields)}}, {{id = 1}}).items")
            == #"{"deleted":[],"inserted":[],"moved":[],"updated":[[1,1]]}"#)
    }

    @Test func badArgumentsNameThePlaceInLuaTerms() {
        #expect(luaError("return t.diff(5, {})") == "test:3: t.diff: argument #1 (old) must be a dataset, or an array of ids or of items with ids, got number")
        #expect(luaError("return t.diff({}, {1, true})") == "test:3: t.diff: new[2] must be an id (a string or an integer) or an item table with an id, got boolean")
        #expect(luaError("return t.diff({{x = 1}}, {})") == "test:3: t.diff: old[1] has no id; expected an id field (a string or an integer)")
        #expect(luaError("return t.diff({{id = 1.5}}, {})") == "test:3: t.diff: old[1].id must be a string or an integer, got 1.5")
        #expect(luaError("return t.diff({{id = 1e6}}, {})") ==
                "test:3: t.diff: old[1].id must be a string or an integer, got the float 1000000.0 (math.tointeger(x) makes an integer of it)")
        #expect(luaError("return t.diff({'a', 'b', 'a'}, {})") == "test:3: t.diff: old repeats the id \"a\" (items 1 and 3); expected unique ids")
        #expect(luaError("return t.diff({}, {sections = {{id = 1, items = {'a'}}, {id = 2, items = {'b', 'a'}}}})")
            == "test:3: t.diff: new repeats the id \"a\" (item 1 of section 1 and item 2 of section 2); expected unique ids")
        #expect(luaError("return t.diff({sections = {{id = 's', items = {}}, {id = 's', items = {}}}}, {})")
            == "test:3: t.diff: old repeats the section id \"s\" (sections 1 and 2); expected unique ids")
        #expect(luaError("return t.diff({sections = {{id = 's'}}}, {})")
            == "test:3: t.diff: old.sections[1] must list its items (items = {...}) or give first and count (integers) over old's items")
        #expect(luaError("return t.diff({1, 2, sections = {{id = 'a', first = 1, count = 1}, {id = 'b', first = 3, count = 1}}}, {})")
            == "test:3: t.diff: old.sections[2] covers items 3 to 3; expected it to start at 2 and end by 2")
        // The script's integers reach no arithmetic that traps: the message says what they cover.
        #expect(luaError("return t.diff({1, 2, sections = {{id = 'a', first = 1, count = 1}, {id = 'b', first = math.maxinteger, count = 1}}}, {1})")
            == "test:3: t.diff: old.sections[2] covers items 9223372036854775807 to 9223372036854775807; expected it to start at 2 and end by 2")
        #expect(luaError("return t.diff({1, 2, sections = {{id = 'a', first = 1, count = 1}, {id = 'b', first = 2, count = math.maxinteger}}}, {1})")
            == "test:3: t.diff: old.sections[2] covers 9,223,372,036,854,775,807 items from item 2; expected it to start at 2 and end by 2")
        #expect(luaError("return t.diff({1, sections = {{id = 'a', first = math.mininteger, count = 0}}}, {1})")
            == "test:3: t.diff: old.sections[1] covers 0 items from item -9223372036854775808; expected it to start at 1 and end by 1")
        #expect(luaError("return t.diff({}, {}, {stage = true})")
            == "test:3: t.diff: argument #3 (options) has an unknown field 'stage' (did you mean staged?); known fields: staged")
        #expect(luaError("return t.diff({items = {1}, sections = {}}, {})") == "test:3: t.diff: old has both items and sections; expected one of them")
        #expect(luaError("return t.diff({{id = 1, f = print}}, {})")?.hasPrefix("test:3: t.diff: old[1].f must be plain data") == true)
    }

    /// In the REPL: `data` is a dataset, t.diff takes it and prints readably.
    @Test func theReplDiffsDataAgainstALuaArray() throws {
        let repl = try ReplRecorder(dataset: Dataset(items: (0..<3).map { Item(id: .int($0)) }), limits: ScriptLimits(timeLimit: nil))
        repl.feed("d = t.diff(data, {2, 0, 1, 5})", "d.changes", "d.summary.inserted", "#t.diff(data, {1, 0, 2}, {staged = true}).stages")
        #expect(repl.err == [])
        #expect(repl.out == [
            "{\n  {id = 2, from = {1, 3}, op = \"move\", to = {1, 1}},\n  {id = 5, at = {1, 4}, op = \"insert\"},\n}",
            "1",
            "1",
        ])
    }
}

/// `value` with every object's keys sorted, as Lua tables come back.
func sortedKeys(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let o):
        return .object(OrderedDictionary(uniqueKeysWithValues: o.sorted { $0.key < $1.key }.map { ($0.key, sortedKeys($0.value)) }))
    case .array(let a): return .array(a.map(sortedKeys))
    default: return value
    }
}
