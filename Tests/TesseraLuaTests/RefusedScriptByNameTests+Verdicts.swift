import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// Each verdict on a script file, and its message through both ways a script is looked up: by
/// name (a layout's, an animator's) and by `require` (and `t.animator`, which finds names as
/// `require` does). A file this user may not read is checked from the command line, run as
/// another user (`UnreadableScriptCLITests`): as root, `chmod 000` takes nothing away.
extension RefusedScriptByNameTests {
    /// The message of running `source` as a script in `layouts/` (so `require` looks there first).
    func luaMessage(_ host: LuaHost, _ source: String) throws -> String? {
        let environment = try host.newEnvironment(directory: layouts)
        return scriptError { _ = try host.evaluate(source, chunkName: "=test", environment: environment) }?.message
    }

    @Test func aReadableFileInsideItsFolderIsAScript() throws {
        _ = try host()
        let file = folder.write("layouts/grid.lua", "return {}\n")
        #expect(ScriptFileVerdict(file) == .script)
        #expect(ScriptFileVerdict(file, inside: layouts) == .script)
        #expect(ScriptFileVerdict(layouts + "/none.lua") == .absent)
        #expect(ScriptFileVerdict("<tessera>/animators/cascade.lua", inside: "<tessera>/animators") == .script)
        #expect(ScriptFileVerdict("<tessera>/animators/none.lua", inside: "<tessera>/animators") == .absent)
    }

    @Test func aDirectoryNamedLikeAScriptIsNoRegularFile() throws {
        let host = try host()
        for path in [layouts + "/folder.lua", animators + "/folder.lua"] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            #expect(ScriptFileVerdict(path) == .notARegularFile("expected a regular file, found a directory"))
        }
        #expect(scriptError { _ = try host.layout(named: "folder") }?.message == "\(layouts)/folder.lua: expected a regular file, found a directory.")
        #expect(scriptError { _ = try host.animator(named: "folder") }?.message == "\(animators)/folder.lua: expected a regular file, found a directory.")
        #expect(try luaMessage(host, "require('folder')") == "test:1: module 'folder': \(layouts)/folder.lua: expected a regular file, found a directory")
        #expect(try luaMessage(host, "require('tessera').animator('folder')")
                == "test:1: t.animator: animator 'folder': \(animators)/folder.lua: expected a regular file, found a directory")
    }

    /// The files are sparse (`truncate`), so nothing of that size is written.
    @Test func aFileOverTheSizeLimitIsTooLarge() throws {
        let host = try host()
        let limit = "expected a Lua source file of at most 16 MB, found 20 MB"
        for path in [layouts + "/big.lua", animators + "/big.lua"] {
            folder.write(String(path.dropFirst(folder.path.count + 1)), "")
            #expect(truncate(path, off_t(20 * 1_048_576)) == 0)
            #expect(ScriptFileVerdict(path) == .tooLarge(limit))
        }
        #expect(scriptError { _ = try host.layout(named: "big") }?.message == "\(layouts)/big.lua: the script cannot be read (\(limit)).")
        #expect(scriptError { _ = try host.animator(named: "big") }?.message == "\(animators)/big.lua: the animator script cannot be read (\(limit)).")
        #expect(try luaMessage(host, "require('big')") == "test:1: module 'big': \(layouts)/big.lua: \(limit)")
        #expect(try luaMessage(host, "require('tessera').animator('big')") == "test:1: t.animator: animator 'big': \(animators)/big.lua: \(limit)")
        // Listed from its header, as a layout too large is, and offered for a name near it.
        #expect(ScriptCatalog.scripts(in: [layouts]).map(\.name) == ["big"])
        #expect(ScriptCatalog.scripts(in: [animators], lookup: .animator).map(\.name) == ["big"])
        #expect(scriptError { _ = try host.animator(named: "bgi") }?.message
                == "unknown animator 'bgi' (did you mean big?); expected a .lua file, a built-in (fade, scale, wobble), or a script by name (big)")
    }

    /// A link to nothing is named by `require` as by name, and ends the search: the next
    /// folder's file of that name is not run in its place.
    @Test func aLinkToNothingIsABrokenLinkThatEndsTheSearch() throws {
        let host = try host()
        try FileManager.default.createSymbolicLink(atPath: layouts + "/gone.lua", withDestinationPath: "/nonexistent")
        #expect(ScriptFileVerdict(layouts + "/gone.lua", inside: layouts) == .brokenLink)
        // By name: aDanglingLinkIsABrokenLinkForALayoutAndAnAnimatorAlike.
        let broken = "test:1: module 'gone': \(layouts)/gone.lua: expected a module file, found a broken symbolic link (to '/nonexistent')"
        #expect(try luaMessage(host, "require('gone')") == broken)
        let second = ScriptFolder()
        second.write("layouts/gone.lua", "return 'second'\n")
        let both = try LuaHost(searchPaths: [layouts, second.path + "/layouts"])
        #expect(try luaMessage(both, "require('gone')") == broken)
    }

    /// A link out of its folder is refused for an animator, by name and by `t.animator`, for a
    /// module and for a layout by name.
    @Test func aLinkOutOfItsFolderIsRefusedByEveryLookup() throws {
        let host = try host()
        let secret = folder.write("secret/away.lua", "return { simpleLayout = function() end }\n")
        try FileManager.default.createSymbolicLink(atPath: layouts + "/away.lua", withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(atPath: animators + "/away.lua", withDestinationPath: secret)
        let out = "\(animators)/away.lua resolves through a symbolic link to '\(secret)', outside its search folder \(animators); expected a file inside that folder"
        let layoutOut = "\(layouts)/away.lua resolves through a symbolic link to '\(secret)', outside its search folder \(layouts); expected a file inside that folder"
        #expect(ScriptFileVerdict(animators + "/away.lua", inside: animators) == .linkOut(out))
        #expect(ScriptFileVerdict(animators + "/away.lua") == .script)
        #expect(scriptError { _ = try host.animator(named: "away") }?.message == out + ".")
        #expect(try luaMessage(host, "require('tessera').animator('away')") == "test:1: t.animator: animator 'away': \(out)")
        #expect(try luaMessage(host, "require('away')") == "test:1: module 'away': \(layoutOut)")
        #expect(scriptError { _ = try host.layout(named: "away") }?.message == layoutOut + ".")
    }

    /// A link loop is something there that is no file, worded as the dataset reader words it.
    @Test func aLinkLoopIsNoRegularFile() throws {
        let host = try host()
        try FileManager.default.createSymbolicLink(atPath: layouts + "/loop.lua", withDestinationPath: "loop.lua")
        try FileManager.default.createSymbolicLink(atPath: animators + "/loop.lua", withDestinationPath: "loop.lua")
        let loop = "cannot read the file (too many levels of symbolic links)"
        #expect(ScriptFileVerdict(layouts + "/loop.lua") == .notARegularFile(loop))
        #expect(scriptError { _ = try host.layout(named: "loop") }?.message == "\(layouts)/loop.lua: \(loop).")
        #expect(scriptError { _ = try host.animator(named: "loop") }?.message == "\(animators)/loop.lua: \(loop).")
        #expect(try luaMessage(host, "require('loop')") == "test:1: module 'loop': \(layouts)/loop.lua: \(loop)")
    }
}
