import Testing
import TesseraCore
@testable import TesseraLua

/// What `LuaHost.layout(named:params:)` says to a Swift program for a name that finds nothing:
/// the names there are, and nothing about the `tessera` command, which adds its own.
@Suite struct LayoutByNameMessageTests {
    /// A host that sees only the scripts built into the library, as a program outside a checkout.
    static func host() throws -> LuaHost { try LuaHost(searchPaths: ["<tessera>/layouts"]) }

    @Test func anUnknownNameListsTheNamesAlone() throws {
        let error = try #require(throws: LayoutError.self) { try Self.host().layout(named: "watrefall") }
        #expect(error.description == "unknown layout 'watrefall' (did you mean waterfall?); expected a .lua file, a built-in "
                + "(flow, row, waterfall, overlay, split), or a script by name "
                + "(appstore, emoji-split, grid, justified, mosaic, rings, sectioned, timeline)")
    }

    /// A built-in's name with `.lua`, where no such file is, says that the name alone is the built-in.
    @Test func aBuiltInsNameAsAFileNamesTheBuiltIn() throws {
        let error = try #require(throws: LuaScriptError.self) { try Self.host().layout(named: "flow.lua") }
        #expect(error.kind == .file)
        #expect(error.description == "flow.lua: expected a script file, found no such file (did you mean flow, the built-in layout?).")
    }
}
