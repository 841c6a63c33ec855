import TesseraCore

/// The character pictures Lua can print: an engine's visible views (`e:show()`) and the REPL's
/// result around its viewport (`r:show()`). TesseraLua draws none itself, so that a program
/// using it links no renderer; the tessera CLI plugs in TesseraRender's (`EngineSketch`,
/// `ResultPreview`), and without one these methods say that none is set.
public struct LuaPictures: Sendable {
    /// The lines `e:show(columns)` prints for an engine.
    public var engine: @Sendable (_ engine: CollectionEngine, _ columns: Int) throws -> [String]
    /// The text `r:show{...}` prints: a result around `viewport`, `columns` by `rows`
    /// characters, box-drawn when `unicode`.
    public var result: @Sendable (_ result: any LayoutResult, _ viewport: Rect, _ columns: Int, _ rows: Int,
                                  _ unicode: Bool) throws -> String

    /// Pictures drawn by `engine` (an engine's sketch) and `result` (a result's preview).
    public init(engine: @escaping @Sendable (_ engine: CollectionEngine, _ columns: Int) throws -> [String],
                result: @escaping @Sendable (_ result: any LayoutResult, _ viewport: Rect, _ columns: Int, _ rows: Int,
                                             _ unicode: Bool) throws -> String) {
        self.engine = engine
        self.result = result
    }
}
