import Testing
@testable import TesseraCore

/// A context whose collection size is NaN or infinite (a host's unset bounds, SwiftUI's
/// unspecified proposal) gets a layout error that names the container, and the error's
/// message never traps, also for an item that gives only one dimension (NaN in its intrinsic
/// size).
@Suite struct NonFiniteContainerTests {
    private func message(_ layout: some Layout, _ context: LayoutContext) -> String {
        do {
            _ = try layout.layout(context)
            return "laid out"
        } catch {
            return "\(error)"
        }
    }

    private let strip = Dataset(items: [Item(id: "strip", fields: ["h": .double(800)])], sourceName: "strip.json")

    @Test func aNaNContainerIsNamedAsWhatIsWrong() {
        // The item gives only its height: the fit rule takes its width from the container.
        let context = LayoutContext(dataset: strip, collectionSize: Size(width: .nan, height: .nan))
        #expect(message(FlowLayout(spacing: 4), context)
            == "strip.json: item 0 (id \"strip\") cannot be sized for a nan x nan container; expected a container size of finite numbers")
    }

    @Test func anItemWithOneDimensionInAnInfinitelyWideContainerSaysSo() {
        #expect(strip.items[0].intrinsicWidth == nil)
        let context = LayoutContext(dataset: strip, collectionSize: Size(width: .infinity, height: 812))
        #expect(message(FlowLayout(spacing: 4), context)
            == "strip.json: item 0 (id \"strip\") is nan x 800, which the fit sizing rule scales to inf x 800 for a inf x 812 "
            + "container, too large for a number; expected an item size with a less extreme aspect ratio, or a container of finite size")
    }

    @Test func theOverflowMessageOfAFiniteContainerIsUnchanged() {
        let error = LayoutError.sizeOverflow(file: "tall.jsonl", index: 0, id: "a", intrinsic: Size(width: .nan, height: 1e300),
                                             rule: .fillWidth, size: Size(width: 375, height: .infinity),
                                             proposal: Size(width: 375, height: 812))
        #expect(error.description == "tall.jsonl: item 0 (id \"a\") is nan x 1e+300, which the fillWidth sizing rule scales to "
            + "375 x inf for a 375 x 812 container, too large for a number; expected an item size with a less extreme aspect ratio")
    }
}
