import Testing
import TesseraCore

@Test func aLayoutRunsFromATestTarget() throws {
    let result = try FlowLayout().layout(LayoutContext(dataset: Dataset.synthetic(count: 3) { _ in Size(width: 10, height: 10) }))
    #expect(result.count == 3)
}
