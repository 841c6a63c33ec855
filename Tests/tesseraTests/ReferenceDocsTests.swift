import Foundation
import Testing

/// The repository carries its own reference: the README, `docs/`, the types file and
/// `datasets/README.md` link to files a clone has and cite none it lacks; the README's command
/// list names every command and bench suite; and the tutorials write into `out/` (which git
/// ignores), never into the repository's root.
@Suite struct ReferenceDocsTests {
    func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The user-facing text files: README, docs pages, datasets/README.md, shipped scripts.
    func documents() throws -> [String] {
        let fm = FileManager.default
        var paths = ["README.md", "datasets/README.md", "layouts/types/tessera.lua", "layouts/types/sandbox.lua"]
        for folder in ["docs", "layouts", "animators"] {
            let files = try fm.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path)
            paths += files.filter { $0.hasSuffix(".md") || $0.hasSuffix(".lua") }.sorted().map { "\(folder)/\($0)" }
        }
        return paths
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
                let target = String(tail[..<close]).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                rest = tail[close...]
                if target.isEmpty || target.contains("://") { continue }
                let resolved = URL(fileURLWithPath: base.isEmpty ? target : base + "/" + target, relativeTo: repositoryRoot).standardizedFileURL
                if resolved.path.contains("/docs/") { docsLinks += 1 }
                if !FileManager.default.fileExists(atPath: resolved.path) { broken.append("\(path): \(target)") }
            }
        }
        #expect(broken == [], "\(broken.joined(separator: "\n"))")
        #expect(docsLinks >= 10)
        // The README, the types file and datasets/README.md send readers to docs/.
        for page in ["cli.md", "outputs.md", "datasets.md", "scripts.md", "sandbox.md", "testing.md"] {
            #expect(try text("README.md").contains("(docs/\(page)"), "README links docs/\(page)")
            #expect(try text("docs/README.md").contains("(\(page))"), "docs/README.md links \(page)")
        }
        #expect(try text("layouts/types/tessera.lua").contains("docs/scripts.md"))
        #expect(try text("layouts/types/tessera.lua").contains("docs/sandbox.md"))
        #expect(try text("datasets/README.md").contains("(../docs/datasets.md)"))
    }

    @Test func theReadmeCommandListNamesEveryCommandAndSuite() throws {
        let readme = try text("README.md")
        guard let start = readme.range(of: "## Command line\n\n```\n"),
              let end = readme[start.upperBound...].range(of: "```") else {
            Issue.record("README has no command list")
            return
        }
        let list = String(readme[start.upperBound..<end.lowerBound])
        let help = try runTessera(["--help"])
        let section = help.stdout.components(separatedBy: "SUBCOMMANDS:\n").last?.components(separatedBy: "\n\n").first ?? ""
        let commands = section.split(separator: "\n").compactMap { line -> String? in
            line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
        }
        #expect(Set(commands).isSuperset(of: ["run", "check", "diff", "animate", "scroll", "preview", "layouts", "repl", "test", "bench"]), "\(commands)")
        for command in commands {
            #expect(list.contains("tessera \(command) ") || list.contains("tessera \(command)\n"), "README's command list lacks \(command)")
        }
        let suites = try runTessera(["bench", "no-such-suite"])
        guard let known = suites.stderr.range(of: "known suites: ") else {
            Issue.record("bench does not list its suites: \(suites.stderr)")
            return
        }
        let names = suites.stderr[known.upperBound...].prefix { $0 != "\n" }
            .split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        #expect(names.count == 10, "\(names)")
        for name in names { #expect(list.contains(" \(name),") || list.contains(" \(name)\n"), "README's suites lack \(name)") }
    }

    /// Every file the README's tutorials and the shipped scripts' comments tell a reader to
    /// write (`--out FILE`, "Save this as `FILE`") goes to out/ (or, for the README's own
    /// pictures, docs/), and the tutorial creates out/ first.
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
        let readme = try text("README.md")
        var rest = readme[...]
        while let save = rest.range(of: "as `") {
            let before = rest[..<save.lowerBound].suffix(40)
            let tail = rest[save.upperBound...]
            guard let close = tail.firstIndex(of: "`") else { break }
            if before.contains("Save") { written.append("README.md: " + tail[..<close]) }
            rest = tail[close...]
        }
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
