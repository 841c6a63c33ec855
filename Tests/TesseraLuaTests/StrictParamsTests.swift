import OrderedCollections
import Testing
import TesseraCore
@testable import TesseraLua

/// The params table a script receives refuses a name the script does not declare, at the line
/// that reads it, with the closest declared name; declared names read as before.
@Suite struct StrictParamsTests {
    let folder = ScriptFolder()
    let context = sizedContext([Size(width: 10, height: 10), Size(width: 10, height: 20)])

    func layout(_ source: String, _ name: String = "layout.lua", params: OrderedDictionary<String, JSONValue> = [:]) throws -> AnyLayoutResult {
        let host = try LuaHost()
        return try host.loadLayoutScript(path: folder.write(name, source)).configured(params).layout(context)
    }

    func failure(_ source: String, _ name: String = "layout.lua") -> LuaScriptError? {
        scriptError { _ = try layout(source, name) }
    }

    /// Two cells side by side, each `columns`-th of the width; reads `p.colums` at line 4.
    let misspelt = """
        return {
          params = { columns = 2, spacing = 8 },
          simpleLayout = function(ctx, p)
            local w = ctx.width / p.colums
            for i = 1, ctx.count do ctx.set(i, (i - 1) * w, 0, w, 10) end
          end,
        }
        """

    @Test func aMisspeltReadInALayoutNamesTheLineTheCloseNameAndTheDeclaredOnes() {
        let path = folder.path + "/layout.lua"
        let error = failure(misspelt)
        #expect(error?.message == "\(path):4: params has no 'colums' (did you mean columns?); known params: columns, spacing")
        #expect(error?.traceback.hasPrefix("stack traceback:\n\t[C]: in ") == true, "\(error?.traceback ?? "")")
        #expect(error?.traceback.contains("\n\t\(path):4: in function <\(path):3>") == true, "\(error?.traceback ?? "")")
    }

    @Test func aNameNothingIsCloseToListsTheDeclaredOnesOnly() {
        let error = failure("return { params = { columns = 2 }, simpleLayout = function(ctx, p) return p.zqxw end }")
        #expect(error?.message == "\(folder.path)/layout.lua:1: params has no 'zqxw'; known params: columns")
    }

    /// Nothing declared: no name can be set with --param, so any read is a mistake.
    @Test func aScriptWithoutParamsRefusesEveryName() {
        let error = failure("return {\n  simpleLayout = function(ctx, p)\n    if p.reverse then return end\n  end,\n}")
        #expect(error?.message == "\(folder.path)/layout.lua:3: params has no 'reverse'; the script declares no params")
    }

    /// `columns = nil` is an entry Lua drops: reading `p.columns` says so, at the line that reads
    /// it, naming the entry, with no hint (the name is the one meant).
    @Test func aReadOfANameWhoseEntryIsNilSaysTheEntryIsNil() {
        let path = folder.path + "/layout.lua"
        let error = failure("""
            return {
              params = {
                spacing = 4,
                column = 1,
                columns = nil,
              },
              simpleLayout = function(ctx, p)
                local n = p.columns or 2
                for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 10, 10, 10) end
              end,
            }
            """)
        #expect(error?.message == "\(path):8: params has no 'columns': its entry at \(path):5 is nil, which Lua drops, so the script declares no such param; give it a default (a number, string, boolean or table); known params: column, spacing")
        // The only entry nil: nothing else is declared, and the message says only why.
        let alone = failure("return {\n  params = { [\"columns\"] = nil },\n  simpleLayout = function(ctx, p) return p.columns end,\n}")
        #expect(alone?.message == "\(path):3: params has no 'columns': its entry at \(path):2 is nil, which Lua drops, so the script declares no such param; give it a default (a number, string, boolean or table)")
        // Another undeclared name is refused as before.
        let other = failure("return {\n  params = { columns = nil, spacing = 4 },\n  simpleLayout = function(ctx, p) return p.colums end,\n}")
        #expect(other?.message == "\(path):3: params has no 'colums'; known params: spacing")
    }

    @Test func aMisspeltReadInAnAnalyticLayoutsFrame() {
        let error = failure("""
            return {
              params = { side = 10 },
              frame = function(i, ctx, p) return 0, (i - 1) * p.sdie, p.side, p.side end,
              visible = function(x, y, w, h) return { 1, 2 } end,
            }
            """)
        #expect(error?.message == "\(folder.path)/layout.lua:3: params has no 'sdie' (did you mean side?); known params: side")
    }

    @Test func aMisspeltReadInAComposedBuild() {
        let error = failure("""
            local t = require("tessera")
            return {
              params = { columns = 2, spacing = 4 },
              build = function(p)
                return t.waterfall{ columns = p.columns, spacing = p.spaicng }
              end,
            }
            """)
        #expect(error?.message == "\(folder.path)/layout.lua:5: params has no 'spaicng' (did you mean spacing?); known params: columns, spacing")
    }

    /// A caught refusal is the script's own business: its text has no hint (none was asked for).
    @Test func aCaughtRefusalIsItsMessage() {
        let error = failure("""
            return {
              params = { columns = 2 },
              simpleLayout = function(ctx, p)
                local ok, e = pcall(function() return p.colums end)
                error(e, 0)
              end,
            }
            """)
        #expect(error?.message == "\(folder.path)/layout.lua:4: params has no 'colums'; known params: columns")
    }

    /// Declared names are plain reads, whatever their value (false, or nil once the script clears
    /// one); pairs lists the declared params; writes work as before; `p[1]` is no name.
    @Test func declaredNamesPairsAndWritesWorkAsBefore() throws {
        let result = try layout("""
            return {
              params = { columns = 2, reverse = false, gap = 3 },
              simpleLayout = function(ctx, p)
                local names = {}
                for k, v in pairs(p) do names[#names + 1] = k .. "=" .. tostring(v) end
                table.sort(names)
                assert(table.concat(names, " ") == "columns=3 gap=3 reverse=false", table.concat(names, " "))
                assert(p.reverse == false and p[1] == nil and #p == 0)
                p.gap = nil
                assert(p.gap == nil)
                p.extra = 5
                local w = ctx.width / p.columns
                for i = 1, ctx.count do ctx.set(i, (i - 1) * w, p.extra, w, 10) end
              end,
            }
            """, params: ["columns": .int(3)])
        #expect(try result.allFrames == [Rect(x: 0, y: 5, width: 100.0 / 3, height: 10),
                                     Rect(x: 100.0 / 3, y: 5, width: 100.0 / 3, height: 10)])
    }

    /// A script cannot take the check off: the table's metatable is locked.
    @Test func theMetatableIsLocked() {
        let error = failure("return { params = { columns = 2 }, simpleLayout = function(ctx, p) setmetatable(p, nil) end }")
        #expect(error?.message == "\(folder.path)/layout.lua:1: cannot change a protected metatable")
    }
}
