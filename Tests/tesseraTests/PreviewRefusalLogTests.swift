import Foundation
import Testing
@testable import TesseraCore
@testable import tessera

/// A page's refused messages on the terminal: a line each for the first few of a window, then
/// one line for the rest as the window closes, per page (the page itself hears every refusal).
@Suite("preview refusal log")
struct PreviewRefusalLogTests {
    @Test func theFirstTenOfAWindowGetALineAndTheRestOneLine() {
        var log = RefusalLog()
        let lines = (1...13).map { log.line(for: "reason \($0)") }
        #expect(lines == (1...10).map { "preview: a page's message was refused: reason \($0)" } + [nil, nil, nil])
        #expect(log.summary(seconds: 10) == "preview: not shown: 3 more refused messages from this page in the last 10 s")
        var eleven = RefusalLog()
        for n in 1...11 { _ = eleven.line(for: "reason \(n)") }
        #expect(eleven.summary(seconds: 2.5) == "preview: not shown: 1 more refused message from this page in the last 2.5 s")
        var ten = RefusalLog()
        for n in 1...10 { _ = ten.line(for: "reason \(n)") }
        #expect(ten.summary(seconds: 10) == nil, "every refusal had its line")
    }

    @Test func aFloodingPageGetsTenLinesAndOneSummaryAWindowAnotherPageItsOwn() async throws {
        var configuration = PreviewSession.Configuration(layout: "waterfall")
        configuration.refusalWindow = 3
        let session = PreviewSession(configuration)
        let lines = ErrorLog()
        session.logError = { lines.add($0) }
        let flooding = UUID(), other = UUID()
        let floodingOutbox = session.hub.add(flooding), otherOutbox = session.hub.add(other)
        let message = { (n: Int) in #"{"type":"params","values":\#(n)}"# }
        let reason = { (n: Int) in "params: expected values to be an object of param names and values, got \(n)" }
        for n in 1...13 { session.handle(message(n), from: flooding) }
        for n in 14...15 { session.handle(message(n), from: other) }
        let refused = { (n: Int) in "preview: a page's message was refused: " + reason(n) }
        let opening = (1...10).map(refused) + (14...15).map(refused)
        #expect(lines.all == opening)
        // Both windows close (3 s after each page's first refusal): the flooding page's says what it left out.
        try PreviewServerTests.waitUntil { session.stateLock.withLock { session.refusals.isEmpty } }
        #expect(lines.all == opening + ["preview: not shown: 3 more refused messages from this page in the last 3 s"])
        // A refusal after the window opens the next one: it has its line.
        session.handle(message(16), from: flooding)
        #expect(lines.all.last == refused(16))
        // Each page heard every refusal of its own.
        session.hub.remove(flooding); session.hub.remove(other)
        #expect(try await refusals(floodingOutbox) == (1...13).map(reason) + [reason(16)])
        #expect(try await refusals(otherOutbox) == (14...15).map(reason))
    }

    /// The reasons of the refused messages a page's outbox held.
    private func refusals(_ outbox: PageOutbox) async throws -> [String] {
        var reasons: [String] = []
        for await case .text(let text) in outbox.messages {
            let message = try JSONParser.parse(text)
            if message["type"] == .string("refused"), let reason = message["message"]?.string { reasons.append(reason) }
        }
        return reasons
    }
}
