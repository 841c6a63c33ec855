import Foundation
import Testing

/// The README's five-minute tour and the tutorial's chapters run as written, in order, in one
/// folder that holds the repository's datasets and sees its layouts: every script a page says to save
/// ("Save this as `out/FILE`") is saved there, and every `tessera` line of a `sh` block exits 0
/// and writes the `--out` file it names; a `text` block right after an `sh` block shows lines those
/// commands print. A page that drifts from the program fails here.
@Suite struct TutorialWalkthroughTests {
    /// The pages a newcomer reads in order: the README's tour, then the tutorial's chapters.
    func pages() throws -> [(name: String, text: Substring)] {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "\n## A five-minute tour\n"))
        let rest = readme[start.upperBound...]
        var pages = [("README.md", rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest)]
        let folder = repositoryRoot.appendingPathComponent("docs/tutorial")
        let chapters = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(chapters == ["01-first-layout.md", "02-groups.md", "03-animator.md", "04-engine.md", "05-tests.md", "06-swift.md"])
        for chapter in chapters {
            let text = try String(contentsOf: folder.appendingPathComponent(chapter), encoding: .utf8)
            pages.append(("docs/tutorial/\(chapter)", text[...]))
        }
        return pages
    }

    @Test func theTourAndTheTutorialRunAsWritten() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        // The datasets are copied (4 MB): a test reads only files inside its project, and a link
        // would lead out of it. The scripts are found through a link, as `require` allows.
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("datasets"), to: dir.appendingPathComponent("datasets"))
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("layouts"),
                                                   withDestinationURL: repositoryRoot.appendingPathComponent("layouts"))
        var saved: [String] = [], commands = 0, outputs: [String] = [], shown = 0
        for (name, text) in try pages() {
            // Fenced blocks alternate with prose; a block is saved when the prose just before it says so.
            let parts = text.components(separatedBy: "```")
            var printed: [Substring] = []   // what the last `sh` block's commands printed
            for k in stride(from: 1, to: parts.count, by: 2) {
                let block = parts[k]
                let language = block.prefix { $0 != "\n" }
                let body = block.drop { $0 != "\n" }.dropFirst()
                if language == "lua", let save = parts[k - 1].range(of: "Save this as `out/", options: .backwards) {
                    let path = "out/" + parts[k - 1][save.upperBound...].prefix { $0 != "`" }
                    // A saved script's first line names it: `-- list.lua: ...`.
                    let file = (path as NSString).lastPathComponent
                    #expect(body.hasPrefix("-- \(file):"), "\(name): the script saved as \(path) starts with `-- \(file):`")
                    let url = dir.appendingPathComponent(path)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try String(body).write(to: url, atomically: true, encoding: .utf8)
                    saved.append(path)
                } else if language == "text", k >= 3, parts[k - 2].hasPrefix("sh\n"),
                          parts[k - 1].allSatisfy(\.isWhitespace) {
                    for line in body.split(separator: "\n") {
                        #expect(printed.contains(line), "\(name): the commands above `\(line)` do not print it")
                        shown += 1
                    }
                } else if language == "sh" {
                    printed = []
                    let lines = body.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n")
                    // The preview serves until stopped: the browser tests drive it, not this walk,
                    // which only sees that the data file it names is there.
                    for line in lines where line.hasPrefix("tessera preview ") {
                        let arguments = line.split(separator: " ").map(String.init)
                        if let data = arguments.firstIndex(of: "--data") {
                            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(arguments[data + 1]).path), "\(name): \(line)")
                        }
                    }
                    for line in lines where line.hasPrefix("tessera ") && !line.hasPrefix("tessera preview ") {
                        let arguments = line.prefix { $0 != "#" }.split(separator: " ").dropFirst().map(String.init)
                        let run = try runTessera(arguments, in: dir, timeout: 120, environment: ["CI": nil])
                        #expect(run.status == 0, "\(name): \(line): \(run.stderr)")
                        printed += (run.stdout + run.stderr).split(separator: "\n")
                        if let out = arguments.firstIndex(of: "--out") {
                            outputs.append(arguments[out + 1])
                            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(arguments[out + 1]).path), "\(name): \(line)")
                        }
                        commands += 1
                    }
                }
            }
        }
        #expect(saved == ["out/list.lua", "out/tests/feed_test.lua", "out/list.lua", "out/columns.lua",
                         "out/groups.lua", "out/gallery.lua", "out/pop.lua", "out/events.lua"], "\(saved)")
        #expect(commands >= 15, "\(commands)")
        #expect(shown >= 2, "\(shown)")
        #expect(outputs.contains { $0.hasSuffix(".svg") } && outputs.contains { $0.hasSuffix(".html") })
        // The tour's test wrote its snapshot, and the tutorial's run of it compared with it.
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/tests/__snapshots__/feed_test.lua.snap.json").path))
    }

    /// The body of the fenced block of `language` on `page` that the prose just before it names
    /// with `marker` (for a script, "Save this as `out/list.lua`"), or whose body holds `marker`.
    func block(_ page: String, _ language: String, _ marker: String) throws -> String {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(page), encoding: .utf8)
        let parts = text.components(separatedBy: "```")
        for k in stride(from: 1, to: parts.count, by: 2) where parts[k].hasPrefix(language + "\n") {
            let body = String(parts[k].dropFirst(language.count + 1))
            let prose = parts[k - 1].split(separator: "\n").suffix(3).joined(separator: " ")
            if body.contains(marker) || prose.contains(marker) { return body }
        }
        Issue.record("\(page) has no \(language) block marked \(marker)")
        return ""
    }

    /// The mistakes the tour and the tutorial show, made as their prose says (a colon for
    /// `ctx.set`, `pinUntil` deleted, a hook or key misspelt, a NaN, a misspelt param), print the
    /// lines the pages quote, and nothing else: a message that changes fails here.
    @Test func theTutorialsMistakesPrintWhatThePagesShow() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("datasets"), to: dir.appendingPathComponent("datasets"))
        func save(_ script: String, as name: String, replacing old: String, with new: String) throws {
            #expect(script.contains(old), "\(name) holds no `\(old)`")
            try script.replacingOccurrences(of: old, with: new)
                .write(to: dir.appendingPathComponent("out/\(name)"), atomically: true, encoding: .utf8)
        }
        func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

        // The tour's list.lua with `ctx:set`: the first chapter's error, traceback and all.
        let list = try block("README.md", "lua", "Save this as `out/list.lua`")
        try save(list, as: "list.lua", replacing: "ctx.set(i, 0, y", with: "ctx:set(i, 0, y")
        let slip = try runTessera(["run", "out/list.lua", "--data", "datasets/examples/photos.jsonl"], in: dir)
        #expect(slip.status == 1 && slip.stdout == "")
        #expect(slip.stderr == (try block("docs/tutorial/01-first-layout.md", "text", "call it with a dot")))

        // groups.lua without `pinUntil`: the summary line the groups chapter shows, then --strict's error.
        let groups = try block("docs/tutorial/02-groups.md", "lua", "Save this as `out/groups.lua`")
        try save(groups, as: "groups.lua", replacing: "pinUntil = nextTop, ", with: "")
        let check = ["check", "out/groups.lua", "--data", "datasets/tuxpaint-stamps.json"]
        let loose = try runTessera(check, in: dir)
        #expect(loose.status == 0)
        #expect(lines(loose.stdout).last.map { [$0] } == lines(try block("docs/tutorial/02-groups.md", "text", "300 pairs")))
        let strict = try runTessera(check + ["--strict"], in: dir)
        #expect(strict.status == 1)
        #expect(lines(strict.stderr).last == "Error: out/groups.lua: failed on pinned warnings (--strict).")

        // pop.lua's three mistakes, one line each, then the misspelt param with its traceback.
        let pop = try block("docs/tutorial/03-animator.md", "lua", "Save this as `out/pop.lua`")
        let shown = lines(try block("docs/tutorial/03-animator.md", "text", "field 'inesrt' is unknown"))
        let animate = ["animate", "waterfall", "--data", "datasets/emoji-15.1.json", "--to", "datasets/emoji-17.0.json",
                       "--animator", "out/pop.lua", "--format", "json"]
        let mistakes = [("insert = function", "inesrt = function"), ("from = { scale", "form = { scale"),
                        ("scale = p.from", "scale = 0/0")]
        #expect(shown.count == mistakes.count)
        for ((old, new), line) in zip(mistakes, shown) {
            try save(pop, as: "pop.lua", replacing: old, with: new)
            let refused = try runTessera(animate, in: dir)
            #expect(refused.status == 1 && refused.stdout == "")
            #expect(refused.stderr == line + "\n", "\(new)")
        }
        try save(pop, as: "pop.lua", replacing: "scale = p.from", with: "scale = p.frm")
        let misspelt = try runTessera(animate, in: dir)
        #expect(misspelt.status == 1 && misspelt.stdout == "")
        #expect(misspelt.stderr == (try block("docs/tutorial/03-animator.md", "text", "params has no 'frm'")))
    }
}
