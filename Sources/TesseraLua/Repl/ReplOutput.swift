import CLua
import LuaBridge
import TesseraCore

/// Where a REPL session writes. Each call gets one or more whole lines, without the final
/// newline: results and `print` go to `standard`, error messages to `error` (as `lua` does).
package struct ReplOutput {
    public var standard: (String) -> Void
    public var error: (String) -> Void

    public init(standard: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        self.standard = standard
        self.error = error
    }
}
