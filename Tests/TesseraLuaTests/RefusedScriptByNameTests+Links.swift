import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// One rule for the symbolic links met while a script is found by name (`ScriptSearch`), for
/// `require` and a layout's name alike: a link that resolves inside the search folder is followed,
/// one that resolves outside it is refused naming the link, where it leads and the folder, and a
/// link to nothing is refused as a broken link, never passed over for a later folder.
extension RefusedScriptByNameTests {
    var elsewhere: String { folder.path + "/elsewhere" }

    /// `layouts/real.lua` and `elsewhere/away.lua`, two layouts that say which they are, and a
    /// host searching only `layouts/`.
    func linkHost() throws -> LuaHost {
        folder.write("layouts/real.lua", "return { name = 'real', simpleLayout = function() end }\n")
        folder.write("elsewhere/away.lua", "return { name = 'away', simpleLayout = function() end }\n")
        return try host()
    }

    /// Makes the link `layouts/name` leading to `target` (as written: relative or absolute).
    func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: layouts + "/" + name, withDestinationPath: target)
    }

    /// The `name` of the module `require(module)` returns, in a script of `layouts/`.
    func required(_ host: LuaHost, _ module: String) throws -> [LuaValue] {
        let environment = try host.newEnvironment(directory: layouts)
        return try host.evaluate("return (require('\(module)').name)", chunkName: "=test", environment: environment)
    }

    /// The message of `require(module)` in a script of `layouts/`.
    func requireMessage(_ host: LuaHost, _ module: String) throws -> String? {
        try luaMessage(host, "require('\(module)')")
    }

    /// The message of running layout `name` by name.
    func layoutMessage(_ host: LuaHost, _ name: String) -> String? {
        scriptError { _ = try host.layout(named: name) }?.message
    }

    /// "layouts/x.lua resolves through a symbolic link to 'target', outside its search folder
    /// layouts; expected a file inside that folder".
    func outside(_ path: String, _ target: String) -> String {
        "\(layouts)/\(path) resolves through a symbolic link to '\(target)', outside its search folder \(layouts); expected a file inside that folder"
    }

    @Test func aLinkInsideTheFolderIsFollowed() throws {
        let host = try linkHost()
        try link("inside.lua", to: "real.lua")
        try link("absolute.lua", to: layouts + "/real.lua")
        try link("roundabout.lua", to: "../layouts/real.lua")
        for name in ["inside", "absolute", "roundabout"] {
            #expect(try required(host, name) == [.string("real")])
            #expect(layoutMessage(host, name) == nil)
            #expect(host.layoutScriptPath(name) == "\(layouts)/\(name).lua")
        }
        #expect(ScriptCatalog.scripts(in: [layouts]).map(\.name) == ["absolute", "inside", "real", "roundabout"])
    }

    @Test func aLinkOutOfTheFolderIsRefusedByBoth() throws {
        let host = try linkHost()
        try link("away.lua", to: elsewhere + "/away.lua")
        try link("up.lua", to: "../elsewhere/away.lua")
        for name in ["away", "up"] {
            let refusal = outside("\(name).lua", elsewhere + "/away.lua")
            #expect(ScriptFileVerdict("\(layouts)/\(name).lua", inside: layouts) == .linkOut(refusal))
            #expect(try requireMessage(host, name) == "test:1: module '\(name)': \(refusal)")
            #expect(layoutMessage(host, name) == refusal + ".")
            #expect(host.layoutScriptPath(name) == nil)
        }
        #expect(ScriptCatalog.scripts(in: [layouts]).map(\.name) == ["real"])
    }

    @Test func aBrokenLinkIsSaidToBeOneByBoth() throws {
        let host = try linkHost()
        try link("gone.lua", to: "missing.lua")
        #expect(try requireMessage(host, "gone")
                == "test:1: module 'gone': \(layouts)/gone.lua: expected a module file, found a broken symbolic link (to 'missing.lua')")
        #expect(layoutMessage(host, "gone") == "\(layouts)/gone.lua: expected a script file, found a broken symbolic link (to 'missing.lua').")
    }

    /// The first folder holding the name decides: a later folder's file of that name is not run
    /// in place of a refused link, which would hide why the user's own was not.
    @Test func aRefusedLinkIsNotPassedOverForALaterFolder() throws {
        _ = try linkHost()
        try link("gone.lua", to: "missing.lua")
        try link("away.lua", to: elsewhere + "/away.lua")
        let second = ScriptFolder()
        second.write("layouts/gone.lua", "return { name = 'second', simpleLayout = function() end }\n")
        second.write("layouts/away.lua", "return { name = 'second', simpleLayout = function() end }\n")
        let host = try LuaHost(searchPaths: [layouts, second.path + "/layouts"])
        #expect(try requireMessage(host, "gone")
                == "test:1: module 'gone': \(layouts)/gone.lua: expected a module file, found a broken symbolic link (to 'missing.lua')")
        #expect(layoutMessage(host, "gone") == "\(layouts)/gone.lua: expected a script file, found a broken symbolic link (to 'missing.lua').")
        #expect(try requireMessage(host, "away") == "test:1: module 'away': " + outside("away.lua", elsewhere + "/away.lua"))
        #expect(layoutMessage(host, "away") == outside("away.lua", elsewhere + "/away.lua") + ".")
    }

    /// A link named like a script that leads to a folder is no regular file, inside or out; a
    /// linked subfolder is followed inside and refused out, naming the file reached through it
    /// and the link;
    /// a search folder that is itself a link is searched where it leads.
    @Test func aLinkToAFolder() throws {
        let host = try linkHost()
        try FileManager.default.createDirectory(atPath: layouts + "/sub", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: elsewhere + "/lib", withIntermediateDirectories: false)
        folder.write("layouts/sub/grid.lua", "return { name = 'sub' }\n")
        folder.write("elsewhere/lib/grid.lua", "return { name = 'lib' }\n")
        try link("folder.lua", to: "sub")
        try link("outfolder.lua", to: "../elsewhere/lib")
        for name in ["folder", "outfolder"] {
            #expect(try requireMessage(host, name) == "test:1: module '\(name)': \(layouts)/\(name).lua: expected a regular file, found a directory")
            #expect(layoutMessage(host, name) == "\(layouts)/\(name).lua: expected a regular file, found a directory.")
        }
        try link("inlib", to: "sub")
        try link("outlib", to: "../elsewhere/lib")
        #expect(try required(host, "inlib.grid") == [.string("sub")])
        // The message names the folder that is the link, as the file's name does for a file link.
        let throughLib = "\(layouts)/outlib/grid.lua resolves through a symbolic link (\(layouts)/outlib -> \(elsewhere)/lib) to "
            + "'\(elsewhere)/lib/grid.lua', outside its search folder \(layouts); expected a file inside that folder"
        #expect(try requireMessage(host, "outlib.grid") == "test:1: module 'outlib.grid': " + throughLib)
        #expect(ScriptFileVerdict(layouts + "/outlib/grid.lua", inside: layouts) == .linkOut(throughLib))
        // The first folder on the way that leads out is named, past one that stays inside.
        try FileManager.default.createSymbolicLink(atPath: layouts + "/sub/out", withDestinationPath: "../../elsewhere")
        #expect(try requireMessage(host, "inlib.out.lib.grid") == "test:1: module 'inlib.out.lib.grid': \(layouts)/inlib/out/lib/grid.lua "
                + "resolves through a symbolic link (\(layouts)/inlib/out -> \(elsewhere)) to '\(elsewhere)/lib/grid.lua', outside its "
                + "search folder \(layouts); expected a file inside that folder")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked", withDestinationPath: "layouts")
        let linked = try LuaHost(searchPaths: [folder.path + "/linked"])
        #expect(scriptError { _ = try linked.layout(named: "real") } == nil)
        #expect(linked.layoutScriptPath("real") == folder.path + "/linked/real.lua")
    }

    /// A chain of links is judged by where its last link leads, and named by its first.
    @Test func aChainOfLinks() throws {
        let host = try linkHost()
        try link("hop.lua", to: "real.lua")
        try link("chain.lua", to: "hop.lua")
        try link("hopout.lua", to: "../elsewhere/away.lua")
        try link("chainout.lua", to: "hopout.lua")
        #expect(try required(host, "chain") == [.string("real")])
        #expect(layoutMessage(host, "chain") == nil)
        let refusal = outside("chainout.lua", elsewhere + "/away.lua")
        #expect(try requireMessage(host, "chainout") == "test:1: module 'chainout': \(refusal)")
        #expect(layoutMessage(host, "chainout") == refusal + ".")
        try link("brokenchain.lua", to: "gone.lua")
        try link("gone.lua", to: "missing.lua")
        #expect(layoutMessage(host, "brokenchain") == "\(layouts)/brokenchain.lua: expected a script file, found a broken symbolic link (to 'gone.lua').")
    }
}
