/// Lua 5.4's names as its lexer reads them (llex.c, in the C locale): ASCII letters, digits and
/// `_`, not starting with a digit. One rule for every place that reads or writes Lua names: the
/// REPL's tokens and completion, the params entry finder and the messages that write a read.
enum LuaName {
    /// Whether `b` may start a name: a letter or `_`. O(1).
    static func isNameStart(_ b: UInt8) -> Bool { b == 0x5F || (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    /// Whether `b` may follow in a name: a letter, a digit or `_`. O(1).
    static func isNamePart(_ b: UInt8) -> Bool { isNameStart(b) || isDigit(b) }

    /// Whether `bytes` is a name (keywords included: `end` is one). O(length).
    static func isName<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        guard let first = bytes.first else { return false }
        return isNameStart(first) && bytes.allSatisfy(isNamePart)
    }
}
