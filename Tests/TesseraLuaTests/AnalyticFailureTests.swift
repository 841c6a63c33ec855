import Testing
import TesseraCore
@testable import TesseraLua

/// A failing analytic script: laying it out succeeds (its `layout` gives the content size without
/// asking any frame), and the query that fails reaches the caller as the script's error, one
/// `TesseraError` of kind `.script` with its file and line, never a frame of zero.
@Suite struct AnalyticFailureTests {
    @Test func aFailingAnalyticQueryReachesTheCallerAsAnError() async throws {
        let folder = ScriptFolder()
        let path = folder.write("failing.lua", """
        return {
          layout = function(ctx, p) return ctx.width, ctx.count * 10 end,
          frame = function(i, ctx, p)
            if i > 2 then error("no frame for item " .. i) end
            return 0, (i - 1) * 10, ctx.width, 10
          end,
          visible = function(x, y, w, h, ctx, p) return {1, 2, 3} end,
        }
        """)
        let layout = try LuaHost().loadLayoutScript(path: path).configured()
        let result = try layout.layout(sizedContext(Array(repeating: Size(width: 10, height: 10), count: 4)))
        #expect(try result.frame(at: 1) == Rect(x: 0, y: 10, width: 100, height: 10))
        // From another task, as a Swift 6 caller sharing the result would ask.
        let error = await Task { () -> (any TesseraError)? in
            do { _ = try result.frame(at: 2) } catch let error as any TesseraError { return error } catch {}
            return nil
        }.value
        #expect(error?.errorKind == .script)
        #expect(error?.description.hasPrefix("\(path):4: no frame for item 3\nstack traceback:") == true)
        #expect(throws: LuaScriptError.self) { try result.visible(in: Rect(x: 0, y: 0, width: 375, height: 812)) }
    }

    /// A context built by hand with a NaN or negative side: the script is not run on it (its ctx.width
    /// would be NaN, and every frame it set from it refused one by one).
    @Test func aNaNContainerIsRefusedBeforeTheScriptRuns() throws {
        let folder = ScriptFolder()
        let path = folder.write("list.lua", "return { name = 'list', simpleLayout = function(ctx) ctx.set(1, 0, 0, ctx.width, 10) end }")
        let layout = try LuaHost().loadLayoutScript(path: path).configured()
        #expect(throws: LayoutError.invalidParameter(name: "collectionSize", allowed: "a number of at least 0 on each side (infinity for an unbounded one)",
                                                     got: "nanx200", subject: "the list layout's container size", verb: "must be")) {
            try layout.layout(sizedContext([Size(width: 10, height: 10)], viewport: Size(width: .nan, height: 200)))
        }
        // A negative side too, in the same words as a built-in layout's, from both entry points.
        let negative = sizedContext([Size(width: 10, height: 10)], viewport: Size(width: -300, height: 200))
        let refusal = LayoutError("the list layout's container size must be a number of at least 0 on each side "
            + "(infinity for an unbounded one), got -300x200")
        #expect(throws: refusal) { try layout.layout(negative) }
        #expect(throws: refusal) { try layout.frames(negative) }
    }
}
