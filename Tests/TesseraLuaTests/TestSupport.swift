import Foundation
import OrderedCollections
import TesseraCore
import TesseraRender
@testable import TesseraLua

/// A folder under /tmp with a short name, so Lua's `short_src` (60 characters) keeps whole
/// paths in messages. Scripts are written into it by name.
final class ScriptFolder {
    let path: String

    init() {
        path = "/tmp/tl-" + String(UUID().uuidString.prefix(8)).lowercased()
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `source` to `name` and returns the file's path.
    @discardableResult
    func write(_ name: String, _ source: String) -> String {
        let file = path + "/" + name
        try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try! source.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}

/// A dataset of `count` items of the given sizes, ids 0..<count.
func sizedContext(_ sizes: [Size], viewport: Size = Size(width: 100, height: 200)) -> LayoutContext {
    LayoutContext(dataset: Dataset.synthetic(count: sizes.count) { sizes[$0] }, collectionSize: viewport)
}

/// Runs `body` and returns the LuaScriptError it throws (nil if none or another error).
func scriptError(_ body: () throws -> Void) -> LuaScriptError? {
    do { try body() } catch let e as LuaScriptError { return e } catch { return nil }
    return nil
}

extension LuaPictures {
    /// TesseraRender's pictures, as the tessera CLI sets them (`e:show()`, `r:show()`).
    static let ascii = LuaPictures(
        engine: { engine, columns in try EngineSketch.lines(engine, columns: columns) },
        result: { result, viewport, columns, rows, unicode in
            try ResultPreview(columns: columns, rows: rows, unicode: unicode).render(result, viewport: viewport)
        })
}

/// Runs `source` as chunk `name` in a new sandboxed environment of `host` (a new host when nil)
/// and returns its results.
func evaluate(_ source: String, chunkName name: String, host: LuaHost? = nil) throws -> [LuaValue] {
    let host = try host ?? LuaHost()
    return try host.evaluate(source, chunkName: name, environment: host.newEnvironment())
}
