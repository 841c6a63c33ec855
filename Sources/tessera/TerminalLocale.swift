import Foundation

/// The character set libedit reads keys in. A process starts in the "C" locale, whose character
/// set is ASCII, and libedit decodes keys through the C library's multibyte functions: in it,
/// `é` and emoji typed at the prompt were dropped. Only LC_CTYPE is set, so number formatting
/// (LC_NUMERIC, which Lua's `tostring` follows) keeps its ".".
enum TerminalLocale {
    /// The environment's character set (LC_ALL, LC_CTYPE, LANG), or C.UTF-8 when the environment
    /// names none the C library knows, or only ASCII. Returns the codeset now in use.
    @discardableResult
    static func adoptEnvironment() -> String {
        if setlocale(LC_CTYPE, "") != nil, !isASCII(codeset) { return codeset }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        return codeset
    }

    static var codeset: String { String(cString: nl_langinfo(nl_item(CODESET))) }

    /// The names glibc and macOS give the "C" locale's 7-bit character set.
    static func isASCII(_ codeset: String) -> Bool {
        ["ANSI_X3.4-1968", "US-ASCII", "ASCII", "646"].contains(codeset)
    }
}
