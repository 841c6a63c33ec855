import TesseraCore
import TesseraLua

/// `tessera layouts waterfall` is a newcomer's way to see one layout, which ArgumentParser
/// answers with a bare "Unexpected argument 'waterfall'": `tessera layouts` takes no name.

/// The hint for `argument` given to `tessera layouts`: the command that lays out and draws it
/// when it names a layout (`isLayout`), else what `tessera layouts` does instead. O(argument).
func layoutsArgumentHint(_ argument: String, isLayout: Bool) -> String {
    isLayout ? " (tessera layouts takes no name: tessera run \(argument) --format text lays this one out and draws it)"
        : " (tessera layouts takes no name: it lists every layout and animator there is)"
}

extension Tessera {
    /// The usage error's text with `layoutsArgumentHint` after ArgumentParser's first line when
    /// it is `tessera layouts`' "Unexpected argument 'X'"; else `text`. A layout is a built-in's
    /// name, a layout script's found by name, or a `.lua` file.
    static func explainingLayoutsArgument(_ text: String, arguments: [String]) -> String {
        let head = "Error: Unexpected argument '"
        guard arguments.first == LayoutsCommand.configuration.commandName, text.hasPrefix(head) else { return text }
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard lines[0].hasSuffix("'"), case let argument = String(lines[0].dropFirst(head.count).dropLast()),
              arguments.dropFirst().contains(argument) else { return text }
        // A name the hint's command line could not hold as it is gets the listing's hint.
        let isLayout = !argument.contains(where: { $0.isWhitespace || $0.isNewline || $0 == "'" })
            && (BuiltinLayouts.names.contains(argument) || argument.hasSuffix(".lua")
                || ScriptCatalog.scripts(in: LuaHost.standardSearchPaths()).contains { $0.name == argument })
        return lines[0] + layoutsArgumentHint(argument, isLayout: isLayout)
            + (lines.count > 1 ? "\n" + lines[1] : "")
    }
}
