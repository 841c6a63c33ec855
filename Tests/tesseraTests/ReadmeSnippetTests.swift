import Foundation
import Testing

/// The pages that show Swift (the tutorial's Swift chapter, the self-sizing guide, any page of
/// README.md and docs/) and the DocC catalogue's articles show the files of `Examples/SwiftUsage`
/// (which `scripts/test` builds and runs): each code block after a `<!-- path -->` line must be
/// that file, byte for byte, so the copies cannot drift apart.
@Suite struct ReadmeSnippetTests {
    /// The files a document shows, after checking each copy against its file.
    func snippets(in document: String) throws -> [String] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(document), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var checked: [String] = []
        for (n, line) in lines.enumerated() where line.hasPrefix("<!-- Examples/") && line.hasSuffix(" -->") {
            let path = String(line.dropFirst("<!-- ".count).dropLast(" -->".count))
            #expect(lines[n + 1] == "```swift", "\(document) line \(n + 2) should open the snippet of \(path)")
            guard let end = lines[(n + 2)...].firstIndex(of: "```") else {
                Issue.record("\(document): the snippet of \(path) is not closed")
                continue
            }
            let snippet = lines[(n + 2)..<end].joined(separator: "\n") + "\n"
            let file = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
            #expect(snippet == file, "\(document)'s copy of \(path) differs from the file")
            checked.append((path as NSString).lastPathComponent)
        }
        return checked
    }

    var snippetFiles: [String] {
        get throws {
            try FileManager.default.contentsOfDirectory(
                atPath: repositoryRoot.appendingPathComponent("Examples/SwiftUsage/Sources/Snippets").path).sorted()
        }
    }

    /// README.md and every page under docs/, subfolders included.
    func documentationPages() throws -> [String] {
        var pages = ["README.md"]
        let docs = repositoryRoot.appendingPathComponent("docs")
        let walker = try #require(FileManager.default.enumerator(atPath: docs.path))
        for case let path as String in walker where path.hasSuffix(".md") { pages.append("docs/\(path)") }
        return pages.sorted()
    }

    @Test func theDocumentationSwiftSnippetsAreTheExampleFiles() throws {
        var shownIn: [String: [String]] = [:]
        for page in try documentationPages() {
            for file in try snippets(in: page) { shownIn[file, default: []].append(page) }
        }
        #expect(shownIn.mapValues { $0.count }.filter { $0.value > 1 } == [:], "a snippet shown twice: \(shownIn)")
        #expect(shownIn["SelfSizing.swift"] == ["docs/howto/measured-sizes.md"])
        #expect(shownIn["Engine.swift"] == ["docs/tutorial/06-swift.md"])
        #expect(try snippetFiles == shownIn.keys.sorted(), "every snippet file is on a page: \(shownIn)")
    }

    @Test func theCatalogueArticlesShowTheExampleFiles() throws {
        let catalogue = "Sources/TesseraCore/TesseraCore.docc"
        let articles = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent(catalogue).path).filter { $0.hasSuffix(".md") }.sorted()
        var shown: Set<String> = []
        for article in articles { shown.formUnion(try snippets(in: "\(catalogue)/\(article)")) }
        #expect(articles == ["CompositionalLayoutInSwift.md", "Concurrency.md", "DiffingYourModels.md", "GettingStarted.md",
                             "RunningLuaFromSwift.md", "SelfSizingCells.md", "TesseraCore.md", "TheHeadlessEngine.md",
                             "UIKitAndSwiftUI.md"])
        #expect(try snippetFiles == shown.sorted(), "every snippet file is in an article")
    }
}
