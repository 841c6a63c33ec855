import CLua
import LuaBridge
import TesseraCore

/// Where a REPL session writes. Each call gets one or more whole lines, without the final
/// newline: results and `print` go to `standardBytes`, error messages to `error` (as `lua`
/// does). Results are bytes because Lua strings are: `print("\xff")` writes the byte 0xFF.
package struct ReplOutput {
    public var standardBytes: ([UInt8]) -> Void
    public var error: (String) -> Void

    public init(standardBytes: @escaping ([UInt8]) -> Void, error: @escaping (String) -> Void) {
        self.standardBytes = standardBytes
        self.error = error
    }

    /// Results as text: bytes that are not UTF-8 reach `standard` as U+FFFD.
    public init(standard: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        self.init(standardBytes: { standard(String(decoding: $0, as: UTF8.self)) }, error: error)
    }

    /// Writes text (the REPL's own messages, previews) to `standardBytes`.
    public func standard(_ text: String) { standardBytes(Array(text.utf8)) }
}
