import Testing
import TesseraCore

@Suite struct EdgeInsetsTests {
    @Test("negated flips every side's sign, so insetting by it grows a rectangle")
    func negated() {
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: -4)
        #expect(insets.negated == EdgeInsets(top: -1, left: -2, bottom: -3, right: 4))
        #expect(insets.negated.negated == insets)
        #expect(EdgeInsets.zero.negated == .zero)
        let rect = Rect(x: 10, y: 10, width: 20, height: 20)
        #expect(rect.inset(by: EdgeInsets(all: 5)) == Rect(x: 15, y: 15, width: 10, height: 10))
        #expect(rect.inset(by: EdgeInsets(all: 5).negated) == Rect(x: 5, y: 5, width: 30, height: 30))
    }
}
