import LuaBridge
import OrderedCollections
import TesseraCore

/// A layout script (a file, or text given with a chunk name) loaded into a host, reloadable in place.
///
/// `reload()` reads, compiles and runs the file again, and only swaps in the new version when
/// all of that succeeded (and, given a probe context, a layout pass with the default params
/// did too). On any error the last good version stays in use and the error is thrown, so a
/// broken edit never leaves the user with nothing. Layouts made by `configured(_:)` follow
/// the swap; results already computed keep the version they were computed with.
///
/// Not `Sendable`, like its `LuaHost`: one host per thread, and its scripts with it. The
/// layouts `configured(_:)` makes are `Sendable` and may be shared across tasks.
public final class LayoutScript {
    /// The host the script runs on.
    public let host: LuaHost
    /// The script's file, as given to `loadLayoutScript(path:)`, or the `chunkName` given to
    /// `loadLayoutScript(source:chunkName:)`.
    public let path: String
    /// The text of a script loaded from memory (what `reload()` runs again); nil for a file.
    private let source: [UInt8]?
    private(set) var version: ScriptVersion
    /// The error of the last failed `reload()`, cleared by a successful one.
    public private(set) var lastError: LuaScriptError?

    init(host: LuaHost, path: String, source: [UInt8]? = nil) throws {
        self.host = host
        self.path = path
        self.source = source
        version = try LayoutScript.load(host: host, path: path, source: source)
    }

    private static func load(host: LuaHost, path: String, source: [UInt8]?) throws -> ScriptVersion {
        let (result, environment) = try source.map { try host.runChunk($0, path: path) } ?? host.runFile(path: path)
        host.push(result)
        defer { tb_pop(host.L, 1) }
        return try host.scriptVersion(at: -1, source: path, environment: environment)
    }

    /// The script's `name`, or its file name without `.lua`.
    public var name: String { version.name }

    /// The parameters the script declares, with their defaults (keys sorted).
    public var defaultParams: OrderedDictionary<String, JSONValue> { version.defaults }

    /// The values the script allows for some of its params (`choices = { mode = {"grid",
    /// "list"} }`), keys sorted; a param not listed takes any value of its default's type.
    public var paramChoices: OrderedDictionary<String, [JSONValue]> { version.choices }

    /// The script as a `Layout` with `params` overriding its defaults.
    /// - Throws: `LuaScriptError` (`.script`) for an unknown parameter (listing the known ones)
    ///   or a value of the wrong type, now rather than at layout time.
    public func configured(_ params: OrderedDictionary<String, JSONValue> = [:]) throws -> ScriptedLayout {
        _ = try version.resolve(params)
        return ScriptedLayout(script: self, params: params)
    }

    /// Loads the file (or the source) again and swaps the new version in if it loads (and lays out `probe`, when
    /// given); otherwise keeps the current version and throws the error.
    public func reload(probe: LayoutContext? = nil) throws {
        do {
            let candidate = try LayoutScript.load(host: host, path: path, source: source)
            if let probe {
                _ = try ScriptedLayout(version: candidate).layout(probe)
            }
            version = candidate
            lastError = nil
        } catch let error as LuaScriptError {
            lastError = error
            throw error
        }
    }
}
