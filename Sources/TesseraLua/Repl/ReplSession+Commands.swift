import TesseraCore

/// The colon commands: `:help`, `:layouts`, `:reload`, `:viewport [WxH]`, `:quit` (also `:q`).
/// Their feedback goes to standard output, their complaints to the error output.
extension ReplSession {
    func runCommand(_ text: String) -> Step {
        let words = text.dropFirst().split(separator: " ", omittingEmptySubsequences: true)
        let name = words.first.map(String.init) ?? ""
        let argument = words.dropFirst().joined(separator: " ")
        switch name {
        case "help": output.standard(helpText)
        case "layouts":
            output.standard(ScriptCatalog.listing(layoutFolders: host.searchPaths, animatorFolders: host.animatorDirectories(),
                                                  howToRun: .repl)
                .joined(separator: "\n"))
        case "quit", "q": return .quit
        case "reload": reloadLayout()
        case "viewport": setViewport(argument)
        default:
            let hint = DidYouMean.hint(for: ":" + name, among: ReplSession.commands)
            complain("unknown command ':\(name)'\(hint); :help lists the commands")
        }
        return .done(history: text)
    }

    /// Every global of the session and every family of `t`, on one 80 × 24 screen (a test
    /// checks that it names every key of `t` and every global the REPL adds, in at most 79
    /// columns and 22 lines). File names are shortened to their last component.
    var helpText: String {
        func short(_ path: String) -> String {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return name.count > 24 ? String(name.prefix(21)) + "..." : name
        }
        let layout = layoutPath.map(short) ?? "none given"
        let size = "\(NumberText.display(viewport.width))x\(NumberText.display(viewport.height))"
        return """
        Lua 5.4 with Tessera: an expression prints its values, =expr too; >> continues.
        t      the tessera module (t.* below)    L  the --layout script (\(layout))
        data   the dataset (\(short(dataset.sourceName))): data[i], #data, data.sections
        run(layout [, {width=, height=, x=, y=, params=}])  lays data out: a result r
               and {safeArea=, layoutMargins=, readableWidth=}: as t.run takes them
               r:frames() r:frame(i) r:visible([x,y,w,h]) r:contentSize() #r r:show()
        load("f.lua") a layout script     require("name") a script or "tessera"
        Lua    print pairs ipairs type tostring tonumber pcall error select string
               table math utf8 coroutine os.clock/time/date ... (no io: a sandbox)
        t.*    layouts     flow row waterfall overlay split sections closure builtins
               decorators  inset transpose sticky visibleFrameInset sized (L:inset(8))
               helpers     distribute align
               compositional section hgroup vgroup customGroup item boundary
                           decoration fw fh estimated flexible uniformAcrossSiblings
               engine      provider composed headers spacer emptyState engine:
                           e:layout() e:views() e:scroll(x,y) e:scrollSection() e:tap()
               animators   animator(name [, params]) transition(from, to, progress)
               diff        diff(old, new [, {staged = true}])
        :help  this text   :reload  re-reads L   :viewport WxH (now \(size))   :quit
        :layouts  the layouts and animators there are, by name, a line each
        Tab completes names, t. fields and r:, e:, L: methods; Ctrl-C stops a line.
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
            guard parts.count == 2, let w = Double(parts[0].trimmingSpaces()),
                  let h = Double(parts[1].trimmingSpaces()),
                  w.isFinite, h.isFinite, w >= 0, h >= 0 else {
                return complain("usage: :viewport WxH with two non-negative numbers, for example :viewport 375x812")
            }
            viewport = Size(width: w, height: h)
        }
        output.standard("viewport \(NumberText.display(viewport.width))x\(NumberText.display(viewport.height))")
    }
}
