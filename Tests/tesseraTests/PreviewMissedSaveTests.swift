import Foundation
import Testing
@testable import TesseraCore
import TesseraRender
@testable import tessera

/// A save made while a page loads (after it was served its first pass, before its socket
/// opened) plays there: the page's socket says which generation it has, and gets the save's
/// animation before its frame when the animation plays from that one.
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

    @Test func theSocketsAddressSaysTheGenerationThePageHas() throws {
        let (server, port, _) = try PreviewServerTests.server()
        defer { server.shutDown() }
        let animation = #"{"type":"animation","gen":5}"#
        server.hub.publish(frame: Data([1, 2, 3]), idsVersion: 0, animation: (from: 4, message: animation)) { Data([9]) }
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
    private func animatedSession() throws -> (PreviewSession, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-missed-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("rows.lua").path, data = folder.appendingPathComponent("data.json").path
        let animator = folder.appendingPathComponent("appear.lua").path
        try "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        try #"{"items": [{"id": "a"}, {"id": "b"}]}"#.write(toFile: data, atomically: true, encoding: .utf8)
        try "return { insert = function(e) return { from = { alpha = 0 }, duration = 0.25 } end }\n"
            .write(toFile: animator, atomically: true, encoding: .utf8)
        var configuration = PreviewSession.Configuration(layout: script, dataPath: data)
        configuration.animator = animator
        configuration.animatorFile = try animatorFile(animator)
        let session = PreviewSession(configuration)
        session.log = { _ in }; session.logError = { _ in }
        return (session, data)
    }
}
