import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// Numbers a script passes to the host that become counts, sizes or indices: each is checked
/// or clamped, never a trap or an unbounded allocation.
@Suite struct NumberBoundsLuaTests {
    /// The error message (without "file:line: ") of `call`, run with pcall, or "no error".
    func message(_ call: String) throws -> String {
        let host = try LuaHost()
        var lines: [String] = []
        host.output = { lines.append($0) }
        _ = try host.evaluate("""
        local t = require('tessera')
        local ok, e = pcall(function() return \(call) end)
        print(ok and "no error" or (tostring(e):gsub("^[^:]*:%d+: ", "")))
        """, chunkName: "=bounds", environment: host.newEnvironment())
        return lines.joined(separator: "\n")
    }

    @Test(arguments: [
        ("t.hgroup{ count = math.maxinteger, items = { t.item{} } }",
         "t.hgroup: field 'count' must be an integer from 1 to 1,000,000, got 9223372036854775807"),
        ("t.vgroup{ count = 1e9, items = { t.item{} } }",
         "t.vgroup: field 'count' must be an integer from 1 to 1,000,000, got 1000000000"),
        ("t.hgroup{ count = 2.5, items = { t.item{} } }",
         "t.hgroup: field 'count' must be an integer from 1 to 1,000,000, got 2.5"),
        ("t.boundary{ kind = 'h', size = { 10, 10 }, zIndex = 1e300 }",
         "t.boundary: field 'zIndex' must be an integer, got 1e+300"),
        ("t.decoration{ kind = 'bg', zIndex = 0/0 }",
         "t.decoration: field 'zIndex' must be an integer, got nan"),
        ("t.item{ size = { 10, 10 }, supplementaries = { { size = { 5, 5 }, zIndex = 2^63 } } }",
         "t.item: field 'zIndex' must be an integer, got 9.2233720368548e+18"),
        ("t.distribute('center', 100, 10, 0, 1e300)", "no error"),
    ])
    func countsAndIndicesAreChecked(call: String, expected: String) throws {
        #expect(try message(call) == expected)
    }

    /// `e:show(n)` draws at most `AsciiPreview.maxSide` columns however many are asked.
    @Test(arguments: ["math.maxinteger", "1e9", "1e300", "2^63"])
    func engineShowIsBounded(columns: String) throws {
        let host = try LuaHost()
        host.pictures = .ascii
        var lines: [String] = []
        host.output = { lines.append($0) }
        _ = try host.evaluate("""
        local t = require('tessera')
        local e = t.engine{ provider = t.provider{ data = { 1, 2 }, id = function(x) return x end, size = { 50, 50 } }, viewport = { 100, 100 } }
        e:layout()
        e:show(\(columns))
        """, chunkName: "=show", environment: host.newEnvironment())
        let picture = lines.prefix { !$0.hasPrefix("viewport ") }
        #expect(picture.count == 60)   // maxRows of the engine's sketch
        #expect(picture.allSatisfy { $0.count == 1_000 })
        #expect(lines.last == "B view 1 cell #2 2 (50, 0, 50, 50)")
    }

    @Test func replShowOfHugeFramesAndSizesIsBounded() throws {
        let repl = try ReplRecorder(dataset: Dataset.synthetic(count: 2) { _ in Size(width: 10, height: 10) })
        repl.feed("r = run({ simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 1e22, 100, 1e22) end end })",
                  "r:show{ columns = 1e300, rows = 1e300 }")
        #expect(repl.err == [])
        let picture = repl.out.joined(separator: "\n").split(separator: "\n").prefix { !$0.hasPrefix("viewport ") }
        #expect(picture.count == 1_000)
        #expect(picture.allSatisfy { $0.count <= 1_000 })
    }

    @Test func replDataThatDoesNotFitTheMemoryCapNamesTheFileAndTheFlag() throws {
        let items = (0..<20_000).map { Item(id: .int($0), fields: ["id": .int($0), "title": .string("item number \($0)")]) }
        let dataset = Dataset(items: items, sourceName: "many.jsonl")
        let error = scriptError {
            _ = try ReplSession(dataset: dataset, limits: ScriptLimits(maxMemoryBytes: 4 * 1_048_576),
                                output: ReplOutput(standard: { _ in }, error: { _ in }))
        }
        #expect(error?.kind == .memory)
        let message = try #require(error?.message)
        #expect(message.hasPrefix("many.jsonl: the dataset's 20,000 items take about "))
        #expect(message.hasSuffix(" MB as the REPL's `data` table, more than Lua may use (4 MB); start the REPL with a larger --max-memory MB (for example --max-memory \(2 * (Int(message.split(separator: " ")[7]) ?? 0)))"))
    }
}
