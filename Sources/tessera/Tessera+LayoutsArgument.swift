import TesseraCore
import TesseraLua

/// `tessera layouts waterfall` is a newcomer's way to see one layout, which ArgumentParser
/// answers with a bare "Unexpected argument 'waterfall'" ("2 unexpected arguments: 'waterfall',
/// 'grid'" for more): `tessera layouts` takes no name.

/// The hint for `argument` given to `tessera layouts`: the command that lays out and draws it
/// when it names a layout (`isLayout`), else what `tessera layouts` does instead. O(argument).
func layoutsArgumentHint(_ argument: String, isLayout: Bool) -> String {
    isLayout ? " (tessera layouts takes no name: tessera run \(argument) --format text lays this one out and draws it)"
        : " (tessera layouts takes no name: it lists every layout and animator there is)"
}

/// The hint for several names given to `tessera layouts`: the command that lays out and draws
/// `layout`, the first of them that names a layout, when one does (`run` takes one at a time),
/// else what `tessera layouts` does instead. O(layout).
func layoutsArgumentsHint(firstLayout layout: String?) -> String {
    guard let layout else { return " (tessera layouts takes no names: it lists every layout and animator there is)" }
    return " (tessera layouts takes no names: tessera run \(layout) --format text lays \(layout) out and draws it; run takes one layout at a time)"
}

extension Tessera {
    /// The usage error's text with `layoutsArgumentHint` (`layoutsArgumentsHint` for several)
    /// after ArgumentParser's first line when it is `tessera layouts`' "Unexpected argument 'X'"
    /// ("2 unexpected arguments: 'X', 'Y'"); else `text`.
    static func explainingLayoutsArgument(_ text: String, arguments: [String]) -> String {
        guard arguments.first == LayoutsCommand.configuration.commandName, text.hasPrefix("Error: ") else { return text }
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let rest = lines.count > 1 ? "\n" + lines[1] : ""
        let head = "Error: Unexpected argument '"
        if lines[0].hasPrefix(head), lines[0].hasSuffix("'"), case let argument = String(lines[0].dropFirst(head.count).dropLast()),
           arguments.dropFirst().contains(argument) {
            return lines[0] + layoutsArgumentHint(argument, isLayout: isLayoutName(argument)) + rest
        }
        // ArgumentParser names every value given, in order; `--` only ends the options.
        var names = Array(arguments.dropFirst())
        if let end = names.firstIndex(of: "--") { names.remove(at: end) }
        guard names.count > 1, lines[0] == "Error: \(names.count) unexpected arguments: '\(names.joined(separator: "', '"))'" else { return text }
        return lines[0] + layoutsArgumentsHint(firstLayout: names.first(where: isLayoutName)) + rest
    }

    /// Whether `argument` names a layout the hint's command line can hold as it is: a built-in's
    /// name, a layout script's found by name, or a `.lua` file, without a space or a quote.
    static func isLayoutName(_ argument: String) -> Bool {
        !argument.contains(where: { $0.isWhitespace || $0.isNewline || $0 == "'" })
            && (BuiltinLayouts.names.contains(argument) || argument.hasSuffix(".lua")
                || ScriptCatalog.listsLayout(argument, in: LuaHost.standardSearchPaths()))
    }
}
