import TesseraCore

/// How `tessera test` runs test files.
package struct LayoutTestOptions: Sendable {
    /// The limits every call into a test file's Lua runs under (loading the file, each test).
    public var limits: ScriptLimits
    /// `--update`: rewrite snapshots that differ and remove obsolete ones.
    public var update: Bool
    /// `CI` is set: a missing snapshot fails instead of being written.
    public var continuousIntegration: Bool
    /// Only tests whose name contains this text run (nil: all).
    public var filter: String?
    /// Real paths of the folders a test may read datasets and layout scripts from.
    public var roots: [String]
    /// The `run --format json` document of a run, which `t.run` returns as a table.
    public var document: @Sendable (LayoutTestRun) throws -> JSONValue
    /// Writes a snapshot file whole, atomically.
    public var write: @Sendable (_ path: String, _ bytes: [UInt8]) throws -> Void
    /// The line under a failure that a limit stopped, naming the flag that moves the limit
    /// (the CLI's wording); nil for no line.
    public var limitHint: @Sendable (LuaScriptError.Kind) -> String?

    public init(limits: ScriptLimits = ScriptLimits(), update: Bool = false, continuousIntegration: Bool = false,
                filter: String? = nil, roots: [String],
                document: @escaping @Sendable (LayoutTestRun) throws -> JSONValue,
                write: @escaping @Sendable (_ path: String, _ bytes: [UInt8]) throws -> Void,
                limitHint: @escaping @Sendable (LuaScriptError.Kind) -> String? = { _ in nil }) {
        self.limits = limits; self.update = update; self.continuousIntegration = continuousIntegration
        self.filter = filter; self.roots = roots; self.document = document; self.write = write
        self.limitHint = limitHint
    }
}

/// One layout pass made by `t.run`, as the document writer needs it.
package struct LayoutTestRun {
    public var dataset: Dataset
    public var viewport: Size
    public var result: any LayoutResult
    /// The visible rectangle when `offset` was given.
    public var visible: Rect?
    /// The layout's name as the test gave it (a name or a path), or "layout" for a Lua value.
    public var layoutName: String
}
