import Testing
import TesseraCore
@testable import TesseraLua

/// How a traceback names each frame's function. A C function of a library gets its name in
/// package.loaded ("function 'string.rep'"), even when called through a local, as
/// luaL_traceback names it. A script's own function gets Lua's name for the call ("global",
/// "field", "local", "upvalue"): scripts run in environments whose library tables are copies,
/// so none of package.loaded's tables can hold a script's function, and the bridge does not
/// look for one there.
@Suite struct TracebackNamesTests {
    func traceback(_ source: String) -> String? {
        scriptError { _ = try TesseraLuaTests.evaluate(source, chunkName: "=names") }?.traceback
    }

    @Test func aGlobalFunctionOfTheScriptIsNamedAsAGlobal() {
        #expect(traceback("""
        function boom() error("x") end
        boom()
        """) == "stack traceback:\n\t[C]: in function 'error'\n\tnames:1: in global 'boom'\n\tnames:2: in main chunk")
    }

    /// The script's `string` is a copy: a function put there is not string's, and is named by
    /// the field it was called through.
    @Test func aScriptFunctionInTheScriptsStringTableIsAField() {
        #expect(traceback("""
        string.shout = function(s) error("loud") end
        string.shout("a")
        """) == "stack traceback:\n\t[C]: in function 'error'\n\tnames:1: in field 'shout'\n\tnames:2: in main chunk")
    }

    @Test func aLibraryFunctionCalledThroughALocalKeepsItsModuleName() {
        #expect(traceback("""
        local rep = string.rep
        rep()
        """) == "stack traceback:\n\t[C]: in function 'string.rep'\n\tnames:2: in main chunk")
    }

    @Test func localsAndUpvaluesAreNamedAsLuaNamesThem() {
        #expect(traceback("""
        local function inner() error("x") end
        local function outer() inner() end
        outer()
        """) == "stack traceback:\n\t[C]: in function 'error'\n\tnames:1: in upvalue 'inner'\n"
            + "\tnames:2: in local 'outer'\n\tnames:3: in main chunk")
    }

    /// Every frame of a deep stack is named, the library's C functions among them, on both
    /// sides of the skip.
    @Test func aDeepStackNamesItsFramesOnBothSidesOfTheSkip() {
        let got = traceback("""
        local function f(n) if n == 0 then return string.rep() end return (f(n - 1)) end
        f(30)
        """)
        let upvalue = "\tnames:1: in upvalue 'f'\n"
        #expect(got == "stack traceback:\n\t[C]: in function 'string.rep'\n" + String(repeating: upvalue, count: 9)
            + "\t...\t(skipping 11 levels)\n" + String(repeating: upvalue, count: 9) + "\tnames:1: in local 'f'\n\tnames:2: in main chunk")
    }
}
