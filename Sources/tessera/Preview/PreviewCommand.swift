import ArgumentParser
import Foundation
import TesseraCore
import TesseraLua
import TesseraRender

/// `tessera preview LAYOUT [--data FILE] [--viewport WxH] [--param K=V]... [--sizing RULE]
/// [--animator A] [--measure] [--label FIELD] [--port N] [--poll] [--open] [--max-data-size MB]
/// [--safe-area T,L,B,R] [--layout-margins T,L,B,R] [--readable-width W]`: a live page on 127.0.0.1, re-rendered on
/// every save of the script, the data file or a module the script required; without `--data` it
/// lays out the generated sample, as `run` does.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live page of a layout on 127.0.0.1 that re-renders on every save.")

    @Argument(help: layoutArgument)
    var layout: String

    @Option(help: ArgumentHelp("Dataset: .json, .jsonl or .csv, watched too. (default: \(Dataset.generatedSampleName))", valueName: "FILE"))
    var data: String?

    @OptionGroup var shape: LayoutShapeOptions

    @Option(help: ArgumentHelp("Play saves of the data and the layout script with this animator in the page: a built-in (fade, scale, wobble), a script in animators/ by name, or a .lua file.", valueName: "NAME"))
    var animator: String?

    @Option(name: .customLong("animator-param"), help: ArgumentHelp("An animator script param K=V. Repeatable.", valueName: "K=V"))
    var animatorParams: [Checked<AnimatorParameter>] = []

    @Flag(help: "Draw each item's text field in the page's font at its laid-out width, measure it in the browser (ResizeObserver) and lay out again with the measured sizes, keeping the first visible item where it was on screen.")
    var measure = false

    // As run's --label (declared here: the preview keeps its options to itself).
    @Option(help: ArgumentHelp("The item field the page writes on items; @index for flattened indices.",
                               valueName: "FIELD"))
    var label: String = "id"

    @Option(parsing: .unconditional, help: ArgumentHelp("Port on 127.0.0.1; 0 for any free port.", valueName: "N"))   // unconditional: -1 is a value, refused by its reading
    var port = Checked(PortNumber(value: 0))

    @Flag(help: "Poll the files every 100 ms instead of inotify.")
    var poll = false

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    @OptionGroup var limits: ScriptLimitFlags

    @OptionGroup var dataset: DatasetOptions

    @OptionGroup var guides: GuideOptions

    func validate() throws {
        try checkLayoutArgument(layout)
        try port.checkUsage()
        try animatorParams.checkUsage()
        // The page draws what its own fields take: a size it cannot draw (0x0, 1e308x5) would be
        // laid out at that size and shown at another, or not at all.
        if let size = try? shape.viewport.get().size, PageViewport.side(size.width) == nil || PageViewport.side(size.height) == nil {
            throw optionUsageError("--viewport", shape.viewport.text,
                                   expected: "a size the preview's page draws, \(PageViewport.expectedSide) on each side")
        }
    }

    func run() throws {
        var configuration = PreviewSession.Configuration(layout: layout, dataPath: data)
        configuration.viewport = try shape.viewport.get().size
        configuration.params = try shape.parameters()
        configuration.sizing = try shape.sizingRule()
        configuration.duplicates = try dataset.duplicates.get()
        configuration.limits = limits.options
        configuration.maxDataBytes = dataset.maxBytes
        configuration.sectionBy = dataset.sectionBy
        configuration.guides = try guides.guides()
        // Worded as run words them; later problems (a file removed, a bad dataset) show on the page.
        // A name that names no layout is refused now: no save of a watched file could fix it.
        if !layout.hasSuffix(".lua"), !BuiltinLayouts.names.contains(layout) {
            let host = try LuaHost()
            if host.layoutScriptPath(layout) == nil { _ = try host.layout(named: layout) }
        }
        let files = FileManager.default
        if layout.hasSuffix(".lua"), let problem = LuaHost.scriptFileProblem(layout) { throw CLIError("\(layout): \(problem)") }
        // The format is the file's extension, which no save changes; a folder (`--data datasets`)
        // is named as one, as run names it; so is a folder named like a dataset (`d.json`).
        if let data {
            _ = try DatasetLoader.format(ofFile: data)
            if let problem = notARegularFile(data) { throw CLIError("\(data): \(problem).") }
            guard files.isReadableFile(atPath: data) else {
                throw CLIError("\(data): " + (files.fileExists(atPath: data) ? "cannot read the file." : noSuchDatasetFile(data) + "."))
            }
        }
        configuration.animatorParams = AnimatorParameter.byName(try animatorParams.get())
        if let animator { _ = try animatorNamed(animator, params: configuration.animatorParams, limits.options) }
        configuration.animator = animator
        configuration.animatorFile = try animator.flatMap(animatorFile)
        configuration.measure = measure
        configuration.label = label

        let session = PreviewSession(configuration)
        let address = try startPreview(session, port: port.get().value, poll: poll)
        printLine("tessera preview: \(address)")
        printLine(watchingLine(layoutFile: session.layoutFile, dataPath: data, animatorFile: configuration.animatorFile,
                               mode: session.watcher.watching ? session.watcher.mode.rawValue : nil))
        if open { openInBrowser(address, hub: session.hub) }
        session.renderLoop()
    }
}

