import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// A Lua layout script with its parameters: a `Layout` like any native one, so native
/// decorators wrap it (`InsetLayout(scripted, ...)`) and it runs wherever layouts run.
///
/// - `simpleLayout` scripts give a `FramesResult` (every frame validated, spatial index, the
///   content size as the bounding box of the frames and the origin), like native layouts.
/// - Analytic scripts give a `ScriptedAnalyticResult` that asks Lua per query and never
///   materialises the frames.
/// - Scripts that return a `t.*` value run that native layout; scripts with `build(params)`
///   run the `t.*` layout it returns for their params.
///
/// Built from a `LayoutScript`, it follows the script's reloads; built from a table inside
/// Lua (`t.inset(require("mosaic"), 8)`), it keeps that version.
///
/// `@unchecked Sendable`: it keeps its host (not `Sendable`), and `layout` holds the host's lock
/// while it calls into Lua.
public struct ScriptedLayout: Layout, @unchecked Sendable {
    enum Source {
        case script(LayoutScript)
        case version(ScriptVersion)
    }

    let source: Source
    /// Parameter overrides (the script's `params`), checked against the script's defaults.
    public let params: OrderedDictionary<String, JSONValue>
    /// Keeps the host alive for layouts handed to Swift code; nil for layouts that live inside
    /// Lua (a strong reference there would keep the host alive through its own registry).
    let anchor: LuaHost?

    init(script: LayoutScript, params: OrderedDictionary<String, JSONValue>) {
        source = .script(script)
        self.params = params
        anchor = nil   // the script holds its host
    }

    init(version: ScriptVersion, params: OrderedDictionary<String, JSONValue> = [:], anchor: LuaHost? = nil) {
        source = .version(version)
        self.params = params
        self.anchor = anchor
    }

    private init(source: Source, params: OrderedDictionary<String, JSONValue>, anchor: LuaHost?) {
        self.source = source
        self.params = params
        self.anchor = anchor
    }

    /// The same script with `overrides` on top of its params (Lua's `layout:with{...}`).
    /// - Throws: `LuaScriptError` (`.script`) as `--param` does: an unknown name (listing the
    ///   known ones) or a value of the wrong type.
    public func with(_ overrides: OrderedDictionary<String, JSONValue>) throws -> ScriptedLayout {
        var merged = params
        for (key, value) in overrides { merged[key] = value }
        _ = try version.resolve(merged)
        return ScriptedLayout(source: source, params: merged, anchor: anchor)
    }

    var version: ScriptVersion {
        switch source {
        case .script(let script): return script.version
        case .version(let version): return version
        }
    }

    /// The script's `name` (or its file name).
    public var name: String { version.name }

    /// The frames of a `simpleLayout` script, checked, without building the result's index
    /// (what `tessera bench lua` times). Other forms lay out and read every frame.
    public func frames(_ context: LayoutContext) throws -> [Rect] {
        try context.checkCollectionSize(layout: name)
        let version = self.version
        guard case .simple = version.form, let host = version.host else { return try layout(context).allFrames }
        return try host.simpleFrames(version, params: version.resolve(params), context: context)
    }

    /// - Complexity: `simpleLayout`: the script's loop, O(1) per `ctx.set`, plus O(n) for
    ///   the index; analytic: `layout(ctx, p)` only (O(n) `frame` calls when it is missing).
    public func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
        try context.checkCollectionSize(layout: name)
        let version = self.version
        guard let host = version.host else {
            throw LuaArguments.hostClosed(version.source, file: version.source)
        }
        return AnyLayoutResult(try host.locked { try layout(context, version: version, host: host) })
    }

    private func layout(_ context: LayoutContext, version: ScriptVersion, host: LuaHost) throws -> any LayoutResult {
        let resolved = try version.resolve(params)
        switch version.form {
        case .native(let layout, let origin):
            do { return HostAnchoredResult.anchored(try layout.layout(context), host: host) }
            catch let error as LayoutError where !origin.isEmpty { throw error.prefixed(origin) }
        case .built: return HostAnchoredResult.anchored(try host.buildLayout(version, params: resolved).layout(context), host: host)
        case .simple: return try notingMissingFields(context) { try host.runSimple(version, params: resolved, context: context) }
        case .analytic: return try notingMissingFields(context) { try host.runAnalytic(version, params: resolved, context: context) }
        }
    }

    /// `run`'s result, or its runtime error with what the data says of a nil field it names
    /// (`MissingFieldNote`), before the sentence's end.
    private func notingMissingFields<T>(_ context: LayoutContext, _ run: () throws -> T) throws -> T {
        do { return try run() } catch var error as LuaScriptError where error.kind == .runtime {
            if let note = MissingFieldNote.note(for: error.message, context: context) {
                let ended = error.message.hasSuffix(".")
                error.message = (ended ? String(error.message.dropLast()) : error.message) + note + (ended ? "." : "")
            }
            throw error
        }
    }
}
