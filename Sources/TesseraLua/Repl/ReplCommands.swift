import TesseraCore
import TesseraRender

/// The colon commands: `:help`, `:reload`, `:viewport [WxH]`, `:quit` (also `:q`).
/// Their feedback goes to standard output, their complaints to the error output.
extension ReplSession {
    func runCommand(_ text: String) -> Step {
        let words = text.dropFirst().split(separator: " ", omittingEmptySubsequences: true)
        let name = words.first.map(String.init) ?? ""
        let argument = words.dropFirst().joined(separator: " ")
        switch name {
        case "help": output.standard(helpText)
        case "quit", "q": return .quit
        case "reload": reloadLayout()
        case "viewport": setViewport(argument)
        default: complain("unknown command ':\(name)'; :help lists the commands")
        }
        return .done(history: text)
    }

    var helpText: String {
        """
        Lua 5.4 with the Tessera engine. A line is evaluated as an expression (its values are
        printed) or else as a statement; an unfinished statement continues on a >> prompt.
        =expr prints expr. Locals persist between lines. Errors print with a traceback.
          t                     the tessera module: t.waterfall{columns = 3}, t.inset(L, 8), ...
          data                  the dataset (\(dataset.sourceName)): data[i] is item i, #data is \(dataset.count),
                                data.sections, data.meta
          L                     the --layout script as a layout\(layoutPath.map { " (\($0))" } ?? " (none given)")
          run(layout [, opts])  lays out data; opts: width, height (the viewport), x, y (its
                                origin), params (script parameters, like {columns = 3})
          r:frames()  r:frame(i)  r:visible([x, y, w, h])  r:contentSize()  #r
          r:show([{y = 2000, columns = 60}])  a preview fitted to the terminal, viewport outlined
          load("file.lua")      loads a layout script (other arguments: Lua's load)
        Commands:
          :help                 this text
          :reload               re-reads the --layout script; a broken edit keeps the last good one
          :viewport WxH         the viewport run() uses (now \(NumberText.display(viewport.width))x\(NumberText.display(viewport.height)))
          :quit                 leaves, as Ctrl-D does; Ctrl-C stops a running line
        """
    }

    /// `:reload`: the `--layout` script again; on any error the last good version stays `L`.
    func reloadLayout() {
        guard let path = layoutPath else {
            return complain("nothing to reload: start the REPL with --layout FILE, or use load(\"file.lua\")")
        }
        do {
            if let script = layoutScript {
                try script.reload(probe: context(size: viewport))
            } else {
                try loadLayout(path: path)
            }
            output.standard("reloaded \(path)")
        } catch let error as LuaScriptError {
            report(error)
            complain(layoutScript == nil ? "L is still nil" : "kept the last good version of \(path)")
        } catch {
            complain("\(error)")
        }
    }

    /// `:viewport WxH` sets the size `run` uses; `:viewport` alone prints it.
    func setViewport(_ argument: String) {
        if !argument.isEmpty {
            let parts = argument.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Double(parts[0].trimmingCharacters(in: .whitespaces)),
                  let h = Double(parts[1].trimmingCharacters(in: .whitespaces)),
                  w.isFinite, h.isFinite, w >= 0, h >= 0 else {
                return complain("usage: :viewport WxH with two non-negative numbers, for example :viewport 375x812")
            }
            viewport = Size(width: w, height: h)
        }
        output.standard("viewport \(NumberText.display(viewport.width))x\(NumberText.display(viewport.height))")
    }
}
