import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// A script by name that a search folder holds but the lookup refuses is named with why, for a
/// layout and an animator alike, and is never listed among the names there are.
@Suite struct RefusedScriptByNameTests {
    let folder = ScriptFolder()
    var layouts: String { folder.path + "/layouts" }
    var animators: String { folder.path + "/animators" }

    /// A host searching only this test's `layouts/` (and so `animators/` beside it).
    func host() throws -> LuaHost {
        try FileManager.default.createDirectory(atPath: layouts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: animators, withIntermediateDirectories: true)
        return try LuaHost(searchPaths: [layouts])
    }

    @Test func aDanglingLinkIsABrokenLinkForALayoutAndAnAnimatorAlike() throws {
        let host = try host()
        try FileManager.default.createSymbolicLink(atPath: layouts + "/gone.lua", withDestinationPath: "/nonexistent")
        try FileManager.default.createSymbolicLink(atPath: animators + "/gone.lua", withDestinationPath: "moved.lua")
        let layout = scriptError { _ = try host.layout(named: "gone") }
        #expect(layout?.kind == .file)
        #expect(layout?.description == "\(layouts)/gone.lua: expected a script file, found a broken symbolic link (to '/nonexistent').")
        let animator = scriptError { _ = try host.animator(named: "gone") }
        #expect(animator?.kind == .file)
        #expect(animator?.description == "\(animators)/gone.lua: expected an animator script file, found a broken symbolic link (to 'moved.lua').")
        let lua = scriptError { _ = try host.evaluate("return require('tessera').animator('gone')", chunkName: "=test", environment: host.newEnvironment()) }
        #expect(lua?.message == "test:1: t.animator: animator 'gone': \(animators)/gone.lua: expected an animator script file, found a broken symbolic link (to 'moved.lua')")
        #expect(ScriptCatalog.scripts(in: [layouts]).isEmpty)
        #expect(ScriptCatalog.scripts(in: [animators], lookup: .animator).isEmpty)
    }

    /// A link out of its folder is refused by name, so it is neither listed nor offered as the
    /// name meant, for an animator and a layout alike.
    @Test func anAnimatorsLinkOutOfItsFolderIsNotListed() throws {
        let host = try host()
        let secret = folder.write("secret/away.lua", "-- away.lua: from elsewhere.\nreturn {}\n")
        folder.write("animators/here.lua", "-- here.lua: a script here.\nreturn {}\n")
        try FileManager.default.createSymbolicLink(atPath: animators + "/away.lua", withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(atPath: layouts + "/away.lua", withDestinationPath: secret)
        #expect(ScriptCatalog.scripts(in: host.animatorDirectories(), lookup: .animator) == [
            ScriptCatalog.Entry(name: "here", path: animators + "/here.lua", summary: "a script here"),
        ])
        #expect(ScriptCatalog.scripts(in: host.searchPaths).isEmpty)
        let unknown = scriptError { _ = try host.animator(named: "awya") }
        #expect(unknown?.description == "unknown animator 'awya'; expected a .lua file, a built-in (fade, scale, wobble), or a script by name (here)")
        let lua = scriptError { _ = try host.evaluate("return require('tessera').animator('awya')", chunkName: "=test", environment: host.newEnvironment()) }
        #expect(lua?.message == "test:1: t.animator: no animator 'awya'; expected a built-in (fade, scale, wobble), or a script by name (here)")
    }

    /// `listsLayout` answers for one name what the listing says of every name, without listing:
    /// a script, one too large and one found in a later folder are listed; a test file, a FIFO,
    /// a folder, a link out of its folder, a name behind a refused one and a missing one are not.
    @Test func listsLayoutAnswersAsTheListingDoes() throws {
        _ = try host()
        let second = ScriptFolder()
        for file in ["real.lua", "real_test.lua", "big.lua", "other.lua"] { folder.write("layouts/" + file, "return {}\n") }
        for file in ["later.lua", "pipe.lua"] { second.write("layouts/" + file, "return {}\n") }
        #expect(truncate(layouts + "/big.lua", off_t(17 * 1_048_576)) == 0)
        #expect(mkfifo(layouts + "/pipe.lua", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: layouts + "/folder.lua", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: layouts + "/away.lua", withDestinationPath: second.path + "/layouts/later.lua")
        let folders = [layouts, second.path + "/layouts"]
        #expect(ScriptCatalog.scripts(in: folders).map(\.name) == ["big", "other", "real", "later"])
        for name in ["real", "big", "other", "later", "real_test", "pipe", "folder", "away", "missing", "", "real.lua", "sub/real"] {
            #expect(ScriptCatalog.listsLayout(name, in: folders) == ["real", "big", "other", "later"].contains(name), "\(name)")
        }
    }

    /// The lookup stops at the first folder's refused file, so a later folder's file of that
    /// name is not listed either.
    @Test func anAnimatorBehindARefusedOneIsNotListed() throws {
        let second = ScriptFolder()
        second.write("layouts/x.lua", "return {}\n")
        second.write("animators/pipe.lua", "-- pipe.lua: shadowed.\nreturn {}\n")
        _ = try host()
        #expect(mkfifo(animators + "/pipe.lua", 0o644) == 0)
        let host = try LuaHost(searchPaths: [layouts, second.path + "/layouts"])
        #expect(ScriptCatalog.scripts(in: host.animatorDirectories(), lookup: .animator).isEmpty)
        let error = scriptError { _ = try host.animator(named: "pipe") }
        #expect(error?.description == "\(animators)/pipe.lua: expected a regular file, found a FIFO (named pipe).")
    }
}
