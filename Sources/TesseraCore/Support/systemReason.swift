#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's reason for an errno, in lower case as every message words it mid-sentence
/// ("permission denied", "no space left on device").
package func systemReason(_ code: Int32) -> String {
    guard let s = strerror(code) else { return "error \(code)" }
    return String(cString: s).lowercased()
}
