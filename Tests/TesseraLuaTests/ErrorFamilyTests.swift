import Testing
import TesseraCore
@testable import TesseraLua

/// The umbrella `TesseraError`: each concrete error names its family in `errorKind`, and
/// exactly the getter of that family gives it back (the others are nil).
@Suite struct ErrorFamilyTests {
    /// The families whose getter gives `error` back, by name.
    func families(_ error: any TesseraError) -> [String] {
        [("dataset", error.datasetError != nil), ("json", error.jsonError != nil), ("layout", error.layoutError != nil),
         ("snapshot", error.snapshotError != nil), ("apply", error.applyError != nil),
         ("animation", error.animationError != nil), ("script", error.scriptError != nil)]
            .filter(\.1).map(\.0)
    }

    @Test("each error's own getter gives it back, and only that one")
    func gettersFollowTheKind() throws {
        let dataset = DatasetError(file: "d.json", line: 3, column: 7, path: "items[2].w", message: "expected a number")
        #expect(dataset.errorKind == .dataset && families(dataset) == ["dataset"])
        #expect(dataset.datasetError == dataset)
        #expect(dataset.description == "d.json:3:7: items[2].w: expected a number.")

        let json = try #require(caught { _ = try JSONValue(parsing: "[1,") })
        #expect(json.errorKind == .json && families(json) == ["json"])
        #expect(json.jsonError?.line == 1 && json.jsonError?.column == 4)

        let layout = LayoutError.invalidParameter(name: "columns", allowed: "a whole number", got: "0", subject: "grid param 'columns'", verb: "must be")
        #expect(layout.errorKind == .layout && families(layout) == ["layout"])
        #expect(layout.layoutError == layout)

        let snapshot = SnapshotError.itemNotFound(item: "7")
        #expect(snapshot.errorKind == .snapshot && families(snapshot) == ["snapshot"])
        #expect(snapshot.snapshotError == snapshot)

        let apply = ChangesetApplyError.invalid("2 items deleted from 1")
        #expect(apply.errorKind == .apply && families(apply) == ["apply"])
        #expect(apply.applyError == apply)

        let animation = AnimationFormatError("duration must be a number")
        #expect(animation.errorKind == .animation && families(animation) == ["animation"])
        #expect(animation.animationError?.message == "duration must be a number")
        #expect(animation.description == "duration must be a number")

        let script = LuaScriptError(.runtime, message: "grid.lua:4: boom", traceback: "stack traceback:\n\tgrid.lua:4: in main chunk")
        #expect(script.errorKind == .script && families(script) == ["script"])
        #expect(script.scriptError == script)
    }

    @Test("a script error's file and line come from its message unless a file is given")
    func scriptErrorLocation() {
        let runtime = LuaScriptError(.runtime, message: "/tmp/a:b/grid.lua:12: attempt to index a nil value",
                                     traceback: "stack traceback:\n\t[C]: in ?")
        #expect(runtime.kind == .runtime)
        #expect(runtime.file == "/tmp/a:b/grid.lua" && runtime.line == 12)
        #expect(runtime.location?.file == "/tmp/a:b/grid.lua" && runtime.location?.line == 12)
        #expect(runtime.message == "/tmp/a:b/grid.lua:12: attempt to index a nil value")
        #expect(runtime.traceback == "stack traceback:\n\t[C]: in ?")
        #expect(runtime.description == "/tmp/a:b/grid.lua:12: attempt to index a nil value\nstack traceback:\n\t[C]: in ?")

        // A file given that the message does not start with: its line is unknown.
        let required = LuaScriptError(.script, message: "lib.lua:3: bad frame", file: "main.lua")
        #expect(required.file == "main.lua" && required.line == nil)
        #expect(required.location?.file == "lib.lua" && required.location?.line == 3)
        #expect(required.description == "lib.lua:3: bad frame")

        let bare = LuaScriptError(.file, message: "x.lua: expected a script file, found no such file.")
        #expect(bare.file == nil && bare.line == nil && bare.location == nil)
    }

    func caught(_ body: () throws -> Void) -> (any TesseraError)? {
        do { try body() } catch let error as any TesseraError { return error } catch {}
        return nil
    }
}