/// Starts `session`'s server and watcher; returns the page's address with its token.
func startPreview(_ session: PreviewSession, port: Int, poll: Bool) throws -> String {
    let token = PreviewAccess.newToken()
    let server = PreviewServer(port: UInt16(port), token: token, hub: session.hub) { [session] client, text in
        session.handle(text, from: client)
    }
    let bound = try server.start()
    session.server = server
    session.startWatching(poll: poll)
    return "http://127.0.0.1:\(bound)/?token=\(token)"
}

/// Starts the opener; says so on stderr when it cannot start or ends with a failure (xdg-open
/// found no browser), as nothing else would tell.
private func openInBrowser(_ address: String, hub: PreviewHub) {
    do {
        let opener = try BrowserOpener(address: address)
        let child: ChildProcess
        do { child = try ChildProcess(opener.program, opener.arguments) } catch {
            opener.remove()
            throw error
        }
        opener.removeOnceOpened { hub.clientCount > 0 }
        _ = DetachedJob {
            let ending = child.wait()
            if ending != .exited(0) { reportNoBrowser("\(opener.program) ended with \(ending)") }
        }.start()
    } catch {
        reportNoBrowser("\(error)")
    }
}

private func reportNoBrowser(_ why: String) {
    reportError("preview: could not open a browser (\(why)); open the address above")
}

/// How `--open` hands the tokened address to the browser without putting it on a command line
/// (any local user reads those in /proc): a page in a folder only this user can read, holding
/// a redirect to the address, is what `xdg-open` is given.
struct BrowserOpener {
    let folder: String
    let page: String

    init(address: String) throws {
        var template = Array((NSTemporaryDirectory() + "tessera-open-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CLIError("no private folder for the page that opens the browser (\(systemReason(errno)))")
        }
        folder = String(cString: made)
        page = folder + "/open.html"
        let html = PreviewPage.opener(address: address)
        let fd = open(page, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CLIError(cannotWriteMessage(page, systemReason(errno))) }
        defer { close(fd) }
        let bytes = Array(html.utf8)
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CLIError(cannotWriteMessage(page, systemReason(errno)))
        }
    }

    /// The program that opens the page in the default browser, found on the PATH.
    let program = "xdg-open"

    /// The opener's arguments: the page's file URL, no token.
    var arguments: [String] { ["file://" + page] }

    func remove() {
        unlink(page)
        rmdir(folder)
    }

    /// Removes the page once `opened` says a page connected (the browser read it: a preview
    /// stopped with Ctrl-C runs no clean-up, so waiting for the exit could leave it), or after
    /// `limit` seconds when none does. Asked every 0.1 s on a thread of its own.
    func removeOnceOpened(within limit: Double = 60, _ opened: @escaping @Sendable () -> Bool) {
        let deadline = Date() + limit
        let started = DetachedJob {
            while !opened() && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
            remove()
        }.start()
        if !started { DispatchQueue.global().asyncAfter(deadline: .now() + limit) { remove() } }
    }
}
