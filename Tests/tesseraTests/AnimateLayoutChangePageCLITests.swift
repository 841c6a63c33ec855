import Foundation
import Testing
@testable import tessera

/// `tessera animate LAYOUT --data FILE --to-layout LAYOUT2 --format html`: the page of a layout
/// change is titled by what changed, the layout it goes to, as a reload's page is by the dataset.
@Suite struct AnimateLayoutChangePageCLITests {
    static let photos = "datasets/examples/photos.jsonl"

    /// The page's `<title>` element.
    func title(_ page: String) -> String? {
        guard let open = page.range(of: "<title>"), let close = page.range(of: "</title>", range: open.upperBound..<page.endIndex) else { return nil }
        return String(page[open.upperBound..<close.lowerBound])
    }

    @Test func aLayoutChangesPageIsTitledByBothLayouts() throws {
        let r = try runTessera(["animate", "flow", "--data", Self.photos, "--to-layout", "row", "--format", "html"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "")
        #expect(title(r.stdout) == "flow datasets/examples/photos.jsonl -&gt; row - tessera animate")
        #expect(r.stdout.hasSuffix("</html>\n"))
    }

    @Test func aReloadsPageIsTitledByBothDatasets() throws {
        let r = try runTessera(["animate", "flow", "--data", Self.photos, "--to", Self.photos, "--format", "html"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(title(r.stdout) == "flow datasets/examples/photos.jsonl -&gt; datasets/examples/photos.jsonl - tessera animate")
    }
}
