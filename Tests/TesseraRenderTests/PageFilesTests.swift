import Foundation
import Testing
import TesseraCore
@testable import TesseraRender

/// The pages' files (Sources/TesseraRender/Pages) as the library holds them: every file is
/// compiled in, every page fills every marker it has, and the numbers the scripts repeat are
/// the Swift ones.
@Suite struct PageFilesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/TesseraRender/Pages")

    /// A file added to the folder but not to Package.swift's resources (or `PageFiles.named`)
    /// would be missing from every page that names it.
    @Test func everyFileOfTheFolderIsCompiledInAsItReads() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasSuffix(".swift") }
        #expect(names.sorted() == PageFiles.named.keys.sorted())
        for name in names {
            var text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            #expect(text.hasSuffix("\n"), "\(name) ends with a newline")
            text.removeLast()
            #expect(PageFiles.named[name] == text, "\(name)")
        }
    }

    /// The preview's page, built into one buffer with its pass encoded a piece at a time, is the
    /// template filled with the pass in base64 (pieces joined across 48 KB, lengths that are
    /// not whole groups of 3); the length it reserves starts from the template's own.
    @Test func thePreviewPageHoldsItsPassInBase64() {
        var generator = SystemRandomNumberGenerator()
        for (ids, frame) in [(0, 1), (2, 3 << 14), (3 << 14 + 1, 100_003)] {
            let pass = (Data((0..<ids).map { _ in UInt8.random(in: 0...255, using: &generator) }),
                        Data((0..<frame).map { _ in UInt8.random(in: 0...255, using: &generator) }))
            let page = PreviewPage.page(largestSide: 4321, firstPass: pass)
            let filled = PageTemplate(file: "preview-page.html").filled(["largestside": "4321", "first-ids": pass.0.base64EncodedString(),
                                                                         "first-frame": pass.1.base64EncodedString()])
            #expect(page == Data(filled.utf8))
        }
        #expect(PageTemplate(file: "preview-page.html").fixedLength == PageTemplate(file: "preview-page.html").filled().utf8.count)
        #expect(PreviewPage.html(largestSide: 7) == PageTemplate(file: "preview-page.html").filled(["largestside": "7"]))
    }

    @Test func aTemplateSplitsAtMarkersOnly() {
        let template = PageTemplate("a /*x*/ b /* not one */ /*Upper*/ /*page-layer.css*/ c /*data*/")
        #expect(template.markers == ["x", "page-layer.css", "data"])
        #expect(template.filled(["x": "1", "data": "{}"]) == "a 1 b /* not one */ /*Upper*/ " + PageFiles.file("page-layer.css") + " c {}")
    }

    /// No page written leaves a marker behind, and each holds every piece it names.
    @Test func everyPageFillsItsMarkers() throws {
        let marker = /\/\*[a-z][a-z0-9.-]*\*\//
        let dataset = Dataset(items: ["a", "b"].map { Item(id: .string($0), fields: ["id": .string($0)]) })
        let run = LayoutRun(layoutName: "test", dataset: dataset, viewport: Size(width: 200, height: 100),
                            result: try FramesResult(frames: [Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 0, y: 50, width: 100, height: 50)]),
                            milliseconds: 1)
        let state = ViewState(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let timeline = Timeline(tracks: [AnimationTrack(id: .string("a"), view: 0, event: .insert, duration: 0.1, from: state, to: state)])
        let pages = [
            ("run-page.html", try HTMLPage(run: run, viewport: nil).render()),
            ("animate-page.html", try TimelinePage(title: "t", timeline: timeline, viewport: Rect(x: 0, y: 0, width: 100, height: 100)).render()),
            ("preview-page.html", PreviewPage.html(largestSide: 100_000)),
            ("snapshot-report.html", SnapshotReportPage(files: []).html()),
            ("open-page.html", PreviewPage.opener(address: "http://127.0.0.1:1/?token=a&b")),
        ]
        for (name, page) in pages {
            #expect(page.firstMatch(of: marker) == nil, "\(name) left a marker")
            for piece in PageTemplate(file: name).markers where PageFiles.named[piece] != nil {
                #expect(page.contains(PageFiles.file(piece)), "\(name) holds \(piece)")
            }
        }
    }

    @Test func theOpenerRedirectsToTheAddressEscaped() {
        #expect(PreviewPage.opener(address: "http://127.0.0.1:8/?token=a&b\"") == "<!doctype html><meta charset=\"utf-8\">"
                + "<meta http-equiv=\"refresh\" content=\"0; url=http://127.0.0.1:8/?token=a&amp;b&quot;\"><title>tessera preview</title>\n")
    }

    /// The scripts scale a scroll position past the same limit as `HTMLPage.scrollLimit`.
    @Test func theScriptsScrollLimitIsHTMLPages() {
        #expect(HTMLPage.scrollLimit == 8_000_000)
        for name in ["run-page.js", "preview-state.js"] {
            #expect(PageFiles.file(name).contains("const LIMIT = 8000000;"), "\(name)")
        }
    }
}
