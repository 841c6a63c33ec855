import TesseraCore

/// The terminal's lines for one page's refused messages over one window: the first `shown`
/// refusals get a line each, the rest are counted and said in one line as the window closes. A
/// page holding the token cannot flood the terminal; the page itself still hears every refusal.
struct RefusalLog: Equatable {
    /// The refusals of a window that get a line of their own.
    static let shown = 10

    private(set) var logged = 0
    private(set) var dropped = 0

    /// The line of one more refusal (its `reason`), or nil once `shown` have had theirs.
    mutating func line(for reason: String) -> String? {
        guard logged < Self.shown else {
            dropped += 1
            return nil
        }
        logged += 1
        return "preview: a page's message was refused: \(reason)"
    }

    /// The line that closes a window of `seconds`: nil when every refusal had its own.
    func summary(seconds: Double) -> String? {
        guard dropped > 0 else { return nil }
        return "preview: not shown: \(NumberText.counted(dropped, "more refused message")) from this page in the last \(NumberText.exact(seconds)) s"
    }
}
