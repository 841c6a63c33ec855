import Foundation
import Testing
import TesseraCore
import TesseraLua
@testable import tessera

/// The scripts `tessera bench preview` saves, read from the Lua files compiled into the program:
/// the waterfall with each save's spacing, and a script that does not parse.
@Suite struct PreviewBenchScriptsTests {
    @Test func theWaterfallLaysOutWithTheSpacingOfTheSave() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("waterfall.lua").path
        try PreviewBench.script(spacing: 9).write(toFile: path, atomically: true, encoding: .utf8)
        let layout = try LuaHost().layout(named: path)
        let sizes = [Size(width: 100, height: 50), Size(width: 100, height: 30), Size(width: 100, height: 20)]
        let context = LayoutContext(collectionSize: Size(width: 209, height: 800), count: 3, item: { _ in nil },
                                    size: { i, _ in sizes[i] })
        // Two columns of (209 - 9) / 2 = 100, 9 apart; each item in the shorter column, the first on a tie.
        #expect(try layout.layout(context).allFrames == [Rect(x: 0, y: 0, width: 100, height: 50),
                                                         Rect(x: 109, y: 0, width: 100, height: 30),
                                                         Rect(x: 109, y: 39, width: 100, height: 20)])
    }

    @Test func theErrorSaveIsASyntaxError() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("broken.lua").path
        try PreviewBench.syntaxErrorSource.write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: LuaScriptError.self) { try LuaHost().layout(named: path) }
        #expect(error?.kind == .syntax)
    }
}
