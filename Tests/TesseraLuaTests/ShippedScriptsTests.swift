import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// The shipped `layouts/` and `animators/` built into the library (`ShippedScripts`, compiled in
/// from the files themselves) and reached by name where no folder of them is found.
@Suite struct ShippedScriptsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every shipped script is embedded exactly as the file reads, and nothing else is: a
    /// script added to a folder is named in Package.swift's resources and in ShippedScripts.
    @Test func theEmbeddedCopiesMatchTheFiles() throws {
        var files: [String: String] = [:]
        for folder in ["layouts", "animators"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent(folder).path)
            for name in names where name.hasSuffix(".lua") {
                files[folder + "/" + name] = try String(contentsOf: Self.repository.appendingPathComponent(folder + "/" + name), encoding: .utf8)
            }
        }
        #expect(files.keys.sorted() == ShippedScripts.files.keys.sorted(), "name each shipped script in Package.swift and ShippedScripts.files")
        for (path, source) in files { #expect(ShippedScripts.files[path] == source, "\(path) differs from its embedded copy") }
    }

    /// A program with no layouts/ anywhere above it gets the built-in copies: layouts by name,
    /// their own `require`s, animators beside them, and the catalogue.
    @Test func aProgramOutsideACheckoutFindsThemByName() throws {
        let paths = LuaHost.standardSearchPaths(environment: [:], executable: "/nonexistent/bin/app")
        #expect(paths == ["layouts", "<tessera>/layouts"])
        let host = try LuaHost(searchPaths: ["<tessera>/layouts"])
        let context = LayoutContext(dataset: .synthetic(count: 20) { Size(width: 100, height: Double(10 + $0)) })
        let waterfall = try host.layout(named: "waterfall", params: ["columns": 3])
        #expect(try waterfall.layout(context).allFrames == WaterfallLayout(columns: 3).layout(context).allFrames)
        _ = try host.layout(named: "sectioned").layout(context)   // requires "justified" beside it
        #expect(host.animatorDirectories() == ["<tessera>/animators"])
        #expect(host.animatorScriptPath("cascade") == "<tessera>/animators/cascade.lua")
        let names = ScriptCatalog.scripts(in: ["<tessera>/layouts"]).map(\.name)
        #expect(names == ["appstore", "emoji-split", "grid", "justified", "mosaic", "rings", "sectioned", "timeline", "waterfall"])
        let cascade = try host.evaluate("return require('tessera').animator('cascade')", chunkName: "=t", environment: host.newEnvironment())
        #expect(cascade.count == 1)
    }
}
