import Foundation
import Testing
@testable import TesseraLua

/// A module that compiles but whose environment cannot be set up is named at the line of the
/// `require` that loaded it (its text is not at fault), as a module that cannot be read is.
@Suite struct RequireSetupTests {
    let folder = ScriptFolder()

    /// A module whose text takes more than the memory cap compiles (the loader compiles with the
    /// cap lifted) and leaves no room to set its environment up: the memory error names the
    /// require's line, as a memory error at a script's own line reads, kind and traceback kept.
    @Test func theMemoryCapMetAsAModuleIsSetUpIsNamedAtItsRequire() throws {
        let host = try LuaHost(limits: ScriptLimits(maxMemoryBytes: 8 * 1_048_576, timeLimit: nil))
        _ = folder.write("big.lua", "return '" + String(repeating: "x", count: 9 * 1_048_576) + "'\n")
        let main = folder.write("main.lua", "-- needs big\nlocal big = require(\"big\")\nreturn { simpleLayout = function(ctx) end }\n")
        let error = try #require(scriptError { _ = try host.loadLayoutScript(path: main) })
        #expect(error.kind == .memory)
        #expect(error.message == "\(folder.path)/main.lua:2: memory limit of 8 MB exceeded")
        #expect(error.traceback == "stack traceback:\n\t[C]: in global 'require'\n\t\(folder.path)/main.lua:2: in main chunk")
        // The host stays usable, and the module is not marked as loading: required again with
        // room, it loads.
        host.limits = ScriptLimits(maxMemoryBytes: 64 * 1_048_576, timeLimit: nil)
        #expect(scriptError { _ = try host.loadLayoutScript(path: main) } == nil)
    }

    /// A module found but not read (it changed after the search) is named at its require, as
    /// the search words a module it may not read; a module that does not compile keeps its own line.
    @Test func aModuleFoundButNotReadIsNamedAtItsRequireAndACompileErrorAtItsOwnLine() throws {
        let host = try LuaHost()
        let module = folder.write("gone.lua", "return {}\n")
        _ = folder.write("broken.lua", "-- broken\nreturn {\n")
        host.readScriptFile = { $0 == module ? nil : ScriptFiles.readSource($0) }
        let main = folder.write("main.lua", "-- needs gone\nlocal gone = require(\"gone\")\nreturn { simpleLayout = function(ctx) end }\n")
        let unread = try #require(scriptError { _ = try host.loadLayoutScript(path: main) })
        #expect(unread.message == "\(folder.path)/main.lua:2: module 'gone': \(module) cannot be read (the read failed)")
        let needsBroken = folder.write("needsbroken.lua", "local broken = require(\"broken\")\nreturn { simpleLayout = function(ctx) end }\n")
        let compile = try #require(scriptError { _ = try host.loadLayoutScript(path: needsBroken) })
        #expect(compile.message == "\(folder.path)/broken.lua:3: unexpected symbol near <eof>")
    }
}
