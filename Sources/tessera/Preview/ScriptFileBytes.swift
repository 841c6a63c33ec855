import Foundation
import TesseraLua

/// The script files one run's Lua hosts read (the layout's, and a data save's animator's):
/// the bytes the read stage compared, and a file it had not read (a module required for the
/// first time) read once from disk and kept, so the next run compares against what ran.
final class ScriptFileBytes: @unchecked Sendable {
    private let lock = NSLock()
    private let compared: [String: [UInt8]]
    private var later: [String: [UInt8]] = [:]

    init(_ compared: [String: [UInt8]]) { self.compared = compared }

    /// The files read from disk during the run, by the path the host asked for.
    var readLater: [String: [UInt8]] { lock.withLock { later } }

    /// The bytes of `path`: as compared, as read before in this run, or read now with `disk`.
    func bytes(of path: String, reading disk: (String) -> [UInt8]?) -> [UInt8]? {
        if let bytes = compared[path] { return bytes }
        if let bytes = lock.withLock({ later[path] }) { return bytes }
        let bytes = disk(path)
        if let bytes { lock.withLock { later[path] = bytes } }
        return bytes
    }

    /// Makes `host` read its scripts (a layout's, an animator's, and the modules they require)
    /// through these bytes.
    func serve(_ host: LuaHost) {
        let disk = host.readScriptFile
        host.readScriptFile = { path in self.bytes(of: path, reading: disk) }
    }
}
