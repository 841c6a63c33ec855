import Foundation
import Testing

/// The pictures the docs show are what the commands in `scripts/docs-pictures` draw today.
@Suite struct DocsPicturesTests {
    @Test func theAppstorePictureIsUpToDate() throws {
        let script = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/docs-pictures"), encoding: .utf8)
        // The script's command, continuation lines joined, without its --out.
        let command = script.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n")
            .first { $0.contains("\"$tessera\" run layouts/appstore.lua") }
        let words = try #require(command).split(separator: " ").map(String.init).dropFirst()
        let out = try #require(words.firstIndex(of: "--out"))
        #expect(words[out + 1] == "docs/appstore.svg")
        let arguments = Array(words[words.startIndex..<out]) + Array(words[(out + 2)...])
        let run = try runTessera(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let committed = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/appstore.svg"), encoding: .utf8)
        #expect(run.stdout == committed, "docs/appstore.svg is out of date: run scripts/docs-pictures and commit it")
        // What docs/layouts.md says it shows: titled, pinned headers and clipped, faded shelves.
        #expect(committed.contains("(pinned) (0, 300, 375, 50)</title></rect>") && committed.contains(">Games</text>"))
        #expect(committed.contains("<title>section 1 beyond its scroller (offset 345,0)</title>"))
        #expect(committed.contains("<g clip-path=\"url(#scroller-1)\">"))
    }
}
