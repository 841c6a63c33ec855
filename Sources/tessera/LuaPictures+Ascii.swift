import TesseraCore
import TesseraLua
import TesseraRender

extension LuaPictures {
    /// TesseraRender's character pictures, for `e:show()` and the REPL's `r:show()`.
    static let ascii = LuaPictures(
        engine: { engine, columns in try EngineSketch.lines(engine, columns: columns) },
        result: { result, viewport, columns, rows, unicode in
            try ResultPreview(columns: columns, rows: rows, unicode: unicode).render(result, viewport: viewport)
        })
}
