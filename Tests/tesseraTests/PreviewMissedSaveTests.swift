import Foundation
import Testing
@testable import TesseraCore
import TesseraRender
@testable import tessera

/// A save made while a page loads (after it was served its first pass, before its socket
/// opened) plays there: the page's socket says which generation it has, and gets the save's
/// animation before its frame when the animation plays from that one; a page that missed
/// several saves gets one made from its generation, while the session keeps it.
@Suite("preview save missed while loading")
struct PreviewMissedSaveTests {
    @Test func aPageHoldingTheGenerationASaveAnimatesFromGetsTheAnimationFirst() async throws {
        let (session, data) = try animatedSession()
        session.render()
        // A page connected before the save: what it got is what a page that missed it must get.
        let early = UUID()
        let earlyOutbox = session.hub.add(early, having: 1)
        try #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#.write(toFile: data, atomically: false, encoding: .utf8)
        session.filesChanged([FileWatcher.absolute(data)])
        session.render()
        #expect(session.lastGoodRun?.generation == 2)
        session.hub.remove(early)
        let seen = try await received(earlyOutbox)
        let animation = try #require(seen.first { $0.hasPrefix("{\"type\":\"animation\"") })
        #expect(try JSONParser.parse(animation)["gen"] == .int(2))

        // Served generation 1, connecting now: the animation, then the id table and the frame.
        #expect(try await joining(session.hub, having: 1) == [animation, "ids", "frame 2"])
        // A page that has generation 2 already, an older one, or says none: the frame alone.
        for having in [2, 0, nil] as [Int?] {
            #expect(try await joining(session.hub, having: having) == ["ids", "frame 2"], "having \(String(describing: having))")
        }
        // A repaint (a new viewport) replaces the frame the animation came with: nothing plays.
        session.setViewport(Size(width: 320, height: 600))
        session.render()
        #expect(session.lastGoodRun?.generation == 3)
        for having in [1, 2] {
            #expect(try await joining(session.hub, having: having) == ["ids", "frame 3"])
        }
    }

