import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// `LuaHost.animator(named:params:)`: an animator found by the name Lua's `t.animator` and the
/// command line's `--animator` take, from Swift.
@Suite struct AnimatorByNameTests {
    /// A host that sees only the scripts built into the library, as a program outside a checkout.
    static func host() throws -> LuaHost { try LuaHost(searchPaths: ["<tessera>/layouts"]) }

    @Test func aBuiltInNameIsTheNativeAnimatorWithItsParams() throws {
        let fade = try #require(try Self.host().animator(named: "fade", params: ["duration": 0.5]) as? FadeAnimator)
        #expect(fade.duration == 0.5)
        #expect(fade.alpha == 0)
        let scale = try #require(try Self.host().animator(named: "scale") as? FadeAnimator)
        #expect(scale.scale == 0.5)
    }

    @Test func anyOtherNameIsTheShippedScriptOfThatName() throws {
        let cascade = try #require(try Self.host().animator(named: "cascade", params: ["lift": 20]) as? AnimatorScript)
        #expect(cascade.name == "cascade")
        #expect(cascade.path == "<tessera>/animators/cascade.lua")
        #expect(cascade.defaultParams["lift"] == 40)
    }

    @Test func anUnknownNameSaysWhichNamesThereAre() throws {
        let error = try #require(throws: LuaScriptError.self) { try Self.host().animator(named: "fadee") }
        #expect(error.kind == .file)
        #expect(error.description == "unknown animator 'fadee' (did you mean fade?); expected a .lua file, a built-in (fade, scale, wobble), or a script by name (cascade, edge-shrink, zoom)")
    }

    @Test func aMissingFileIsAFileError() throws {
        let error = try #require(throws: LuaScriptError.self) { try Self.host().animator(named: "missing-animator.lua") }
        #expect(error.kind == .file)
        #expect(error.description == "missing-animator.lua: expected an animator script file, found no such file.")
    }

    /// A script's file name where no such file is names the script by name, as `--animator` does.
    @Test func aMissingFileNamedAsAScriptGetsTheScriptByName() throws {
        let error = try #require(throws: LuaScriptError.self) { try Self.host().animator(named: "cascade.lua") }
        #expect(error.kind == .file)
        #expect(error.description == "cascade.lua: expected an animator script file, found no such file "
                + "(did you mean cascade, the animator script <tessera>/animators/cascade.lua?).")
    }

    /// The command line's wording: its flag before the name, and what lists the names; the
    /// lookup is the same.
    @Test func theCommandLinesWordingNamesItsFlagAndListing() throws {
        let wording = AnimatorWording(flag: "--animator", listing: "`tessera layouts` lists them")
        let unknown = try #require(throws: LuaScriptError.self) { try Self.host().animator(named: "fadee", params: [:], wording: wording) }
        #expect(unknown.description == "unknown --animator 'fadee' (did you mean fade?); expected a .lua file, a built-in (fade, scale, wobble), "
                + "or a script by name (cascade, edge-shrink, zoom); `tessera layouts` lists them")
        let param = try #require(throws: LayoutError.self) {
            try Self.host().animator(named: "fade", params: ["duration": "slow"], wording: wording)
        }
        #expect(param.description == "--animator fade: param 'duration' expects a number of seconds from 0 to 3,600, got \"slow\"")
        let script = try #require(try Self.host().animator(named: "cascade", params: [:], wording: wording) as? AnimatorScript)
        #expect(script.path == "<tessera>/animators/cascade.lua")
    }

    /// `animators/NAME.lua` there but refused is named with what is wrong with it, as a layout
    /// script that cannot be read is, not called an unknown animator.
    @Test func aRefusedScriptByNameIsNamedWithWhyNotUnknown() throws {
        let folder = ScriptFolder()
        let secret = folder.write("secret/away.lua", "return {}\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/layouts", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/animators/folder.lua", withIntermediateDirectories: true)
        #expect(mkfifo(folder.path + "/animators/pipe.lua", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/animators/away.lua", withDestinationPath: secret)
        let host = try LuaHost(searchPaths: [folder.path + "/layouts"])
        let animators = folder.path + "/animators"
        let wording = AnimatorWording(flag: "--animator", listing: "`tessera layouts` lists them")
        for (name, message) in [
            ("pipe", "\(animators)/pipe.lua: expected a regular file, found a FIFO (named pipe)."),
            ("folder", "\(animators)/folder.lua: expected a regular file, found a directory."),
            ("away", "\(animators)/away.lua resolves through a symbolic link to '\(secret)', outside its search folder \(animators); expected a file inside that folder."),
        ] {
            let error = try #require(throws: LuaScriptError.self) { try host.animator(named: name, params: [:], wording: wording) }
            #expect(error.kind == .file)
            #expect(error.description == message)
        }
    }

    @Test func aBuiltInsBadParamNamesTheAnimator() throws {
        let error = try #require(throws: LayoutError.self) { try Self.host().animator(named: "fade", params: ["duration": "slow"]) }
        #expect(error.description == "fade: param 'duration' expects a number of seconds from 0 to 3,600, got \"slow\"")
    }

    @Test func aScriptsBadParamIsItsScriptError() throws {
        let error = try #require(throws: LuaScriptError.self) { try Self.host().animator(named: "cascade", params: ["lfit": 2]) }
        #expect(error.description == "<tessera>/animators/cascade.lua:5: unknown param 'lfit' (did you mean lift?); known params: duration, lift, spread")
    }
}
