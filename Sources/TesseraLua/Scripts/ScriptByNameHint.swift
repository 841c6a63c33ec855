import TesseraCore

/// What a missing `.lua` file named without a folder says when a script by name is what it
/// meant: `tessera run mosaic.lua` where no `mosaic.lua` is, while `mosaic` finds
/// `layouts/mosaic.lua`, gets "(did you mean mosaic, the layout script layouts/mosaic.lua?)";
/// a misspelt one (`mosaik.lua`) the same for the one script close to it. A script a built-in's
/// name shadows runs by path only, so both are offered: "(did you mean waterfall, the built-in
/// layout, or the layout script .../layouts/waterfall.lua?)"; a built-in's name with no script
/// (`flow.lua`) "(did you mean flow, the built-in layout?)". `--animator` files alike.
package enum ScriptByNameHint {
    /// `message`, the sentence a missing script file gets ("x.lua: expected a script file, found
    /// no such file (did you mean layouts/x.lua?)."), with the script by name `path` meant in
    /// place of `NearbyFile`'s hint; `message` itself when `path` has a folder, is not missing,
    /// a `.lua` file beside it is the likelier meaning, a file of exactly its name in a folder
    /// below is and no script has its name, or no script matches. `scripts` are those found by
    /// name (asked only when the path qualifies), `builtins` the built-in names, which shadow
    /// a script's, `kind` "layout" or "animator". Asked only once the file is known missing:
    /// O(files of the working directory + scripts).
    package static func noted(_ message: String, missing path: String, scripts: () -> [ScriptCatalog.Entry],
                              builtins: [String], kind: String) -> String {
        guard path.hasSuffix(".lua"), !path.contains("/"), path.count > 4 else { return message }
        let nearby = NearbyFile.suggestion(for: path, extensions: ["lua"])
        let plain = message.dropLast(DidYouMean.hint(nearby).count + 1)
        guard message.hasSuffix(" found no such file" + DidYouMean.hint(nearby) + "."),
              let hint = hint(stem: String(path.dropLast(4)), nearby: nearby, scripts: scripts(), builtins: builtins, kind: kind)
        else { return message }
        return plain + hint + "."
    }

    /// " (did you mean cascade, the animator script animators/cascade.lua?)" for a name ending
    /// in `.lua` given where only names are taken (`t.animator("cascade.lua")`, a module name):
    /// the script its stem names or the one close to it, as `noted` offers; " (did you mean
    /// fade, the built-in animator?)" for a built-in's name, whose script a name cannot reach.
    /// Nil for any other name. O(scripts).
    package static func forName(_ name: String, scripts: [ScriptCatalog.Entry], builtins: [String], kind: String) -> String? {
        guard name.hasSuffix(".lua"), name.count > 4 else { return nil }
        return hint(stem: String(name.dropLast(4)), nearby: nil, scripts: scripts.filter { !builtins.contains($0.name) },
                    builtins: builtins, kind: kind)
    }

    /// " (did you mean NAME, the KIND script PATH?)" for the script `stem` names, else " (did
    /// you mean NAME, the built-in KIND?)" when `stem` is a built-in's name, else the one script
    /// close to it; nil when `nearby` (the file `NearbyFile` offers) is beside the path (no
    /// folder) or, for a misspelt stem, anywhere.
    static func hint(stem: String, nearby: String?, scripts: [ScriptCatalog.Entry], builtins: [String], kind: String) -> String? {
        if let nearby, !nearby.contains("/") { return nil }
        var script = scripts.first { $0.name == stem }
        if script == nil && builtins.contains(stem) { return " (did you mean \(stem), the built-in \(kind)?)" }
        if script == nil && nearby == nil {
            let close = DidYouMean.suggestions(for: stem, among: scripts.map(\.name))
            // One name is a hint; several are a guess the user has to check anyway.
            if close.count == 1 { script = scripts.first { $0.name == close[0] } }
        }
        guard let script else { return nil }
        if builtins.contains(script.name) {
            return " (did you mean \(script.name), the built-in \(kind), or the \(kind) script \(script.path)?)"
        }
        return " (did you mean \(script.name), the \(kind) script \(script.path)?)"
    }
}
