import Testing
import TesseraCore

/// Long messages keep their start and end with a note counting what was left out; a message cut
/// from its bytes reads as one cut as text, and cutting a cut message again keeps the count true.
@Suite struct MessageCutTests {
    static func note(_ count: String) -> String { "\n[... \(count) characters cut from this message ...]\n" }

    @Test func aMessageAtTheLimitIsKeptWhole() {
        let text = String(repeating: "a", count: 4000)
        #expect(MessageCut.cut(text) == text)
        #expect(Array(text.utf8).withUnsafeBytes { MessageCut.cut(utf8: $0) } == text)
    }

    @Test func aLongMessageKeepsItsStartAndEnd() {
        let text = String(repeating: "a", count: 3000) + String(repeating: "é", count: 3000) + String(repeating: "b", count: 1000)
        #expect(MessageCut.cut(text) == String(repeating: "a", count: 3000) + Self.note("3,000") + String(repeating: "b", count: 1000))
    }

    /// Past the window decoded whole, only the kept bytes are decoded: the same text, the same
    /// count (the omitted middle holds two-byte and four-byte characters).
    @Test func aMessageCutFromItsBytesReadsAsOneCutAsText() {
        let text = "file:1: " + String(repeating: "é", count: 20_000) + String(repeating: "😀", count: 20_000) + "λ" + String(repeating: "z", count: 1500)
        let bytes = Array(text.utf8)
        #expect(bytes.count > 32_000)
        let cut = bytes.withUnsafeBytes { MessageCut.cut(utf8: $0) }
        #expect(cut == MessageCut.cut(text))
        #expect(cut == "file:1: " + String(repeating: "é", count: 2992) + Self.note("37,509") + String(repeating: "z", count: 1000))
    }

    /// A tail window that starts inside a character starts at the next one.
    @Test func aTailWindowStartsAtACharacter() {
        let text = String(repeating: "a", count: 40_000) + String(repeating: "é", count: 8001) + "!"
        let cut = Array(text.utf8).withUnsafeBytes { MessageCut.cut(utf8: $0) }
        #expect(cut == String(repeating: "a", count: 3000) + Self.note("44,002") + String(repeating: "é", count: 999) + "!")
    }

    /// Shown with more around it (`Error: ` before, a traceback after), a cut message is cut
    /// again: the note counts the characters the first note stood for, not the note's own.
    @Test func aCutMessageCutAgainCountsWhatBothLeftOut() {
        let message = "m:1: " + String(repeating: "x", count: 1_000_000)
        let first = MessageCut.cut(message)
        let shown = MessageCut.cut("Error: " + first + "\nstack traceback:\n\tm:1: in main chunk")
        #expect(shown == MessageCut.cut("Error: " + message + "\nstack traceback:\n\tm:1: in main chunk"))
        #expect(shown == "Error: m:1: " + String(repeating: "x", count: 2988) + Self.note("996,049")
                + String(repeating: "x", count: 963) + "\nstack traceback:\n\tm:1: in main chunk")
        #expect(MessageCut.cut(first) == first)
    }
}