    @Test func aPageThatMissedTwoSavesAnimatesFromTheGenerationItHas() async throws {
        let (session, data) = try animatedSession()
        session.render()
        let made = ErrorLog()
        let missedSaves = try #require(session.hub.missedSaves)
        session.hub.missedSaves = { from, to in
            made.add("\(from) to \(to)")
            return missedSaves(from, to)
        }
        try save(#"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#, to: data, in: session)
        try save(#"{"items": [{"id": "d"}, {"id": "a"}, {"id": "b"}, {"id": "c"}]}"#, to: data, in: session)
        #expect(session.lastGoodRun?.generation == 3)

        // Generation 1, connecting now: an animation to generation 3, then the id table and the frame.
        let seen = try await joining(session.hub, having: 1)
        #expect(seen.count == 3 && seen.suffix(2) == ["ids", "frame 3"], "\(seen)")
        let animation = try JSONParser.parse(seen[0])
        #expect(animation["type"] == .string("animation") && animation["gen"] == .int(3))
        // From generation 1 (a, b) to generation 3 (d, a, b, c): the animator plays insertions alone,
        // so a and b are in their new rows at once, and both c and d enter from alpha 0 (from
        // generation 2, c would be there already).
        let samples = try #require(elements(animation["timeline"]?["samples"]))
        let first = try rows(samples.first)
        #expect(first == ["a": [0, 30, 1], "b": [0, 60, 1], "c": [0, 90, 0], "d": [0, 0, 0]], "\(first)")
        #expect(try rows(samples.last) == ["d": [0, 0, 1], "a": [0, 30, 1], "b": [0, 60, 1], "c": [0, 90, 1]])
        // Exactly what one save from generation 1's data to generation 3's plays.
        let (direct, directData) = try animatedSession()
        direct.render()
        try save(#"{"items": [{"id": "d"}, {"id": "a"}, {"id": "b"}, {"id": "c"}]}"#, to: directData, in: direct)
        let played = try await joining(direct.hub, having: 1)
        #expect(played.first?.replacingOccurrences(of: "\"gen\":2,", with: "\"gen\":3,") == seen[0])

        // Made once for the frame: a second page having generation 1 gets the same bytes.
        #expect(try await joining(session.hub, having: 1) == seen)
        #expect(made.all == ["1 to 3"])
        // Generation 2 gets the save's own animation, made with the run (no second one made).
        let own = try await joining(session.hub, having: 2)
        #expect(try JSONParser.parse(try #require(own.first))["gen"] == .int(3) && own.first != seen[0] && own.count == 3)
        #expect(made.all == ["1 to 3"])
    }

    @Test func aPageOlderThanTheKeptGenerationsGetsTheNewestPictureAlone() async throws {
        let (session, data) = try animatedSession()
        session.render()
        let saves = PreviewSession.keptGenerations + 1
        for count in 1...saves {
            let items = (0...count).map { #"{"id": "i\#($0)"}"# }.joined(separator: ", ")
            try save(#"{"items": [\#(items)]}"#, to: data, in: session)
        }
        let newest = saves + 1
        #expect(session.lastGoodRun?.generation == newest)
        #expect(session.stateLock.withLock { session.kept.map(\.generation) } == Array((newest - PreviewSession.keptGenerations + 1)...newest))
        // Generation 2 is no longer kept: the picture alone. Generation 3 is: it animates.
        #expect(try await joining(session.hub, having: 2) == ["ids", "frame \(newest)"])
        let kept = try await joining(session.hub, having: newest - PreviewSession.keptGenerations + 1)
        #expect(try JSONParser.parse(try #require(kept.first))["gen"] == .int(newest) && kept.suffix(2) == ["ids", "frame \(newest)"])
    }

    @Test func theNewestGenerationsWithinTheBudgetAreKeptEachPieceCountedOnce() {
        // Generations 1 and 2 share a dataset (key 5) and all three the script's bytes (key 7);
        // each has its own frames. Newest first: 1,160 bytes, then 150 more, then 100 more.
        let held = [[HeldStorage(key: -1, bytes: 100), HeldStorage(key: 5, bytes: 50), HeldStorage(key: 7, bytes: 1000)],
                    [HeldStorage(key: -2, bytes: 100), HeldStorage(key: 5, bytes: 50), HeldStorage(key: 7, bytes: 1000)],
                    [HeldStorage(key: -3, bytes: 100), HeldStorage(key: 6, bytes: 60), HeldStorage(key: 7, bytes: 1000)]]
        let kept = { (count: Int, bytes: Int) -> Int in HeldStorage.newestKept(held, count: count, bytes: bytes) }
        #expect([kept(8, 1410), kept(8, 1409), kept(8, 1310), kept(8, 1309), kept(8, 1160), kept(8, 0)] as [Int] == [3, 2, 2, 1, 1, 1])
        #expect([kept(2, 10_000), kept(1, 10_000)] as [Int] == [2, 1])
        #expect(HeldStorage.newestKept([], count: 8, bytes: 10_000) == 0)
    }

    @Test func aSessionKeepsTheNewestGenerationsThatFitItsBudget() async throws {
        // Generation 1 lays out a and b; each save adds an item, with its own frames, dataset and
        // data bytes; all share the script's and the animator's bytes.
        let ids = ["a", "b", "c", "d", "e", "f"]
        let saves = (3...6).map { count in
            #"{"items": ["# + ids.prefix(count).map { #"{"id": "\#($0)"}"# }.joined(separator: ", ") + "]}"
        }
        let session = { (budget: Int) throws -> PreviewSession in
            let (session, data) = try animatedSession()
            session.keptBudget = budget
            // As with a watcher: a run reads again only the data file, and reuses the rest's bytes.
            session.readsOnlyChangedFiles = true
            session.render()
            for json in saves { try save(json, to: data, in: session) }
            return session
        }
        let all = try session(PreviewSession.keptBytes)
        let held = all.stateLock.withLock { all.kept.map { $0.held.map(\.bytes).sorted() } }
        // n items: frames of 32 bytes each, a dataset of 35 bytes each (sizes, ids and their
        // hashes), the data file (37 bytes + 13 an item past 2); the animator (85), the script (115).
        #expect(held == [[37, 64, 70, 85, 115], [50, 85, 96, 105, 115], [63, 85, 115, 128, 140],
                         [76, 85, 115, 160, 175], [85, 89, 115, 192, 210]])
        #expect(all.stateLock.withLock { all.kept.map(\.generation) } == [1, 2, 3, 4, 5])

        // Generations 5, 4 and 3 hold 491, 411 and 331 bytes of their own, and 200 between them.
        let three = try session(200 + 491 + 411 + 331)
        #expect(three.stateLock.withLock { three.kept.map(\.generation) } == [3, 4, 5])
        // A page having generation 3 animates from it; one having 2 gets the picture alone.
        let late = try await joining(three.hub, having: 3)
        #expect(try JSONParser.parse(try #require(late.first))["gen"] == .int(5) && late.suffix(2) == ["ids", "frame 5"])
        #expect(try await joining(three.hub, having: 2) == ["ids", "frame 5"])
        // A byte fewer: generation 3 no longer fits, and a page having it gets the picture alone.
        let two = try session(200 + 491 + 411 + 331 - 1)
        #expect(two.stateLock.withLock { two.kept.map(\.generation) } == [4, 5])
        #expect(try await joining(two.hub, having: 3) == ["ids", "frame 5"])
        #expect(try await joining(two.hub, having: 4).count == 3)
        // No budget at all: the newest is kept whatever its size.
        let none = try session(0)
        #expect(none.stateLock.withLock { none.kept.map(\.generation) } == [5])
    }

    @Test func whatTheAnimatorPrintsForAPageThatMissedSavesIsPrintedOnceAndLabelled() async throws {
        let (session, data) = try animatedSession(animator: """
            return { insert = function(e)
              print(string.format("insert at %d", e.frame[2]))
              return { from = { alpha = 0 }, duration = 0.25 }
            end }

            """)
        let printed = ErrorLog()
        session.scriptOutput = { printed.add($0) }
        session.render()
        try save(#"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#, to: data, in: session)
        try save(#"{"items": [{"id": "d"}, {"id": "a"}, {"id": "b"}, {"id": "c"}]}"#, to: data, in: session)
        // Each save's animation (the engine it plays on inserts the views it starts with too):
        // a, b and c at y 0, 30 and 60; a, b, c, and d at y 0.
        let played = ["insert at 0", "insert at 30", "insert at 60", "insert at 0", "insert at 30", "insert at 60", "insert at 0"]
        #expect(printed.all == played)
        // A page having generation 1: a and b, then d at 0 and c at 90. Made once, for both pages.
        _ = try await joining(session.hub, having: 1)
        _ = try await joining(session.hub, having: 1)
        // A page having generation 2 gets the save's own animation: nothing runs again.
        _ = try await joining(session.hub, having: 2)
        let label = "(gen 1 to 3, replayed for a page that missed saves)"
        #expect(printed.all == played + ["insert at 0", "insert at 30", "insert at 0", "insert at 90"].map { "\(label) \($0)" })
    }

    @Test func anAnimationMadeWhileANewerFrameIsPublishedIsMadeAgainForIt() async throws {
        let hub = PreviewHub()
        hub.publish(frame: Data([2]), generation: 2, idsVersion: 0) { Data([9]) }
        let made = ErrorLog()
        hub.missedSaves = { from, to in
            made.add("\(from) to \(to)")
            let first = made.all.count == 1
            // A save published while the first is made: it is made again for the newer frame.
            if first { hub.publish(frame: Data([3]), generation: 3, idsVersion: 0) { Data([9]) } }
            return "animation \(from) to \(to)"
        }
        let id = UUID()
        let outbox = hub.add(id, having: 1)
        hub.remove(id)
        #expect(await plainly(outbox) == ["animation 1 to 3", "data [9]", "data [3]"])
        #expect(made.all == ["1 to 2", "1 to 3"])
        // None made (nil) for a newer frame: the picture alone.
        hub.missedSaves = { from, to in made.add("\(from) to \(to)"); return nil }
        hub.publish(frame: Data([4]), generation: 4, idsVersion: 0) { Data([9]) }
        let other = UUID()
        let plain = hub.add(other, having: 1)
        hub.remove(other)
        #expect(await plainly(plain) == ["data [9]", "data [4]"])
        #expect(made.all == ["1 to 2", "1 to 3", "1 to 4"])
    }

    @Test func theSocketsAddressSaysTheGenerationThePageHas() throws {
        let (server, port, _) = try PreviewServerTests.server()
        defer { server.shutDown() }
        let animation = #"{"type":"animation","gen":5}"#
        server.hub.publish(frame: Data([1, 2, 3]), generation: 5, idsVersion: 0, animation: (from: 4, message: animation)) { Data([9]) }
        let page = try TestClient.page(port: port, query: "&gen=4")
        #expect(try page.readFrame() == WebSocketFrame(opcode: .text, payload: Data(animation.utf8)))
        #expect(try page.readFrame() == WebSocketFrame(opcode: .binary, payload: Data([9])))
        #expect(try page.readFrame() == WebSocketFrame(opcode: .binary, payload: Data([1, 2, 3])))
        page.close()
        let current = try TestClient.page(port: port, query: "&gen=5")
        #expect(try current.readFrame() == WebSocketFrame(opcode: .binary, payload: Data([9])))
        #expect(try current.readFrame() == WebSocketFrame(opcode: .binary, payload: Data([1, 2, 3])))
        current.close()
        for gen in ["x", "-1", "1.5", "99999999999999999999", ""] {
            let reply = try PreviewServerTests.exchange(port, PreviewServerTests.handshake(port).replacingOccurrences(of: "/ws?token=", with: "/ws?gen=\(gen)&token=") + "\r\n")
            #expect(reply == PreviewServerTests.reply(400, "Bad Request", "expected gen to be the generation the page has, a whole number from 0, got \(gen.debugDescription)"))
        }
    }

    /// What an outbox held: text messages as they are, binary ones as "data [BYTES]".
    private func plainly(_ outbox: PageOutbox) async -> [String] {
        var seen: [String] = []
        for await message in outbox.messages {
            switch message {
            case .text(let text): seen.append(text)
            case .data(let data): seen.append("data \([UInt8](data))")
            }
        }
        return seen
    }

    /// Writes `json` to the data file, tells `session` and runs it.
    private func save(_ json: String, to data: String, in session: PreviewSession) throws {
        try json.write(toFile: data, atomically: false, encoding: .utf8)
        session.filesChanged([FileWatcher.absolute(data)])
        session.render()
    }

    /// A sample's views by item id: x, y and alpha.
    private func rows(_ sample: JSONValue?) throws -> [String: [Double]] {
        var rows: [String: [Double]] = [:]
        for view in try #require(elements(sample?["views"])) {
            let fields = try #require(elements(view))
            let key = try #require(fields[0].string)
            rows[String(key.split(separator: ":", maxSplits: 1)[1])] = [1, 2, 5].compactMap { fields[$0].number }
        }
        return rows
    }

    private func elements(_ value: JSONValue?) -> [JSONValue]? {
        if case .array(let elements) = value { elements } else { nil }
    }

    /// What a page joining the hub now, having `generation`, is sent: text messages as they are,
    /// the id table as "ids" and frames as "frame GEN".
    private func joining(_ hub: PreviewHub, having generation: Int?) async throws -> [String] {
        let id = UUID()
        let outbox = hub.add(id, having: generation)
        hub.remove(id)
        return try await received(outbox)
    }

    private func received(_ outbox: PageOutbox) async throws -> [String] {
        var seen: [String] = []
        for await message in outbox.messages {
            switch message {
            case .text(let text): seen.append(text)
            case .data(let data):
                let header = try JSONParser.parse(try PreviewTests.binaryMessage([UInt8](data)).header)
                seen.append(header["type"] == .string("ids") ? "ids" : "frame \(header["gen"]?.number.map { Int($0) } ?? -1)")
            }
        }
        return seen
    }

    /// A session of rows 30 high over items a and b, played with an animator script, and its data file.
    private func animatedSession(
        animator animatorScript: String = "return { insert = function(e) return { from = { alpha = 0 }, duration = 0.25 } end }\n"
    ) throws -> (PreviewSession, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-missed-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("rows.lua").path, data = folder.appendingPathComponent("data.json").path
        let animator = folder.appendingPathComponent("appear.lua").path
        try "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        try #"{"items": [{"id": "a"}, {"id": "b"}]}"#.write(toFile: data, atomically: true, encoding: .utf8)
        try animatorScript.write(toFile: animator, atomically: true, encoding: .utf8)
        var configuration = PreviewSession.Configuration(layout: script, dataPath: data)
        configuration.animator = animator
        configuration.animatorFile = try animatorFile(animator)
        let session = PreviewSession(configuration)
        session.log = { _ in }; session.logError = { _ in }
        return (session, data)
    }
}
