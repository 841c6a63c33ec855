import Foundation
import Testing

/// The README's "Use Tessera from Swift" shows the files of `Examples/SwiftUsage` (which
/// `scripts/test` builds and runs): each code block after a `<!-- path -->` line must be that
/// file, byte for byte, so the two cannot drift apart.
@Suite struct ReadmeSnippetTests {
    @Test func the_readme_swift_snippets_are_the_example_files() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        var checked: [String] = []
        for (n, line) in lines.enumerated() where line.hasPrefix("<!-- Examples/") && line.hasSuffix(" -->") {
            let path = String(line.dropFirst("<!-- ".count).dropLast(" -->".count))
            #expect(lines[n + 1] == "```swift", "README line \(n + 2) should open the snippet of \(path)")
            guard let end = lines[(n + 2)...].firstIndex(of: "```") else {
                Issue.record("README: the snippet of \(path) is not closed")
                continue
            }
            let snippet = lines[(n + 2)..<end].joined(separator: "\n") + "\n"
            let file = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
            #expect(snippet == file, "README's copy of \(path) differs from the file")
            checked.append((path as NSString).lastPathComponent)
        }
        #expect(checked.sorted() == ["CustomLayout.swift", "DatasetLayout.swift", "ItemsInCode.swift",
                                     "LuaScript.swift", "ModelDiff.swift"])
        let snippets = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent("Examples/SwiftUsage/Sources/Snippets").path)
        #expect(snippets.sorted() == checked.sorted(), "every snippet file is in the README")
    }
}
