import Testing
import TesseraCore
@testable import TesseraLua

/// A misspelt global, method or field gets Tessera's hint on its message line, from the names
/// the script could reach there; a nil local or upvalue, or a name nothing is close to, gets none.
@Suite struct NameHintTests {
    func message(_ source: String) -> String? {
        scriptError { _ = try evaluate(source, chunkName: "=hint") }?.message
    }

    @Test func aMisspeltGlobalIsHintedFromTheEnvironment() {
        #expect(message("pirnt(1)") == "hint:1: attempt to call a nil value (global 'pirnt') (did you mean print?)")
        #expect(message("colours = {red = 1}\nreturn colors.red")
                == "hint:2: attempt to index a nil value (global 'colors') (did you mean colours?)")
        #expect(message("local function f(ctx)\n  return ctz.width\nend\nreturn f({})")
                == "hint:2: attempt to index a nil value (global 'ctz') (did you mean ctx?)")
        #expect(message("local function f()\n  return tostirng(1)\nend\nreturn f()")
                == "hint:2: attempt to call a nil value (global 'tostirng') (did you mean tostring?)")
    }

    /// Arithmetic, concatenation and length on a nil name are Lua's same kind of message.
    @Test func aMisspeltNameInAnExpressionIsHinted() {
        #expect(message("local function area(w, h)\n  return w * hh\nend\nreturn area(2, 3)")
                == "hint:2: attempt to perform arithmetic on a nil value (global 'hh') (did you mean h?)")
        #expect(message("local p = {width = 1}\nreturn p.widht + 1")
                == "hint:2: attempt to perform arithmetic on a nil value (field 'widht') (did you mean width?)")
        #expect(message("local name = 'a'\nreturn 'x' .. nmae")
                == "hint:2: attempt to concatenate a nil value (global 'nmae') (did you mean name?)")
        #expect(message("local items = {}\nreturn #itmes")
                == "hint:2: attempt to get length of a nil value (global 'itmes') (did you mean items?)")
        #expect(message("return 1 < nil") == "hint:1: attempt to compare number with nil")
    }

    @Test func aMisspeltLibraryFunctionOrMethodIsHinted() {
        #expect(message("return string.uper('a')") == "hint:1: attempt to call a nil value (field 'uper') (did you mean upper?)")
        #expect(message("return math.flor(1.5)") == "hint:1: attempt to call a nil value (field 'flor') (did you mean floor?)")
        #expect(message("local s = 'a'\nreturn s:uper()") == "hint:2: attempt to call a nil value (method 'uper') (did you mean upper?)")
        #expect(message("local t = require('tessera')\nreturn t.flwo{}")
                == "hint:2: attempt to call a nil value (field 'flwo') (did you mean flow?)")
    }

    @Test func aScriptsOwnTablesAreHinted() {
        #expect(message("local shapes = {circle = function() end}\nreturn shapes.circel()")
                == "hint:2: attempt to call a nil value (field 'circel') (did you mean circle?)")
        #expect(message("local Point = {}\nPoint.__index = Point\nfunction Point.length(p) return 0 end\n"
                        + "local p = setmetatable({}, Point)\nreturn p:lenght()")
                == "hint:5: attempt to call a nil value (method 'lenght') (did you mean length?)")
    }

    @Test func noHintForALocalOrAnUpvalue() {
        #expect(message("local prnt\nprnt(1)") == "hint:2: attempt to call a nil value (local 'prnt')")
        #expect(message("local prnt\nreturn (function() prnt(1) end)()") == "hint:2: attempt to call a nil value (upvalue 'prnt')")
    }

    @Test func noHintWhenNothingIsClose() {
        #expect(message("zqxw(1)") == "hint:1: attempt to call a nil value (global 'zqxw')")
        #expect(message("return string.zqxw('a')") == "hint:1: attempt to call a nil value (field 'zqxw')")
        #expect(message("local s = 'a'\nreturn s:zqxw()") == "hint:2: attempt to call a nil value (method 'zqxw')")
    }

    /// The hint is for Lua's own message: a script's error that reads the same is its text.
    @Test func aScriptsOwnMessageIsLeftAsItIs() {
        #expect(message("error(\"attempt to call a nil value (global 'pirnt')\")")
                == "hint:1: attempt to call a nil value (global 'pirnt')")
        #expect(message("local ok, e = pcall(function() pirnt(1) end)\nerror(e, 0)")
                == "hint:1: attempt to call a nil value (global 'pirnt')")
    }
}
