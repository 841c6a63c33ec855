import Foundation
import Testing

/// The repository carries its own documentation: the README, `docs/` (the tutorial, the how-to
/// guides, the reference), the types file and `datasets/README.md` link to files and headings a
/// clone has and cite none it lacks; the README stays a short read that links every page; the
/// command reference names every command and bench suite; and the tutorials write into `out/`
/// (which git ignores), never into the repository's root.
@Suite struct ReferenceDocsTests {
    func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The user-facing text files: README, docs pages, datasets/README.md, shipped scripts.
    func documents() throws -> [String] {
        let fm = FileManager.default
        var paths = ["README.md", "datasets/README.md", "layouts/types/tessera.lua", "layouts/types/sandbox.lua"]
        for folder in ["layouts", "animators"] {
            let files = try fm.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path)
            paths += files.filter { $0.hasSuffix(".md") || $0.hasSuffix(".lua") }.sorted().map { "\(folder)/\($0)" }
        }
        return paths + (try docsPages()).map { "docs/\($0)" }
    }

    /// The pages under docs/, subfolders included, relative to docs/.
    func docsPages() throws -> [String] {
        let walker = try #require(FileManager.default.enumerator(atPath: repositoryRoot.appendingPathComponent("docs").path))
        var pages: [String] = []
        for case let path as String in walker where path.hasSuffix(".md") { pages.append(path) }
        return pages.sorted()
    }

    /// The anchors GitHub gives a page's headings: lowercased, punctuation dropped, spaces as
    /// hyphens, a repeated heading numbered (`-1`); headings inside code blocks do not count.
    func anchors(_ source: String) -> Set<String> {
        var found: Set<String> = [], seen: [String: Int] = [:], inCode = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard !inCode, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let slug = String(title.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_" }
                .map { $0 == " " ? "-" : Character($0) })
            let n = seen[slug, default: 0]
            seen[slug] = n + 1
            found.insert(n == 0 ? slug : "\(slug)-\(n)")
        }
        return found
    }

    @Test func nothingCitesAFileAClonesLacks() throws {
        var found: [String] = []
        for path in try documents() {
            for (n, line) in try text(path).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("SPEC") || line.contains("§") || line.contains("shared/reference") {
                found.append("\(path):\(n + 1): \(line)")
            }
        }
        #expect(found == [], "\(found.joined(separator: "\n"))")
    }

    @Test func everyRelativeLinkLeadsToAFileOfTheRepository() throws {
        var broken: [String] = []
        var docsLinks = 0
        for path in try documents() where path.hasSuffix(".md") {
            let source = try text(path)
            let base = (path as NSString).deletingLastPathComponent
            var rest = source[...]
            while let open = rest.range(of: "](") {
                let tail = rest[open.upperBound...]
                guard let close = tail.firstIndex(of: ")") else { break }
                let link = String(tail[..<close]).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = link[0], fragment = link.count > 1 ? link[1] : nil
                rest = tail[close...]
                if target.contains("://") || (target.isEmpty && fragment == nil) { continue }
                let resolved = target.isEmpty ? repositoryRoot.appendingPathComponent(path)
                    : URL(fileURLWithPath: base.isEmpty ? target : base + "/" + target, relativeTo: repositoryRoot).standardizedFileURL
                if resolved.path.contains("/docs/") { docsLinks += 1 }
                if !FileManager.default.fileExists(atPath: resolved.path) {
                    broken.append("\(path): \(target)")
                } else if let fragment, resolved.path.hasSuffix(".md"),
                          !anchors(try String(contentsOf: resolved, encoding: .utf8)).contains(fragment) {
                    broken.append("\(path): \(target)#\(fragment) (no such heading)")
                }
            }
        }
        #expect(broken == [], "\(broken.joined(separator: "\n"))")
        #expect(docsLinks >= 40)
        // docs/README.md lists every page there is; the README sends readers to every chapter of
        // the tutorial, to the guides and to the reference pages.
        let pages = try docsPages().filter { $0 != "README.md" }
        #expect(pages.count >= 19, "\(pages)")
        for page in pages {
            #expect(try text("docs/README.md").contains("(\(page))"), "docs/README.md links \(page)")
        }
        let reference = ["cli.md", "outputs.md", "datasets.md", "layouts.md", "scripts.md", "sandbox.md", "repl.md", "testing.md"]
        let guides = ["howto/preview.md", "howto/ci.md", "howto/measured-sizes.md", "howto/benchmarks.md"]
        for page in pages.filter({ $0.hasPrefix("tutorial/") }) + guides + reference {
            #expect(try text("README.md").contains("(docs/\(page)"), "README links docs/\(page)")
        }
        #expect(try text("layouts/types/tessera.lua").contains("docs/scripts.md"))
        #expect(try text("layouts/types/tessera.lua").contains("docs/sandbox.md"))
        #expect(try text("datasets/README.md").contains("(../docs/datasets.md)"))
    }

    /// A newcomer reads the README in an hour: set-up, a five-minute tour and links, at most 400 lines.
    @Test func theReadmeIsAShortRead() throws {
        let readme = try text("README.md")
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 400)
        let sections = readme.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(sections == ["## Set up", "## A five-minute tour", "## Where next", "## Licence"])
    }

    @Test func theCommandListNamesEveryCommandAndSuite() throws {
        let reference = try text("docs/cli.md")
        guard let start = reference.range(of: "```\n"),
              let end = reference[start.upperBound...].range(of: "```") else {
            Issue.record("docs/cli.md has no command list")
            return
        }
        let list = String(reference[start.upperBound..<end.lowerBound])
        let help = try runTessera(["--help"])
        let section = help.stdout.components(separatedBy: "SUBCOMMANDS:\n").last?.components(separatedBy: "\n\n").first ?? ""
        let commands = section.split(separator: "\n").compactMap { line -> String? in
            line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
        }
        #expect(Set(commands).isSuperset(of: ["run", "check", "diff", "animate", "scroll", "preview", "layouts", "repl", "test", "bench"]), "\(commands)")
        for command in commands {
            #expect(list.contains("tessera \(command) ") || list.contains("tessera \(command)\n"), "docs/cli.md's command list lacks \(command)")
        }
        let suites = try runTessera(["bench", "no-such-suite"])
        guard let known = suites.stderr.range(of: "known suites: ") else {
            Issue.record("bench does not list its suites: \(suites.stderr)")
            return
        }
        let names = suites.stderr[known.upperBound...].prefix { $0 != "\n" }
            .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "." }).map(String.init)
        #expect(names.count == 10, "\(names)")
        for name in names { #expect(list.contains(" \(name),") || list.contains(" \(name)\n"), "docs/cli.md's suites lack \(name)") }
    }

    /// Every file the README, the tutorial and the other pages and the shipped scripts' comments
    /// tell a reader to write (`--out FILE`, "Save this as `FILE`") goes to out/ (or, for the
    /// pictures the pages show, docs/), and the tour creates out/ first.
    @Test func tutorialFilesGoToOutNotTheRepositoryRoot() throws {
        var written: [String] = []
        for path in try documents() {
            let words = try text(path).split(whereSeparator: { $0 == " " || $0 == "\n" })
            for (k, word) in words.enumerated() where word == "--out" && k + 1 < words.count {
                let target = words[k + 1].trimmingCharacters(in: CharacterSet(charactersIn: "`.,;)"))
                if target.uppercased() == target { continue }   // --out FILE, a placeholder
                written.append("\(path): \(target)")
            }
        }
        for path in try documents() where path.hasSuffix(".md") {
            var rest = try text(path)[...]
            while let save = rest.range(of: "as `") {
                let before = rest[..<save.lowerBound].suffix(40)
                let tail = rest[save.upperBound...]
                guard let close = tail.firstIndex(of: "`") else { break }
                if before.contains("Save") { written.append("\(path): " + tail[..<close]) }
                rest = tail[close...]
            }
        }
        let readme = try text("README.md")
        #expect(written.count >= 12, "\(written)")
        let stray = written.filter { entry in
            let target = entry.split(separator: " ").last.map(String.init) ?? ""
            return !(target.hasPrefix("out/") || target.hasPrefix("docs/"))
        }
        #expect(stray == [], "files written outside out/: \(stray)")
        #expect(readme.contains("mkdir -p out"))
        #expect(try text(".gitignore").split(separator: "\n").contains("/out/"))
    }
}
