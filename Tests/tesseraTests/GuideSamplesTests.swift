import Foundation
import Testing

/// Scripts the reference and the how-to guides tell a reader to save, run as those pages say,
/// with the output they quote: the CI guide's harness (passing, then failing as shown) and the
/// scripts reference's `choices` example.
@Suite struct GuideSamplesTests {
    /// The fenced blocks of a page, each with the prose just before it.
    func blocks(_ page: String) throws -> [(prose: String, language: Substring, body: String)] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(page), encoding: .utf8)
        let parts = text.components(separatedBy: "```")
        return stride(from: 1, to: parts.count, by: 2).map { k in
            (parts[k - 1], parts[k].prefix { $0 != "\n" }, String(parts[k].drop { $0 != "\n" }.dropFirst()))
        }
    }

    /// The body of the `lua` block the page says to save as `out/NAME`.
    func savedScript(_ page: String, _ name: String) throws -> String {
        let block = try blocks(page).first { $0.language == "lua" && $0.prose.replacingOccurrences(of: "\n", with: " ").contains("Save this as `out/\(name)`") }
        return try #require(block, "\(page) saves no out/\(name)").body
    }

    /// A folder with `out/` and the example datasets, as a reader's clone has them.
    func workspace() throws -> URL {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("datasets"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("datasets/examples"),
                                         to: dir.appendingPathComponent("datasets/examples"))
        return dir
    }

    @Test func theCIGuidesHarnessPassesThenFailsAsShown() throws {
        let dir = try workspace()
        let page = "docs/howto/ci.md"
        let script = try savedScript(page, "harness.lua")
        let file = dir.appendingPathComponent("out/harness.lua")
        let arguments = ["repl", "out/harness.lua", "--batch", "--data", "datasets/examples/photos.jsonl"]
        try script.write(to: file, atomically: true, encoding: .utf8)
        let passing = try runTessera(arguments, in: dir)
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(passing.stdout == "" && passing.stderr == "")
        try script.replacingOccurrences(of: "9", with: "8").write(to: file, atomically: true, encoding: .utf8)
        let failing = try runTessera(arguments, in: dir)
        let shown = try #require(blocks(page).first { $0.language == "text" && $0.prose.contains("Change both 9s to 8") })
        #expect(failing.status == 1)
        #expect(failing.stdout == "")
        #expect(failing.stderr == shown.body)
    }

    @Test func theChoicesExampleRefusesAValueItDoesNotList() throws {
        let dir = try workspace()
        let page = "docs/scripts.md"
        try savedScript(page, "pick.lua").write(to: dir.appendingPathComponent("out/pick.lua"), atomically: true, encoding: .utf8)
        let check = try runTessera(["check", "out/pick.lua", "--param", "mode=list"], in: dir)
        #expect(check.stdout == "out/pick.lua: ok on 100 generated items: 100 items, content 375x37500, 0 warnings\n", "\(check.stderr)")
        let refused = try runTessera(["run", "out/pick.lua", "--param", "mode=tiles"], in: dir)
        #expect(refused.status == 1)
        #expect(refused.stderr == "Error: out/pick.lua:3: param 'mode' expects one of \"grid\", \"list\", got \"tiles\".\n")
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(page), encoding: .utf8)
        #expect(text.contains("gives `\(refused.stderr.dropLast())`"), "docs/scripts.md quotes another message")
    }
}
