import TesseraCore

/// What a message says when an animator name names nothing (`t.animator("x")`, `--animator x`):
/// the closest name, then the names there are, as an unknown layout lists its own.
package enum AnimatorNames {
    /// "'name' (did you mean fade?); expected <also>a built-in (fade, scale, wobble), or a script
    /// by name (cascade)". `scripts` are the animator scripts found by name; a built-in's name
    /// shadows the script of the same name, so those are not listed twice. `also` names what
    /// else the caller takes ("a .lua file, " on the command line); `hint`, when given, is said
    /// in place of the closest name's. O(names).
    package static func unknown(_ name: String, scripts: [String], also: String = "", hint: String? = nil) -> String {
        let builtins = BuiltinAnimators.names
        let named = scripts.filter { !builtins.contains($0) }
        let hint = hint ?? DidYouMean.hint(for: name, among: builtins + named)
        let byName = named.isEmpty ? "" : ", or a script by name (\(named.joined(separator: ", ")))"
        return "'\(shortenedForMessage(name))'\(hint); expected \(also)a built-in (\(builtins.joined(separator: ", ")))\(byName)"
    }
}
