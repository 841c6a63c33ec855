import Foundation
import Synchronization
import Testing
@testable import TesseraCore
import TesseraLua
import TesseraRender
@testable import tessera

@Suite("tessera preview")
struct PreviewTests {
    // MARK: Access

    let access = PreviewAccess(token: "0123456789abcdef0123456789abcdef", port: 8123)

    @Test func theTokenAndALoopbackHostAreNeeded() {
        #expect(access.check(token: access.token, host: "127.0.0.1:8123", origin: nil, isWebSocket: false) == .allowed)
        #expect(access.check(token: access.token, host: "localhost:8123", origin: nil, isWebSocket: false) == .allowed)
        // The IPv6 loopback, as a browser or a port forward that prefers IPv6 names it.
        #expect(access.check(token: access.token, host: "[::1]:8123", origin: nil, isWebSocket: false) == .allowed)
        #expect(access.check(token: access.token, host: "[::1]:8124", origin: nil, isWebSocket: false)
                == .refused(status: 403, reason: "unexpected Host header"))
        #expect(access.check(token: access.token, host: "[::2]:8123", origin: nil, isWebSocket: false)
                == .refused(status: 403, reason: "unexpected Host header"))
        #expect(access.check(token: access.token, host: "[::1]", origin: nil, isWebSocket: false)
                == .refused(status: 403, reason: "unexpected Host header"))
        #expect(access.check(token: nil, host: "127.0.0.1:8123", origin: nil, isWebSocket: false)
                == .refused(status: 403, reason: "missing or wrong token"))
        #expect(access.check(token: "0123456789abcdef0123456789abcdee", host: "127.0.0.1:8123", origin: nil, isWebSocket: false)
                == .refused(status: 403, reason: "missing or wrong token"))
        #expect(access.check(token: access.token + "0", host: "127.0.0.1:8123", origin: nil, isWebSocket: false)
                == .refused(status: 403, reason: "missing or wrong token"))
        // A DNS-rebound name arrives with its own Host.
        #expect(access.check(token: access.token, host: "evil.example:8123", origin: nil, isWebSocket: false)
                == .refused(status: 403, reason: "unexpected Host header"))
        #expect(access.check(token: access.token, host: "127.0.0.1:8124", origin: nil, isWebSocket: false)
                == .refused(status: 403, reason: "unexpected Host header"))
    }

    @Test func theWebSocketNeedsThePagesOwnOrigin() {
        #expect(access.check(token: access.token, host: "127.0.0.1:8123", origin: "http://127.0.0.1:8123", isWebSocket: true) == .allowed)
        #expect(access.check(token: access.token, host: "[::1]:8123", origin: "http://[::1]:8123", isWebSocket: true) == .allowed)
        #expect(access.check(token: access.token, host: "127.0.0.1:8123", origin: "http://evil.example", isWebSocket: true)
                == .refused(status: 403, reason: "WebSocket from another origin"))
        #expect(access.check(token: access.token, host: "127.0.0.1:8123", origin: nil, isWebSocket: true)
                == .refused(status: 403, reason: "WebSocket from another origin"))
        // Another of the server's own names is still another origin: the page opens its socket
        // at the host it was served from.
        #expect(access.check(token: access.token, host: "LocalHost:8123", origin: "http://localhost:8123", isWebSocket: true) == .allowed)
        #expect(access.check(token: access.token, host: "127.0.0.1:8123", origin: "http://[::1]:8123", isWebSocket: true)
                == .refused(status: 403, reason: "WebSocket from another origin"))
        #expect(access.check(token: access.token, host: "localhost:8123", origin: "http://127.0.0.1:8123", isWebSocket: true)
                == .refused(status: 403, reason: "WebSocket from another origin"))
        // An origin's scheme and host compare without case (RFC 6454); the rest of it does not
        // differ by case, and another scheme, port or host is another origin.
        for origin in ["HTTP://127.0.0.1:8123", "Http://127.0.0.1:8123"] {
            #expect(access.check(token: access.token, host: "127.0.0.1:8123", origin: origin, isWebSocket: true) == .allowed, "\(origin)")
        }
        #expect(access.check(token: access.token, host: "localhost:8123", origin: "HTTP://LOCALHOST:8123", isWebSocket: true) == .allowed)
        for origin in ["https://127.0.0.1:8123", "http://127.0.0.1:8124", "http://127.0.0.1", "http://127.0.0.1:8123/", "null", "",
                       "http://127.0.0.1:8123.evil.example", "http://\u{FF4C}ocalhost:8123"] {
            #expect(access.check(token: access.token, host: origin.contains("ocalhost") ? "localhost:8123" : "127.0.0.1:8123", origin: origin, isWebSocket: true)
                    == .refused(status: 403, reason: "WebSocket from another origin"), "\(origin)")
        }
    }

    /// Any request that carries an Origin must carry the page's own: another site's page makes
    /// the browser send its own origin with a fetch, and a top-level navigation's GET sends none.
    @Test func aRequestWithAnOriginNeedsThePagesOwn() {
        #expect(access.check(token: access.token, host: "127.0.0.1:8123", origin: nil, isWebSocket: false) == .allowed)
        #expect(access.check(token: access.token, host: "127.0.0.1:8123", origin: "http://127.0.0.1:8123", isWebSocket: false) == .allowed)
        #expect(access.check(token: access.token, host: "LOCALHOST:8123", origin: "HTTP://LocalHost:8123", isWebSocket: false) == .allowed)
        for origin in ["http://evil.example", "null", "", "http://localhost:8123", "https://127.0.0.1:8123", "http://127.0.0.1:8124"] {
            #expect(access.check(token: access.token, host: "127.0.0.1:8123", origin: origin, isWebSocket: false)
                    == .refused(status: 403, reason: "request from another origin"), "\(origin)")
        }
        // The token is judged first, as for the socket.
        #expect(access.check(token: nil, host: "127.0.0.1:8123", origin: "http://evil.example", isWebSocket: false)
                == .refused(status: 403, reason: "missing or wrong token"))
    }

    /// Hosts and origins compare without case in ASCII only: U+212A KELVIN SIGN, which Unicode
    /// lowercases to "k", stays itself (so "\u{212A}.example" is not the origin "k.example" is).
    @Test func hostsAndOriginsLowercaseInASCIIOnly() {
        #expect(asciiLowercased("HTTP://\u{212A}.Example:8123") == "http://\u{212A}.example:8123")
        #expect(asciiLowercased("[::1]:80 \u{C9}\u{130}z") == "[::1]:80 \u{C9}\u{130}z")
        #expect(asciiLowercased("") == "")
    }

    @Test func aRequestWithoutHostIsRefusedAsMissingOne() {
        #expect(access.check(token: access.token, host: nil, origin: nil, isWebSocket: false)
                == .refused(status: 403, reason: "missing Host header"))
    }

    @Test func tokensAre128RandomBits() {
        let a = PreviewAccess.newToken(), b = PreviewAccess.newToken()
        #expect(a.count == 32 && b.count == 32 && a != b)
        #expect(a.allSatisfy { $0.isHexDigit })
    }

    // MARK: Messages

    @Test func openGivesTheBrowserAPrivatePageNotTheTokenOnACommandLine() throws {
        let token = PreviewAccess.newToken()
        let address = "http://127.0.0.1:8080/?token=\(token)"
        let opener = try BrowserOpener(address: address)
        defer { opener.remove() }
        #expect(opener.program == "xdg-open")
        #expect(opener.arguments == ["file://\(opener.page)"])
        #expect(!opener.arguments.joined().contains(token))
        let page = try String(contentsOfFile: opener.page, encoding: .utf8)
        #expect(page.contains("<meta http-equiv=\"refresh\" content=\"0; url=\(address)\">"))
        let file = try FileManager.default.attributesOfItem(atPath: opener.page)[.posixPermissions] as? Int
        let folder = try FileManager.default.attributesOfItem(atPath: opener.folder)[.posixPermissions] as? Int
        #expect(file == 0o600 && folder == 0o700)
        opener.remove()
        #expect(!FileManager.default.fileExists(atPath: opener.folder))
    }

    /// The page is removed as soon as a page connects, not a minute later nor at an exit that
    /// Ctrl-C skips; with no page, after the limit.
    @Test func openRemovesItsPageOnceAPageConnects() throws {
        // Plain sleeps, not Task.sleep: with every test running at once the cooperative pool can
        // wake a task a minute late, past any limit. The limit is long, so only the page's
        // connecting removes the page here.
        final class Flag: Sendable { let connected = Atomic<Bool>(false) }
        let flag = Flag()
        let opener = try BrowserOpener(address: "http://127.0.0.1:8080/?token=\(PreviewAccess.newToken())")
        opener.removeOnceOpened(within: 3600) { flag.connected.load(ordering: .acquiring) }
        usleep(400_000)
        #expect(FileManager.default.fileExists(atPath: opener.page))
        flag.connected.store(true, ordering: .releasing)
        for _ in 0..<100 where FileManager.default.fileExists(atPath: opener.folder) { usleep(100_000) }
        #expect(!FileManager.default.fileExists(atPath: opener.folder))
        let unopened = try BrowserOpener(address: "http://127.0.0.1:8080/?token=\(PreviewAccess.newToken())")
        unopened.removeOnceOpened(within: 0.3) { false }
        for _ in 0..<100 where FileManager.default.fileExists(atPath: unopened.folder) { usleep(100_000) }
        #expect(!FileManager.default.fileExists(atPath: unopened.folder))
    }

    @Test func anUpdateCarriesTheFramesAsPackedDoubles() throws {
        let dataset = Dataset.synthetic(count: 3) { i in Size(width: 100, height: Double(50 + 10 * i)) }
        let result = try WaterfallLayout(columns: 2, spacing: 10).layout(LayoutContext(dataset: dataset, collectionSize: Size(width: 210, height: 300)))
        let run = LayoutRun(layoutName: "waterfall", dataset: dataset, viewport: Size(width: 210, height: 300), result: result, milliseconds: 0)
        let bytes = try PreviewUpdate(run: run, generation: 7, idsVersion: 2, timings: [("read", 0.5)]).encode()
        let length = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        let header = try JSONParser.parse(String(decoding: bytes[4..<(4 + length)], as: UTF8.self))
        #expect(header["type"] == .string("frame"))
        #expect(header["gen"] == .int(7))
        #expect(header["idsVersion"] == .int(2))
        #expect(header["count"] == .int(3))
        #expect(header["viewport"] == .array([.int(210), .int(300)]))
        #expect(header["timings"] == .array([.array([.string("read"), .double(0.5)])]))
        let start = 4 + length + (8 - (4 + length) % 8) % 8
        #expect(start % 8 == 0)
        #expect(bytes.count == start + 3 * 32)
        let doubles = (0..<12).map { k in
            Double(bitPattern: (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[start + 8 * k + $1]) << (8 * UInt64($1)) })
        }
        let expected = try (0..<3).flatMap { i -> [Double] in let f = try result.frame(at: i); return [f.x, f.y, f.width, f.height] }
        #expect(doubles == expected)
    }

    @Test func theIdTableIsABinaryMessageOfItsOwn() throws {
        // Integer, string (multi-byte UTF-8, empty) and derived ids, as their descriptions spell them.
        let items = [Item(id: .int(-42)), Item(id: .string("b\u{e9}")), Item(id: .string("")), Item(id: .int(7)),
                     Item(id: .scoped("s", .int(1)))]
        let dataset = Dataset(items: items)
        let bytes = try PreviewUpdate.idsMessage(dataset: dataset, version: 3)
        let (header, body) = try Self.binaryMessage(bytes)
        #expect(header == "{\"type\":\"ids\",\"version\":3,\"count\":5}")
        #expect(body % 8 == 0)
        let offsets = (0...5).map { k in (0..<4).reduce(0) { $0 | Int(bytes[body + 4 * k + $1]) << (8 * $1) } }
        let text = Array(bytes[(body + 24)...])
        #expect(offsets == [0, 3, 6, 6, 7, 10])
        #expect(text.count == 10)
        let decoded = (0..<5).map { String(decoding: text[offsets[$0]..<offsets[$0 + 1]], as: UTF8.self) }
        #expect(decoded == items.map(\.id.description))
        #expect(decoded == ["-42", "b\u{e9}", "", "7", "s-1"])
    }

    @Test func idsAreComparedInTheArena() throws {
        let a = Dataset(items: [Item(id: .string("a")), Item(id: .int(5))])
        #expect(a.hasSameIDs(as: Dataset(items: [Item(id: .string("a")), Item(id: .int(5))])))
        #expect(!a.hasSameIDs(as: Dataset(items: [Item(id: .string("a")), Item(id: .string("5"))])))
        #expect(!a.hasSameIDs(as: Dataset(items: [Item(id: .string("a")), Item(id: .int(6))])))
        #expect(!a.hasSameIDs(as: Dataset(items: [Item(id: .string("a"))])))
        #expect(!a.hasSameIDs(as: Dataset(items: [Item(id: .string("b")), Item(id: .int(5))])))
        // Loaded from a file, and built from items: the same ids.
        let c = Dataset(items: [Item(id: .string("q")), Item(id: .int(3)), Item(id: .string("a"))])
        let d = try DatasetLoader.parse(data: Array(#"{"items": [{"id": "q"}, {"id": 3}, {"id": "a"}]}"#.utf8), fileName: "d.json", format: .json)
        #expect(c.hasSameIDs(as: d) && d.hasSameIDs(as: c))
    }

    /// The JSON header of a binary message and where its body starts.
    static func binaryMessage(_ bytes: [UInt8]) throws -> (header: String, body: Int) {
        let length = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        return (String(decoding: bytes[4..<(4 + length)], as: UTF8.self), 4 + length + (8 - (4 + length) % 8) % 8)
    }

    @Test func aSyntaxErrorsColumnIsWhereItsTokenStarts() throws {
        let source = PreviewFailure.sourceLines(Array("local a = 1\n  x y = 2\n".utf8), around: 2, context: 1)
        #expect(source.map(\.0) == [1, 2, 3])
        #expect(PreviewFailure.syntaxColumn(message: "broken.lua:2: syntax error near 'y'", source: source, line: 2) == 5)
    }

    /// A huge error (a script's `error(string.rep("x", 5e7))`) reaches the page cut as the
    /// terminal cuts it: whole, it passed the page's queue, was dropped, and the page never
    /// heard that the run failed.
    /// An error that names its script but no line (a param refused) gives the head the file
    /// as its place, said once: not repeated at the start of the message.
    @Test func anErrorWithAFileButNoLineHasTheFileAsItsPlace() {
        let error = LuaScriptError(.script, message: #"layouts/grid.lua: param 'mode' expects one of "a", "b", got "c""#, file: "layouts/grid.lua")
        let failure = PreviewFailure(error)
        #expect(failure.json(generation: 3, timings: []) == #"{"type":"error","gen":3,"kind":"script","message":"param 'mode' expects one of \"a\", \"b\", got \"c\"","traceback":"","file":"layouts/grid.lua","timings":[]}"#)
        #expect(failure.place == "layouts/grid.lua")
        #expect(failure.sentence == error.message)
    }

    @Test func theErrorsMessageIsCutForThePageAsForTheTerminal() {
        let failure = PreviewFailure(CLIError(String(repeating: "a", count: 3000) + String(repeating: "b", count: 3000)))
        let cut = String(repeating: "a", count: 3000) + "\\n[... 2,000 characters cut from this message ...]\\n" + String(repeating: "b", count: 1000)
        #expect(failure.json(generation: 7, timings: [])
                == #"{"type":"error","gen":7,"kind":"input","message":"\#(cut)","traceback":"","timings":[]}"#)
    }

    @Test func thePanelShowsOnlyLinesOfFilesTheRunRead() async throws {
        // A message naming a file (error("/etc/passwd:1: x", 0)) gets no lines of it; the script's own
        // error gets its lines as the run read them, not as the file is now.
        let (session, script, _, messages) = try rowsSession("error('/etc/passwd:1: x', 0)\n")
        session.render()
        try "error('in the script')\nreturn {}\n".write(toFile: script, atomically: true, encoding: .utf8)
        session.render()
        try "changed on disk\n".write(toFile: script, atomically: true, encoding: .utf8)
        let (texts, _, _, _) = await messages.received()
        let errors = try texts.filter { $0.hasPrefix("{\"type\":\"error\"") }.map { try JSONParser.parse($0) }
        #expect(errors.count == 2)
        #expect(errors.first?["file"] == .string("/etc/passwd") && errors.first?["line"] == .int(1))
        #expect(errors.first?["source"] == nil)
        #expect(errors.last?["file"] == .string(script))
        #expect(errors.last?["source"] == .array([.array([.int(1), .string("error('in the script')")]),
                                                  .array([.int(2), .string("return {}")]), .array([.int(3), .string("")])]))
    }

    // MARK: Runs

    @Test func aSaveThatChangesNothingDoesNotRender() async throws {
        let (session, script, data, messages) = try rowsSession(
            "local h = 30\nreturn { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * h, ctx.width, h) end end }\n")
        session.render()
        #expect(session.generation == 1)
        session.render()
        #expect(session.generation == 1)
        try #"{"items": [{"id": "a"}, {"id": "b"}]}"#.write(toFile: data, atomically: false, encoding: .utf8)
        session.render()
        #expect(session.generation == 1)
        try "local h = 40\nreturn { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * h, ctx.width, h) end end }\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        session.render()
        #expect(session.generation == 2)
        try "return {".write(toFile: script, atomically: true, encoding: .utf8)
        session.render()
        #expect(session.generation == 3)
        session.setViewport(Size(width: 200, height: 100))
        session.render()
        #expect(session.generation == 4)
        let (texts, frames, tables, _) = await messages.received()
        // One id table (the ids never changed), then an error naming the file and line.
        #expect(tables.count == 1)
        let error = try #require(texts.first { $0.hasPrefix("{\"type\":\"error\"") })
        let parsed = try JSONParser.parse(error)
        #expect(parsed["kind"] == .string("syntax"))
        #expect(parsed["file"] == .string(script))
        #expect(parsed["line"] == .int(1))
        #expect(parsed["gen"] == .int(3))
        // The run after the viewport change fails too, and the page hears it like any other error.
        let errors = try texts.filter { $0.hasPrefix("{\"type\":\"error\"") }.map { try JSONParser.parse($0) }
        #expect(errors.map { $0["gen"] } == [.int(3), .int(4)])
        #expect(errors.last?["kind"] == .string("syntax"))
        #expect(frames == 1, "a page that has not read yet gets only the newest frame")
    }

    @Test func aRunRunsTheModuleBytesItCompared() async throws {
        // One read per save: the script's module runs as the read stage read it, not as the disk
        // has it later; a module saved but not reported is not run until the watcher names it.
        let (session, script, module) = try moduleSession()
        func secondRow() throws -> Rect? { try session.lastGoodRun.map { try $0.run.result.frame(at: 1) } }
        session.render()
        #expect(session.generation == 1)
        #expect(try secondRow() == Rect(x: 0, y: 30, width: 375, height: 30))
        // The module the run read is what the next run compares: nothing new, no run.
        session.render()
        #expect(session.generation == 1)
        try "return { h = 50 }\n".write(toFile: module, atomically: true, encoding: .utf8)
        try ("-- saved\n" + String(contentsOfFile: script, encoding: .utf8)).write(toFile: script, atomically: true, encoding: .utf8)
        session.filesChanged([FileWatcher.absolute(script)])
        session.render()
        #expect(session.generation == 2)
        #expect(try secondRow() == Rect(x: 0, y: 30, width: 375, height: 30), "the module as read, not as on disk now")
        session.filesChanged([FileWatcher.absolute(module)])
        session.render()
        #expect(session.generation == 3)
        #expect(try secondRow() == Rect(x: 0, y: 50, width: 375, height: 50))
    }

    @Test func aModuleThatGoesAwayStaysWatchedUntilItComesBack() async throws {
        let (session, _, module) = try moduleSession()
        session.render()
        #expect(session.watchedFiles.contains(module))
        // Removed (or made a link loop): the run that no longer finds it fails, and the module
        // stays watched, so its return runs again without a save of the script.
        try FileManager.default.removeItem(atPath: module)
        session.filesChanged([FileWatcher.absolute(module)])
        session.render()
        #expect(session.generation == 2 && session.lastGoodRun?.generation == 1)
        #expect(session.watchedFiles.contains(module))
        try "return { h = 50 }\n".write(toFile: module, atomically: true, encoding: .utf8)
        session.filesChanged([FileWatcher.absolute(module)])
        session.render()
        #expect(session.lastGoodRun?.generation == 3)
        #expect(try session.lastGoodRun.map { try $0.run.result.frame(at: 1) } == Rect(x: 0, y: 50, width: 375, height: 50))
    }

    @Test func aDataSaveAnimatesWithTheAnimatorBytesItCompared() async throws {
        // The animator script is one of the files the read stage compares: a data save plays it
        // as read, not as the disk has it later; its error names it and shows its lines.
        let (session, _, data, messages) = try rowsSession(
            "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n",
            animator: "return { insert = function(e) return { from = { alpha = 0 }, duration = 0.25 } end }\n")
        let animator = try #require(session.configuration.animatorFile)
        session.readsOnlyChangedFiles = true
        session.render()
        #expect(session.generation == 1)
        // Saved broken but not reported: the data save plays the animator as the run read it.
        try "return {".write(toFile: animator, atomically: true, encoding: .utf8)
        try #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#.write(toFile: data, atomically: false, encoding: .utf8)
        session.filesChanged([FileWatcher.absolute(data)])
        session.render()
        #expect(session.generation == 2)
        #expect(session.lastGoodRun?.generation == 2, "the animator as read, not as on disk now")
        // Reported with the next data save: the broken bytes run, and the error shows them.
        try #"{"items": [{"id": "a"}]}"#.write(toFile: data, atomically: false, encoding: .utf8)
        session.filesChanged([FileWatcher.absolute(data), FileWatcher.absolute(animator)])
        session.render()
        #expect(session.generation == 3)
        #expect(session.lastGoodRun?.generation == 2)
        let (texts, _, _, _) = await messages.received()
        let animations = try texts.filter { $0.hasPrefix("{\"type\":\"animation\"") }.map { try JSONParser.parse($0) }
        #expect(animations.map { $0["gen"] } == [.int(2)])
        let error = try JSONParser.parse(try #require(texts.first { $0.hasPrefix("{\"type\":\"error\"") }))
        #expect(error["gen"] == .int(3))
        #expect(error["kind"] == .string("syntax"))
        #expect(error["file"] == .string(animator))
        #expect(error["source"] == .array([.array([.int(1), .string("return {")])]))
    }

    /// With --animator, the saves of the data and of the layout play, and nothing else: a data
    /// save reloads the last good data to the new (relaid out by the new layout), a save of the
    /// script or of a module plays from the last good frames to the new ones (the data with it,
    /// or the page's params that changed with a data save); the animator's own save, the page's
    /// params alone, a new viewport or a run with nothing changed repaint; before a good run
    /// (or without an animator) nothing plays.
    @Test func whichSavesPlayAndFromWhichFrames() {
        var configuration = PreviewSession.Configuration(layout: "rows.lua", dataPath: "data.json")
        configuration.animatorFile = "pop.lua"
        let last = PlayedChange.Inputs(files: ["rows.lua": [1], "rowheight.lua": [2], "data.json": [3], "pop.lua": [4]],
                                       pageParams: ["h": 30], viewport: Size(width: 375, height: 812))
        func played(_ change: (inout PlayedChange.Inputs) -> Void) -> PlayedChange? {
            var now = last
            change(&now)
            return PlayedChange.between(last, and: now, in: configuration)
        }
        #expect(played { $0.files["data.json"] = [5] } == .reload)
        #expect(played { $0.files["data.json"] = [5]; $0.files["pop.lua"] = [5] } == .reload)
        #expect(played { $0.files["rows.lua"] = [5] } == .relayout)
        #expect(played { $0.files["rowheight.lua"] = [5] } == .relayout)
        #expect(played { $0.files["other.lua"] = [5] } == .relayout, "a module newly required")
        #expect(played { $0.files["rowheight.lua"] = nil } == .relayout, "a module no longer required")
        #expect(played { $0.files["rows.lua"] = [5]; $0.files["data.json"] = [5] } == .relayout)
        #expect(played { $0.files["data.json"] = [5]; $0.pageParams = ["h": 40] } == .relayout)
        #expect(played { $0.files["pop.lua"] = [5] } == nil)
        #expect(played { $0.pageParams = ["h": 40] } == nil)
        #expect(played { $0.viewport = Size(width: 320, height: 812); $0.files["rows.lua"] = [5] } == nil)
        #expect(played { _ in } == nil)
        #expect(PlayedChange.between(nil, and: last, in: configuration) == nil)
        // Without --data every file but the animator's is the layout's.
        configuration.dataPath = nil
        #expect(played { $0.files["data.json"] = [5] } == .relayout)
        #expect(played { $0.files["pop.lua"] = [5] } == nil)
    }

    /// Without --data a script save plays with --animator: from the last good run's frames (a
    /// broken save between them plays nothing and keeps them) to the new run's, each card kept
    /// and moved, the ones pushed out of view moved there; the animator's own save repaints.
    @Test func aScriptSaveWithAnAnimatorAndNoDataPlaysFromTheLastGoodFrames() async throws {
        func rows(_ height: Int) -> String {
            "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * \(height), ctx.width, \(height)) end end }\n"
        }
        let (session, script, _, messages) = try rowsSession(
            rows(50), animator: "return { update = function(e) return { duration = 0.5, curve = \"linear\" } end }\n") {
            $0.dataPath = nil
            $0.viewport = Size(width: 100, height: 200)
        }
        let animator = try #require(session.configuration.animatorFile)
        session.readsOnlyChangedFiles = true
        session.render()
        func save(_ text: String, to file: String) throws {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            session.filesChanged([FileWatcher.absolute(file)])
            session.render()
        }
        try save("return {", to: script)
        try save(rows(100), to: script)
        try save("return { update = function(e) return { duration = 0.25 } end }\n", to: animator)
        #expect(session.generation == 4 && session.lastGoodRun?.generation == 4)
        let (texts, _, _, _) = await messages.received()
        let animations = try texts.filter { $0.hasPrefix("{\"type\":\"animation\"") }.map { try JSONParser.parse($0) }
        #expect(animations.map { $0["gen"] } == [.int(3)])
        let timeline = try #require(animations.first?["timeline"])
        #expect(timeline["duration"] == .double(0.5))
        // The cards moved out of view first (tracks in the engine's event order), each kept.
        #expect(timeline["cards"] == .object(["2:2": .array(["2", "card move"]), "3:3": .array(["3", "card move"]),
                                              "0:0": .array(["0", "card move"]), "1:1": .array(["1", "card move"])]))
        guard case .array(let samples)? = timeline["samples"], let first = samples.first, let end = samples.last else {
            Issue.record("no samples in \(timeline)"); return
        }
        func frames(_ sample: JSONValue) -> [String: [Double]] {
            guard case .array(let views)? = sample["views"] else { return [:] }
            return Dictionary(uniqueKeysWithValues: views.compactMap { view -> (String, [Double])? in
                guard case .array(let v) = view, let key = v.first?.string else { return nil }
                return (key, v[1...4].compactMap(\.number))
            })
        }
        #expect(frames(first) == ["0:0": [0, 0, 100, 50], "1:1": [0, 50, 100, 50], "2:2": [0, 100, 100, 50], "3:3": [0, 150, 100, 50]])
        #expect(frames(end) == ["0:0": [0, 0, 100, 100], "1:1": [0, 100, 100, 100], "2:2": [0, 200, 100, 100], "3:3": [0, 300, 100, 100]])
    }

    @Test func aLayoutScriptGivenByNameIsReadAndWatchedAsItsFile() throws {
        // `mosaic` is layouts/mosaic.lua (found as `run` finds it): the file the run reads and
        // the watcher watches. A built-in has no file.
        let named = PreviewSession(.init(layout: "mosaic", dataPath: "data.json"))
        let file = try #require(named.layoutFile)
        #expect(FileWatcher.absolute(file).hasSuffix("/layouts/mosaic.lua"))
        #expect(FileManager.default.isReadableFile(atPath: file))
        #expect(PreviewSession(.init(layout: "flow", dataPath: "data.json")).layoutFile == nil)
        #expect(PreviewSession(.init(layout: "mine.lua", dataPath: "data.json")).layoutFile == "mine.lua")
    }

    @Test func theInspectorCallsOnlyABuiltInLayoutBuiltIn() throws {
        // `grid` and `sectioned` name scripts in layouts/, not built-ins: the first sets frames
        // itself, the second returns a layout of `t.*`.
        let folder = try temporaryFolder()
        let data = folder.appendingPathComponent("data.json").path
        try #"{"items": [{"id": "a"}, {"id": "b"}]}"#.write(toFile: data, atomically: true, encoding: .utf8)
        func origin(_ layout: String) throws -> JSONValue {
            let session = PreviewSession(.init(layout: layout, dataPath: data))
            session.log = { _ in }; session.logError = { _ in }
            session.render()
            return try JSONParser.parse(session.frameOriginMessage(of: 1))
        }
        #expect(try origin("flow")["none"] == .string("no script line: flow is a built-in layout"))
        let grid = try origin("grid")
        #expect(grid["none"] == nil)
        #expect(grid["file"]?.string?.hasSuffix("layouts/grid.lua") == true)
        #expect(try origin("sectioned")["none"]
                == .string("no script line: a layout the script built placed it, or the script returned its frames"))
    }

    @Test func theInspectorRunsTheLastGoodRunsScriptBytesWithItsParams() throws {
        // The script line comes from the layout the page shows: the bytes that run read (not a
        // save since) and the params it used (the page's over --param's).
        let (session, script, _, _) = try rowsSession("""
            return { params = { tall = false }, simpleLayout = function(ctx, p)
              for i = 1, ctx.count do
                if p.tall then ctx.set(i, 0, (i - 1) * 60, ctx.width, 60)
                else ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end
              end
            end }
            """)
        func line() throws -> JSONValue? { try JSONParser.parse(session.frameOriginMessage(of: 1))["line"] }
        session.render()
        #expect(try line() == .int(4))
        let good = try String(contentsOfFile: script, encoding: .utf8)
        try "return {".write(toFile: script, atomically: true, encoding: .utf8)
        #expect(try line() == .int(4), "the script as the run read it, not as on disk now")
        try good.write(toFile: script, atomically: true, encoding: .utf8)
        session.setPageParams(["tall": .bool(true)], from: UUID())
        session.render()
        #expect(session.lastGoodRun?.generation == 2)
        #expect(try line() == .int(3), "the page's params")
    }

    @Test func aRunReadsOnlyTheFilesTheWatcherNamed() async throws {
        let (session, script, data, messages) = try rowsSession(
            "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n")
        session.readsOnlyChangedFiles = true
        session.render()
        #expect(session.generation == 1)
        // Saved but not reported: the run keeps the bytes it read (a script save does not re-read the data).
        try #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#.write(toFile: data, atomically: false, encoding: .utf8)
        session.render()
        #expect(session.generation == 1)
        // Reported, by the absolute path the watcher uses: read, parsed, and new ids sent.
        session.filesChanged([FileWatcher.absolute(data)])
        session.render()
        #expect(session.generation == 2)
        // A script save keeps the parsed dataset and sends no id table.
        try "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 40, ctx.width, 40) end end }\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        session.filesChanged([FileWatcher.absolute(script)])
        session.render()
        #expect(session.generation == 3)
        let (_, frames, tables, _) = await messages.received()
        #expect(tables.count == 1, "and only the newest id table")
        let last = try #require(tables.last)
        #expect(try Self.binaryMessage(last).header == "{\"type\":\"ids\",\"version\":2,\"count\":3}")
        #expect(String(decoding: last.suffix(3), as: UTF8.self) == "abc")
        #expect(frames == 1)
    }

    /// Without --data the page shows the generated items, named as every command names them;
    /// only the script is watched (a built-in layout watches nothing), and a second look at
    /// unchanged files runs nothing.
    @Test func withoutADataFileThePageShowsTheGeneratedItems() async throws {
        let folder = try temporaryFolder()
        let script = folder.appendingPathComponent("rows.lua").path
        try "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        #expect(PreviewSession(.init(layout: "waterfall", dataPath: nil)).watchedFiles == [])
        let session = PreviewSession(.init(layout: script, dataPath: nil))
        session.log = { _ in }; session.logError = { _ in }
        #expect(session.watchedFiles == [script])
        let messages = MessageLog(hub: session.hub)
        session.render()
        session.render()
        let (_, frames, idTables, headers) = await messages.received()
        #expect(frames == 1 && idTables.count == 1)
        let header = try JSONParser.parse(try #require(headers.last))
        #expect(header["dataset"] == .string("100 generated items"))
        #expect(header["count"] == .int(100))
        #expect(session.lastGoodRun?.generation == 1)
        #expect(try session.lastGoodRun?.run.result.frame(at: 99) == Rect(x: 0, y: 2970, width: 375, height: 30))
    }

    @Test func eachRunReportsItsStepsAndStart() throws {
        let folder = try temporaryFolder()
        let script = folder.appendingPathComponent("rows.lua").path, data = folder.appendingPathComponent("data.json").path
        try "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        try #"{"items": [{"id": "a"}]}"#.write(toFile: data, atomically: true, encoding: .utf8)
        let session = PreviewSession(.init(layout: script, dataPath: data))
        session.log = { _ in }; session.logError = { _ in }
        let runs = RunLog()
        session.onRun = { runs.add($0) }
        let before = Date().timeIntervalSince1970 * 1000
        session.render()
        session.render()   // nothing changed: no run, no report
        try "return {".write(toFile: script, atomically: true, encoding: .utf8)
        session.render()
        let after = Date().timeIntervalSince1970 * 1000
        let reported = runs.all
        #expect(reported.map(\.generation) == [1, 2])
        #expect(reported.first?.timings.map(\.0) == ["read", "parse", "layout", "encode", "send"])
        #expect(reported.last?.timings.map(\.0) == ["read", "failed"])
        #expect(reported.allSatisfy { $0.startedAt >= before && $0.startedAt <= after })
    }

    @Test func measureMessagesAreCheckedThenLaidOutWithTheEnginesAdjustment() async throws {
        let folder = try temporaryFolder()
        let data = folder.appendingPathComponent("feed.json").path
        try ("{\"items\": [" + (0..<50).map { "{\"id\": \"m\($0)\", \"h\": 50, \"text\": \"t\($0)\"}" }.joined(separator: ",") + "]}")
            .write(toFile: data, atomically: true, encoding: .utf8)
        var configuration = PreviewSession.Configuration(layout: "flow", dataPath: data)
        configuration.viewport = Size(width: 375, height: 400)
        configuration.measure = true
        let session = PreviewSession(configuration)
        let errors = LineLog()
        session.log = { _ in }; session.logError = { errors.add($0) }
        let messages = MessageLog(hub: session.hub), page = messages.id
        session.render()
        // An index past the items (refused when laid out), then the page at y = 500 (m10 at its
        // top) measured m1 at 150, then two malformed messages (refused at once).
        session.handle(#"{"type":"measure","gen":1,"idsVersion":1,"x":0,"y":0,"sizes":[[99,375,10]]}"#, from: page)
        session.handle(#"{"type":"measure","gen":1,"idsVersion":1,"x":0,"y":500,"sizes":[[1,375,150]]}"#, from: page)
        session.handle(#"{"type":"measure","gen":1,"idsVersion":1,"x":0,"y":500,"sizes":[[1,375,-1]]}"#, from: page)
        session.handle("not json", from: page)
        session.render()
        #expect(session.generation == 2)
        session.render()   // nothing new: no run
        #expect(session.generation == 2)
        let (texts, frames, tables, headers) = await messages.received()
        #expect(frames == 1 && tables.count == 1, "a page that has not read keeps only the newest frame")
        #expect(try Self.binaryMessage(try #require(tables.first)).header == #"{"type":"ids","version":1,"count":50,"texts":[344,548]}"#)
        let refusals = try texts.map { try JSONParser.parse($0) }.filter { $0["type"] == .string("refused") }.map { $0["message"]?.string }
        #expect(refusals == ["measure: expected sizes[0] to be [index, width, height] with a whole index from 0 and finite sizes from 0 to 1e7, got [1,375,-1]",
                             "expected a JSON object with a type, got \"not json\": line 1, column 1: expected a JSON value, found 'not'"])
        #expect(errors.all == ["preview: a page's message was refused: " + refusals[0]!, "preview: a page's message was refused: " + refusals[1]!,
                               "preview: measure: no item 99; the data has 50 items"])
        let second = try JSONParser.parse(try #require(headers.last))
        #expect(second["measure"] == .int(1))
        // The engine anchored from the page's offset of the last batch (the one whose frames it has).
        #expect(second["adjust"] == .object(["gen": .int(1), "from": .array([.int(0), .int(500)]), "to": .array([.int(0), .int(600)])]))
        guard case .array(let content)? = second["content"] else { Issue.record("no content"); return }
        #expect(content.map(\.number) == [375, 50 * 50 + 100])
    }

    /// A message of a type the preview does not take, or one without the fields its type
    /// needs, is refused with the reason (the page shows it), not dropped without a word.
    @Test(arguments: [false, true]) func aMessageThePreviewDoesNotTakeIsRefusedWithTheReason(measure: Bool) async throws {
        var configuration = PreviewSession.Configuration(layout: "waterfall")
        configuration.measure = measure
        let session = PreviewSession(configuration)
        let errors = LineLog()
        session.log = { _ in }; session.logError = { errors.add($0) }
        let messages = MessageLog(hub: session.hub), page = messages.id
        for message in [#"{"type":"zoom","level":2}"#, #"{"type":""}"#, #"{"type":"scroll","x":10}"#, #"{"type":"scroll","x":"10","y":1e300}"#,
                        #"{"type":"inspect","index":2.5}"#, #"{"type":"inspect"}"#, #"{"type":"painted","gen":1}"#,
                        #"{"type":"\u001b[31mred"}"#] + (measure ? [] : [#"{"type":"measure","sizes":[]}"#]) {
            session.handle(message, from: page)
        }
        let (texts, _, _, _) = await messages.received()
        let types = measure ? "hello, viewport, scroll, inspect, params, problems, painted or measure"
            : "hello, viewport, scroll, inspect, params, problems or painted"
        let refusals = try texts.map { try JSONParser.parse($0) }.filter { $0["type"] == .string("refused") }.map { $0["message"]?.string }
        #expect(refusals == ["expected a message type of \(types), got \"zoom\"",
                             "expected a message type of \(types), got \"\"",
                             "scroll: expected x and y to be finite numbers, got x 10 and y nothing",
                             "scroll: expected x and y to be finite numbers, got x \"10\" and y 1e+300",
                             "inspect: expected index to be a whole number, got 2.5",
                             "inspect: expected index to be a whole number, got nothing",
                             "painted: expected gen to be a whole number and at a number, got gen 1 and at nothing",
                             "expected a message type of \(types), got \"\\u001b[31mred\""]
                + (measure ? [] : ["measure: this preview takes no measurements (it was started without --measure)"]))
        #expect(errors.all == refusals.map { "preview: a page's message was refused: " + $0! })
    }

    /// A scroll message's shelves are each [section, x, y]: a whole section from 0 that scrolls
    /// sideways in the last good picture, and finite offsets. A malformed entry, or a section
    /// given twice, refuses the whole message with the reason (before, the entry was skipped
    /// without a word): the offsets kept are still those of the last message taken.
    @Test func aScrollWithAMalformedShelfIsRefusedWhole() async throws {
        // Over the photos' three sections, the first and the last scroll sideways.
        let (session, errors, messages, _) = try shelvesSession(sideways: "index ~= 2")
        let page = messages.id
        func kept() -> (Point, [Int: Point]) { session.stateLock.withLock { (session.pageOffset, session.pageShelves) } }
        // Before any picture, no section scrolls sideways.
        session.handle(#"{"type":"scroll","x":0,"y":5,"shelves":[[1,20,0]]}"#, from: page)
        session.render()
        #expect(session.lastGoodRun?.run.result.orthogonalSections.map(\.section) == [0, 2])
        session.handle(#"{"type":"scroll","x":0,"y":100,"shelves":[[0,120,0],[2,0,7.5]]}"#, from: page)
        #expect(kept() == (Point(x: 0, y: 100), [0: Point(x: 120, y: 0), 2: Point(x: 0, y: 7.5)]))
        for shelves in [#""1,2,3""#, #"[[1,120]]"#, #"[[1,120,0,0]]"#, #"[1]"#, #"[[1,"120",0]]"#, #"[[1,null,0]]"#, #"[[1,0,true]]"#,
                        #"[[1.5,0,0]]"#, #"[[-1,0,0]]"#, #"[[null,0,0]]"#, #"[[0,0,0],[1,0,0]]"#, #"[[0,0,0],[99,0,0]]"#, #"[[2,1,1],[0,0,0],[2,2,2]]"#] {
            session.handle(#"{"type":"scroll","x":0,"y":300,"shelves":"# + shelves + "}", from: page)
        }
        // What was taken last is still what a save plays from.
        #expect(kept() == (Point(x: 0, y: 100), [0: Point(x: 120, y: 0), 2: Point(x: 0, y: 7.5)]))
        // An absent list, or an empty one, keeps no shelf offsets.
        session.handle(#"{"type":"scroll","x":0,"y":200,"shelves":[]}"#, from: page)
        #expect(kept() == (Point(x: 0, y: 200), [:]))
        session.handle(#"{"type":"scroll","x":0,"y":100,"shelves":[[2,5,0]]}"#, from: page)
        session.handle(#"{"type":"scroll","x":0,"y":250}"#, from: page)
        #expect(kept() == (Point(x: 0, y: 250), [:]))
        let (texts, _, _, _) = await messages.received()
        let refusals = try texts.map { try JSONParser.parse($0) }.filter { $0["type"] == .string("refused") }.map { $0["message"]?.string }
        let entry = "to be [section, x, y] with a whole section from 0 and finite x and y, got"
        #expect(refusals == [
            "scroll: expected shelves[0]'s section to be one that scrolls sideways (the last good picture has none), got 1",
            "scroll: expected shelves to be an array of [section, x, y], got \"1,2,3\"",
            "scroll: expected shelves[0] \(entry) [1,120]",
            "scroll: expected shelves[0] \(entry) [1,120,0,0]",
            "scroll: expected shelves[0] \(entry) 1",
            "scroll: expected shelves[0] \(entry) [1,\"120\",0]",
            "scroll: expected shelves[0] \(entry) [1,null,0]",
            "scroll: expected shelves[0] \(entry) [1,0,true]",
            "scroll: expected shelves[0] \(entry) [1.5,0,0]",
            "scroll: expected shelves[0] \(entry) [-1,0,0]",
            "scroll: expected shelves[0] \(entry) [null,0,0]",
            "scroll: expected shelves[1]'s section to be one that scrolls sideways (0 or 2), got 1",
            "scroll: expected shelves[1]'s section to be one that scrolls sideways (0 or 2), got 99",
            "scroll: expected each section once in shelves, got 2 in shelves[0] and shelves[2]",
        ])
        // The terminal shows the first 10 of a window.
        #expect(Array(errors.all.prefix(10)) == refusals.prefix(10).map { "preview: a page's message was refused: " + $0! })
    }

    /// Saves at `path` a compositional script whose sections are shelves scrolling sideways
    /// where the Lua condition `sideways` (on `index`, from 1) holds, else lists.
    static func saveShelves(_ path: String, sideways: String) throws {
        try """
            local t = require("tessera")
            local shelf = t.section{ group = t.hgroup{ size = { "80%", 90 }, items = { t.item{ size = { "100%", "100%" } } } },
              orthogonalScrolling = "continuous" }
            local list = t.section{ group = t.hgroup{ size = { "100%", 44 }, items = { t.item{ size = { "100%", "100%" } } } } }
            return t.compositional{ section = function(index) return (\(sideways)) and shelf or list end }
            """.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A preview of the photos' three sections laid out by `saveShelves`, its terminal's error
    /// lines, its page's messages, and the script's path.
    private func shelvesSession(sideways: String) throws -> (PreviewSession, LineLog, MessageLog, String) {
        let script = try temporaryFolder().appendingPathComponent("shelves.lua").path
        try Self.saveShelves(script, sideways: sideways)
        let data = repositoryRoot.appendingPathComponent("datasets/examples/photos.jsonl").path
        let session = PreviewSession(PreviewSession.Configuration(layout: script, dataPath: data))
        let errors = LineLog()
        session.log = { _ in }; session.logError = { errors.add($0) }
        return (session, errors, MessageLog(hub: session.hub), script)
    }

    /// A scroll message says the generation the page drew. A save that took a shelf away may
    /// land while it is on its way: shelves of a picture other than the last good one are
    /// checked for their form and carried to the last good picture, the one taken away dropped,
    /// the offset kept, and nothing refused (before, the whole scroll was, and the terminal said
    /// so though the page did nothing wrong). Those of the last good picture, and those of a
    /// message without a generation, are held to its shelves.
    @Test func aScrollOfAPictureASaveReplacedDropsTheShelvesItTookAway() async throws {
        let (session, errors, messages, script) = try shelvesSession(sideways: "index ~= 2")
        let page = messages.id
        func save(sideways: String) throws { try Self.saveShelves(script, sideways: sideways) }
        func kept() -> (Point, [Int: Point]) { session.stateLock.withLock { (session.pageOffset, session.pageShelves) } }
        session.render()
        session.handle(#"{"type":"scroll","gen":1,"x":0,"y":100,"shelves":[[0,120,0],[2,0,7.5]]}"#, from: page)
        #expect(kept() == (Point(x: 0, y: 100), [0: Point(x: 120, y: 0), 2: Point(x: 0, y: 7.5)]))
        // The save takes the last shelf away while the page's scroll of generation 1 is on its way.
        try save(sideways: "index == 1")
        session.render()
        #expect(session.lastGoodRun?.generation == 2)
        #expect(session.lastGoodRun?.run.result.orthogonalSections.map(\.section) == [0])
        session.handle(#"{"type":"scroll","gen":1,"x":0,"y":150,"shelves":[[0,130,0],[2,0,7.5]]}"#, from: page)
        #expect(kept() == (Point(x: 0, y: 150), [0: Point(x: 130, y: 0)]))
        // The page draws generation 2 and says its shelves again.
        session.handle(#"{"type":"scroll","gen":2,"x":0,"y":150,"shelves":[[0,140,0]]}"#, from: page)
        #expect(kept() == (Point(x: 0, y: 150), [0: Point(x: 140, y: 0)]))
        // Refused as before: a malformed shelf of an older picture, a shelf the last good picture
        // lacks with its generation or without one; and a generation that is not a whole number.
        for message in [#"{"type":"scroll","gen":1,"x":0,"y":300,"shelves":[[2,0]]}"#,
                        #"{"type":"scroll","gen":1,"x":0,"y":300,"shelves":[[2,0,0],[2,1,0]]}"#,
                        #"{"type":"scroll","gen":2,"x":0,"y":300,"shelves":[[2,0,7.5]]}"#,
                        #"{"type":"scroll","x":0,"y":300,"shelves":[[2,0,7.5]]}"#,
                        #"{"type":"scroll","gen":1.5,"x":0,"y":300,"shelves":[]}"#,
                        #"{"type":"scroll","gen":"2","x":0,"y":300}"#] {
            session.handle(message, from: page)
        }
        #expect(kept() == (Point(x: 0, y: 150), [0: Point(x: 140, y: 0)]))
        let (texts, _, _, _) = await messages.received()
        let refusals = try texts.map { try JSONParser.parse($0) }.filter { $0["type"] == .string("refused") }.map { $0["message"]?.string }
        #expect(refusals == [
            "scroll: expected shelves[0] to be [section, x, y] with a whole section from 0 and finite x and y, got [2,0]",
            "scroll: expected each section once in shelves, got 2 in shelves[0] and shelves[1]",
            "scroll: expected shelves[0]'s section to be one that scrolls sideways (0), got 2",
            "scroll: expected shelves[0]'s section to be one that scrolls sideways (0), got 2",
            "scroll: expected gen to be a whole number, got 1.5",
            "scroll: expected gen to be a whole number, got \"2\"",
        ])
        #expect(errors.all == refusals.map { "preview: a page's message was refused: " + $0! })
    }

    /// The shelves' offsets a page gave follow their sections (by id) through a save that
    /// renumbers them, until the page gives them again: a data save that inserts a section above
    /// moves them down (before, they stayed at the old numbers, and the next save played the
    /// first shelf's offset on the inserted section), and one of a shelf that no longer scrolls
    /// sideways, or of a section removed, drops it.
    @Test func aSaveThatRenumbersSectionsMovesTheShelvesOffsetsWithThem() async throws {
        let (session, errors, messages, script, saveData) = try sectionsByIDSession(["A", "B", "C"])
        let page = messages.id
        func kept() -> [Int: Point] { session.stateLock.withLock { session.pageShelves } }
        session.render()
        session.handle(#"{"type":"scroll","gen":1,"x":0,"y":100,"shelves":[[0,120,0],[2,0,7.5]]}"#, from: page)
        #expect(kept() == [0: Point(x: 120, y: 0), 2: Point(x: 0, y: 7.5)])
        // N inserted above: A is section 1 now, C section 3.
        try saveData(["N", "A", "B", "C"])
        session.render()
        #expect(session.lastGoodRun?.run.dataset.sections.map(\.id) == [.string("N"), .string("A"), .string("B"), .string("C")])
        #expect(kept() == [1: Point(x: 120, y: 0), 3: Point(x: 0, y: 7.5)])
        // N and B removed: A is section 0 again, C section 1.
        try saveData(["A", "C"])
        session.render()
        #expect(kept() == [0: Point(x: 120, y: 0), 1: Point(x: 0, y: 7.5)])
        // A layout save: A (section 0, `index` 1) no longer scrolls sideways, C still does.
        try Self.saveShelves(script, sideways: "index ~= 1")
        session.render()
        #expect(session.lastGoodRun?.run.result.orthogonalSections.map(\.section) == [1])
        #expect(kept() == [1: Point(x: 0, y: 7.5)])
        // C removed: B, now section 1, scrolls sideways, but the offset was not given for it.
        try saveData(["A", "B"])
        session.render()
        #expect(session.lastGoodRun?.generation == 5)
        #expect(kept() == [:])
        let (texts, _, _, _) = await messages.received()
        #expect(try texts.map { try JSONParser.parse($0) }.filter { $0["type"] == .string("refused") } == [])
        #expect(errors.all == [])
    }

    /// A scroll the page sent before it received a save's picture names the picture it drew: its
    /// shelves' offsets are carried from that picture's section numbers to the last good one's, by
    /// section id, as a save carries those the server holds (before, they were all dropped, and the
    /// next save played every shelf at 0). A generation the preview no longer knows drops them.
    @Test func aLateScrollCarriesItsShelvesToTheSectionsNewNumbers() async throws {
        let (session, errors, messages, _, saveData) = try sectionsByIDSession(["A", "B", "C"])
        let page = messages.id
        func kept() -> (Point, [Int: Point]) { session.stateLock.withLock { (session.pageOffset, session.pageShelves) } }
        let a = Point(x: 120, y: 0), c = Point(x: 0, y: 7.5)
        session.render()
        // N inserted above: A is section 1 now, C section 3; the page still shows generation 1.
        try saveData(["N", "A", "B", "C"])
        session.render()
        #expect(session.lastGoodRun?.generation == 2)
        session.handle(#"{"type":"scroll","gen":1,"x":0,"y":100,"shelves":[[0,120,0],[2,0,7.5]]}"#, from: page)
        #expect(kept() == (Point(x: 0, y: 100), [1: a, 3: c]))
        // N and B removed: a page two saves behind, and one a save behind, both land on 0 and 1.
        try saveData(["A", "C"])
        session.render()
        session.handle(#"{"type":"scroll","gen":1,"x":0,"y":110,"shelves":[[0,120,0],[2,0,7.5]]}"#, from: page)
        #expect(kept() == (Point(x: 0, y: 110), [0: a, 1: c]))
        session.handle(#"{"type":"scroll","gen":2,"x":0,"y":120,"shelves":[[1,120,0],[2,5,0],[3,0,7.5]]}"#, from: page)
        #expect(kept() == (Point(x: 0, y: 120), [0: a, 1: c]))
        // A generation never drawn (0), or one not yet made (9): the shelves are dropped, the offset taken.
        for gen in [0, 9] {
            session.handle(#"{"type":"scroll","gen":\#(gen),"x":0,"y":130,"shelves":[[0,120,0]]}"#, from: page)
            #expect(kept() == (Point(x: 0, y: 130), [:]))
        }
        let (texts, _, _, _) = await messages.received()
        #expect(try texts.map { try JSONParser.parse($0) }.filter { $0["type"] == .string("refused") } == [])
        #expect(errors.all == [])
    }

    /// A preview of data whose sections (two items each) are named by id, `sections` saved, laid
    /// out by `saveShelves` with every section a shelf: the session, its terminal's error lines,
    /// its page's messages, the script's path, and a save of the data with other sections.
    private func sectionsByIDSession(_ sections: [String]) throws
        -> (PreviewSession, LineLog, MessageLog, String, ([String]) throws -> Void) {
        let folder = try temporaryFolder()
        let script = folder.appendingPathComponent("shelves.lua").path, data = folder.appendingPathComponent("shelves.json").path
        let saveData = { (sections: [String]) throws in
            let listed = sections.map { #"{"id": "\#($0)", "items": [{"id": "\#($0)1"}, {"id": "\#($0)2"}]}"# }
            try #"{"sections": ["# .appending(listed.joined(separator: ", ")).appending("]}")
                .write(toFile: data, atomically: true, encoding: .utf8)
        }
        try Self.saveShelves(script, sideways: "true")
        try saveData(sections)
        let session = PreviewSession(PreviewSession.Configuration(layout: script, dataPath: data))
        let errors = LineLog()
        session.log = { _ in }; session.logError = { errors.add($0) }
        return (session, errors, MessageLog(hub: session.hub), script, saveData)
    }

    @Test func aPagesParamsLayOutAgainOverTheScriptsDefaults() async throws {
        let (session, _, _, messages) = try rowsSession("""
            return { params = { h = 10, big = false }, simpleLayout = function(ctx, p)
              for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * p.h, 10, p.big and 99 or p.h) end end }
            """)
        session.render()
        // A name the script does not declare is left out; the same values again run nothing.
        session.handle(#"{"type":"params","values":{"h":25,"gone":1}}"#, from: messages.id)
        session.render()
        session.handle(#"{"type":"params","values":{"h":25,"gone":1}}"#, from: messages.id)
        session.render()
        #expect(session.generation == 2)
        session.handle(#"{"type":"params","values":[1]}"#, from: messages.id)
        let (texts, last) = try await newestFrame(messages)
        guard case .array(let params)? = last["params"] else { Issue.record("no params in \(last)"); return }
        #expect(params.map { $0["name"]?.string } == ["big", "h"])
        #expect(params.map { $0["default"]?.number ?? ($0["default"] == .bool(false) ? -1 : -2) } == [-1, 10])
        #expect(params.map { $0["value"]?.number ?? ($0["value"] == .bool(false) ? -1 : -2) } == [-1, 25])
        guard case .array(let content)? = last["content"] else { Issue.record("no content"); return }
        #expect(content.map(\.number) == [10, 50], "two rows 25 high")
        // The page params it was laid out with, as the page that said last set them: a page
        // whose own differ says so.
        #expect(last["pageParams"] == .object(["h": 25, "gone": 1]))
        let refusals = try texts.map { try JSONParser.parse($0) }.filter { $0["type"] == .string("refused") }.compactMap { $0["message"]?.string }
        #expect(refusals.count == 1 && refusals[0].hasPrefix("params: expected values to be an object of param names and values, got "), "\(refusals)")
    }

    /// `--safe-area` and its siblings reach every pass the preview makes, as `run` gives them:
    /// a compositional section measured from the safe area (its default) is inset by 20 left
    /// and 40 right in the frame, in the section box the page draws, with `--measure` (the
    /// engine's pass) and in a data save's animation; the frame names the safe area for the
    /// page's band, and a preview without guides names none.
    @Test(arguments: [false, true]) func theViewportsGuidesReachEveryPass(measure: Bool) async throws {
        let rows = """
            local t = require("tessera")
            return t.compositional{ section = t.section{
              group = t.hgroup{ size = { "100%", t.fw(0.5) }, items = { t.item{ size = { "100%", "100%" } } } } } }
            """
        let (session, _, data, messages) = try rowsSession(rows) {
            $0.animator = measure ? nil : "fade"
            $0.viewport = Size(width: 300, height: 250)
            $0.guides = ViewportGuides(safeArea: EdgeInsets(top: 5, left: 20, bottom: 5, right: 40))
            $0.measure = measure
        }
        session.readsOnlyChangedFiles = true
        session.render()
        func frames() throws -> [Rect] {
            let run = try #require(session.lastGoodRun).run
            return try (0..<run.result.count).map { try run.result.frame(at: $0) }
        }
        #expect(try frames() == [Rect(x: 20, y: 0, width: 240, height: 120), Rect(x: 20, y: 120, width: 240, height: 120)])
        if !measure {
            // A data save (b goes, c comes) plays within the safe area too.
            try #"{"items": [{"id": "a"}, {"id": "c"}]}"#.write(toFile: data, atomically: false, encoding: .utf8)
            session.filesChanged([FileWatcher.absolute(data)])
            session.render()
        }
        let (texts, _, _, headers) = await messages.received()
        let header = try JSONParser.parse(try #require(headers.first))
        #expect(header["safeArea"] == .array([5, 20, 5, 40]))
        #expect(header["content"] == .array([300, 240]))
        if !measure {
            let animation = try JSONParser.parse(try #require(texts.first { $0.hasPrefix("{\"type\":\"animation\"") }))
            guard case .array(let samples)? = animation["timeline"]?["samples"] else { Issue.record("no samples"); return }
            #expect(samples.first?["views"].map { JSONWriter.write($0) }
                    == #"[["1:b",20,120,240,120,1,1,0,0,0],["0:a",20,0,240,120,1,1,0,0,0],["2:c",20,120,240,120,0,1,0,0,0]]"#)
        }

        let (plain, _, _, plainMessages) = try rowsSession(rows) { $0.viewport = Size(width: 300, height: 250) }
        plain.render()
        let (_, plainHeader) = try await newestFrame(plainMessages)
        #expect(plainHeader["safeArea"] == nil)
        #expect(plainHeader["content"] == .array([300, 300]))
    }

    @Test func aParamWithANonFiniteDefaultGetsNoControl() async throws {
        let (session, _, _, messages) = try rowsSession("""
            return { params = { h = 10, most = math.huge, odd = { 0/0 } }, simpleLayout = function(ctx, p)
              for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * p.h, 10, math.min(p.h, p.most)) end end }
            """)
        session.render()
        let (_, last) = try await newestFrame(messages)
        #expect(last["params"] == .array([.object(["name": "h", "default": 10, "value": 10])]))
        #expect(last["pageParams"] == .object([:]))
        guard case .array(let content)? = last["content"] else { Issue.record("no content in \(last)"); return }
        #expect(content.map(\.number) == [10, 20])
    }

    @Test func aScriptsChoicesReachThePageAndAValueOutsideThemIsTheRunsError() async throws {
        let (session, script, _, messages) = try rowsSession("""
            return { params = { mode = "wide", h = 10 }, choices = { mode = { "wide", "narrow" } },
              simpleLayout = function(ctx, p)
                for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * p.h, p.mode == "wide" and 100 or 10, p.h) end end }
            """)
        session.render()
        session.handle(#"{"type":"params","values":{"mode":"narrow"}}"#, from: messages.id)
        session.render()
        session.handle(#"{"type":"params","values":{"mode":"tiles"}}"#, from: messages.id)
        session.render()
        #expect(session.generation == 3)
        let (texts, last) = try await newestFrame(messages)
        guard case .array(let params)? = last["params"] else { Issue.record("no params in \(last)"); return }
        #expect(params == [.object(["name": "h", "default": 10, "value": 10]),
                           .object(["name": "mode", "default": "wide", "value": "narrow", "choices": ["wide", "narrow"]])])
        guard case .array(let content)? = last["content"] else { Issue.record("no content"); return }
        #expect(content.map(\.number) == [10, 20], "narrow rows")
        // The error names the script and the line of the param's entry: the place is the head's, said once.
        let errors = try texts.map { try JSONParser.parse($0) }.filter { $0["type"] == .string("error") }
        #expect(errors.map { $0["message"]?.string } == [#"param 'mode' expects one of "wide", "narrow", got "tiles""#])
        #expect(errors.map { $0["file"] } == [.string(script)] && errors.map { $0["line"] } == [.int(1)])
    }

    @Test func aBuiltInLayoutGetsControlsFromItsParametersAndDefaults() async throws {
        let folder = try temporaryFolder()
        let data = folder.appendingPathComponent("data.json").path
        try #"{"items": [{"id": "a", "w": 10, "h": 10}, {"id": "b", "w": 10, "h": 10}, {"id": "c", "w": 10, "h": 10}]}"#
            .write(toFile: data, atomically: true, encoding: .utf8)
        var configuration = PreviewSession.Configuration(layout: "waterfall", dataPath: data)
        configuration.viewport = Size(width: 300, height: 400)
        configuration.params = ["spacing": 4]
        let session = PreviewSession(configuration)
        session.log = { _ in }; session.logError = { _ in }
        let messages = MessageLog(hub: session.hub)
        session.render()
        // A page's value over --param's; a name the layout does not take is left out. A value
        // --param gives is each param's base (what a page that set none lays out with).
        session.handle(#"{"type":"params","values":{"columns":3,"gone":1}}"#, from: messages.id)
        session.render()
        #expect(session.generation == 2)
        // (A page that has not read keeps only the newest frame.)
        let (_, last) = try await newestFrame(messages)
        #expect(last["params"] == .array([.object(["name": "columns", "default": 2, "value": 3, "min": 1, "max": 1000]),
                                          .object(["name": "spacing", "default": 0, "value": 4, "base": 4, "min": 0])]))
        guard case .array(let content)? = last["content"] else { Issue.record("no content"); return }
        #expect(content.map(\.number) == [300, 10], "three columns: one row")
    }

    @Test func everyBuiltInLayoutDeclaresItsParametersWithDefaults() throws {
        func names(_ layout: String) throws -> [String] { try BuiltinLayouts.declaredParameters(of: layout).map(\.name) }
        #expect(try names("flow") == ["spacing", "lineSpacing", "interitemSpacing", "justifyContent", "alignItems", "alignContent"])
        #expect(try names("row") == ["spacing", "justifyContent", "alignItems", "alwaysFillEmptySpaces"])
        #expect(try names("waterfall") == ["columns", "spacing"])
        #expect(try names("overlay") == [])
        #expect(try names("split") == ["splitSpacing", "minimumInterItemSpacing", "minimumItemLineSpacing", "isNormalizingLineHeight",
                                       "pinHeaders", "hideCollapsedSections"])
        let justify = try #require(try BuiltinLayouts.declaredParameters(of: "flow").first { $0.name == "justifyContent" })
        #expect(justify.defaultValue == "start")
        #expect(justify.choices == ["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly"])
        #expect(throws: LayoutError.self) { try BuiltinLayouts.declaredParameters(of: "spiral") }
    }

    @Test func aDataFileOverMaxDataSizeIsRefusedAsRunRefusesIt() async throws {
        let (session, _, data, messages) = try rowsSession(
            "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n",
            maxDataBytes: 40)
        let errors = ErrorLog()
        session.logError = { errors.add($0) }
        try #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#.write(toFile: data, atomically: false, encoding: .utf8)
        session.render()
        #expect(session.generation == 1)
        #expect(errors.all == ["gen 1 data error: \(data): expected a data file of at most 40 bytes (raise the limit with --max-data-size MB), found 50 bytes. Waiting for it to be saved again."])
        let (texts, frames, _, _) = await messages.received()
        #expect(frames == 0)
        let error = try JSONParser.parse(try #require(texts.first))
        #expect(error["kind"] == .string("data") && error["gen"] == .int(1) && error["file"] == .string(data))
        #expect(error["message"] == .string("expected a data file of at most 40 bytes (raise the limit with --max-data-size MB), found 50 bytes."))
    }

    /// A repeated id is worded as `run` words it, on the terminal and the page: it names
    /// `--duplicates`, which preview takes too; with the flag the same file runs. The place is
    /// said once: the terminal line's `at` and the page's head name it, the message follows.
    @Test func aRepeatedIdNamesTheDuplicatesFlagAsRunDoes() async throws {
        let (session, _, data, messages, errors) = try rowsSessionThatRanOnce()
        let repeated = "{\"items\": [{\"id\": \"a\"},\n  {\"id\": \"a\"}]}"
        try repeated.write(toFile: data, atomically: true, encoding: .utf8)
        session.render()
        let message = #"items[1].id: expected a unique id (or a duplicate policy: --duplicates pairInOrder|suffix), found "a" again (first at items[0], line 1)."#
        let line = try #require(errors.all.last)
        let timing = try #require(line.firstMatch(of: #/^gen 2 data error in [0-9.]+ ms /#))
        #expect(line[timing.range.upperBound...] == "at \(data):2:10: \(message)")
        let (texts, _, _, _) = await messages.received()
        let error = try JSONParser.parse(try #require(texts.first { $0.hasPrefix("{\"type\":\"error\"") }))
        #expect(error["kind"] == .string("data") && error["message"] == .string(message))
        #expect(error["file"] == .string(data) && error["line"] == .int(2) && error["column"] == .int(10))

        let (suffixing, _, suffixedData, suffixedMessages) = try rowsSession(
            "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n",
            configure: { $0.duplicates = .suffix })
        let suffixedErrors = ErrorLog()
        suffixing.logError = { suffixedErrors.add($0) }
        try repeated.write(toFile: suffixedData, atomically: true, encoding: .utf8)
        suffixing.render()
        #expect(suffixedErrors.all == [])
        #expect(suffixing.lastGoodRun?.run.dataset.items.map(\.id.description) == ["a", "a(1)"])
        #expect(await suffixedMessages.received().1 == 1)
    }

    /// A `--label` field no item has is refused as run refuses it, on the terminal and the page;
    /// the save that brings the field runs.
    @Test func aLabelFieldNoItemHasIsTheRunsDataError() async throws {
        let (session, _, data, messages) = try rowsSession(
            "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n",
            configure: { $0.label = "nmae" })
        let errors = ErrorLog()
        session.logError = { errors.add($0) }
        try #"{"items": [{"id": "a", "name": "x"}]}"#.write(toFile: data, atomically: true, encoding: .utf8)
        session.render()
        let message = #"expected some item to have the field "nmae" for --label, found no item with it (did you mean name?)."#
        let line = try #require(errors.all.last)
        let timing = try #require(line.firstMatch(of: #/^gen 1 data error in [0-9.]+ ms /#))
        #expect(line[timing.range.upperBound...] == "at \(data): \(message)")
        let (texts, frames, _, _) = await messages.received()
        #expect(frames == 0)
        let error = try JSONParser.parse(try #require(texts.first { $0.hasPrefix("{\"type\":\"error\"") }))
        #expect(error["kind"] == .string("data") && error["file"] == .string(data) && error["message"] == .string(message))

        try #"{"items": [{"id": "a", "nmae": "x"}]}"#.write(toFile: data, atomically: true, encoding: .utf8)
        session.render()
        #expect(errors.all.count == 1)
        #expect(session.lastGoodRun?.run.dataset.count == 1)
    }

    /// A script's error says its place once too: Lua's `file:line:` before the message is the
    /// line's `at` and the page's head, not repeated after them.
    @Test func aScriptErrorSaysItsPlaceOnce() async throws {
        let (session, script, _, messages) = try rowsSession("return { simpleLayout = function(ctx)\n  error('boom')\nend }\n")
        let errors = ErrorLog()
        session.logError = { errors.add($0) }
        session.render()
        let line = try #require(errors.all.first)
        let timing = try #require(line.firstMatch(of: #/^gen 1 runtime error in [0-9.]+ ms /#))
        #expect(line[timing.range.upperBound...].hasPrefix("at \(script):2: boom\nstack traceback:\n"), "\(line)")
        let (texts, _, _, _) = await messages.received()
        let error = try JSONParser.parse(try #require(texts.first))
        #expect(error["kind"] == .string("runtime") && error["message"] == .string("boom"))
        #expect(error["file"] == .string(script) && error["line"] == .int(2))
    }

    @Test(arguments: ["fifo", "folder"]) func anUnreadableDataFileSaysWhyOnTheTerminalAndThePage(kind: String) async throws {
        let (session, _, data, messages, errors) = try rowsSessionThatRanOnce()
        try FileManager.default.removeItem(atPath: data)
        if kind == "fifo" { #expect(mkfifo(data, 0o600) == 0) } else { try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false) }
        session.render()
        let found = kind == "fifo" ? "a FIFO (named pipe)" : "a directory"
        #expect(errors.all == ["gen 2 data error: \(data): expected a regular file, found \(found). Waiting for it to be saved again."])
        // Saved back as it was: shown again, although its bytes are the last good run's.
        try FileManager.default.removeItem(atPath: data)
        try #"{"items": [{"id": "a"}, {"id": "b"}]}"#.write(toFile: data, atomically: true, encoding: .utf8)
        session.render()
        #expect(session.generation == 3)
        let (texts, frames, _, _) = await messages.received()
        #expect(frames == 1)
        let error = try JSONParser.parse(try #require(texts.first { $0.hasPrefix("{\"type\":\"error\"") }))
        #expect(error["file"] == .string(data) && error["message"] == .string("expected a regular file, found \(found)."))
    }

    @Test(arguments: ["removed", "folder"]) func aScriptASaveLeftUnreadableIsNamedAsTheScript(kind: String) async throws {
        let (session, script, _, messages, errors) = try rowsSessionThatRanOnce()
        try FileManager.default.removeItem(atPath: script)
        if kind == "folder" { try FileManager.default.createDirectory(atPath: script, withIntermediateDirectories: false) }
        session.render()
        let reason = kind == "folder" ? "expected a regular file, found a directory" : "expected a script file, found no such file"
        #expect(errors.all == ["gen 2 input error: \(script): \(reason). Waiting for it to be saved again."])
        let (texts, _, _, _) = await messages.received()
        let error = try JSONParser.parse(try #require(texts.first { $0.hasPrefix("{\"type\":\"error\"") }))
        #expect(error["kind"] == .string("input") && error["message"] == .string("\(script): \(reason)."))
    }

    /// The animator script a save left unreadable is named by the script reader as the layout
    /// script is (as the start names it), as the animator script.
    @Test(arguments: ["removed", "folder", "loop"]) func anAnimatorScriptASaveLeftUnreadableIsNamedByTheScriptReader(kind: String) async throws {
        let (session, _, _, messages) = try rowsSession(
            "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n",
            animator: "return { insert = function(e) return { from = { alpha = 0 }, duration = 0.25 } end }\n")
        let errors = ErrorLog()
        session.logError = { errors.add($0) }
        session.render()
        let animator = try #require(session.configuration.animatorFile)
        try FileManager.default.removeItem(atPath: animator)
        if kind == "folder" { try FileManager.default.createDirectory(atPath: animator, withIntermediateDirectories: false) }
        if kind == "loop" {
            try FileManager.default.createSymbolicLink(atPath: animator, withDestinationPath: animator + ".b")
            try FileManager.default.createSymbolicLink(atPath: animator + ".b", withDestinationPath: animator)
        }
        session.render()
        let reason = ["removed": "expected an animator script file, found no such file", "folder": "expected a regular file, found a directory",
                      "loop": "cannot read the file (too many levels of symbolic links)"][kind]!
        #expect(errors.all == ["gen 2 input error: \(animator): \(reason). Waiting for it to be saved again."])
        let (texts, _, _, _) = await messages.received()
        let error = try JSONParser.parse(try #require(texts.first { $0.hasPrefix("{\"type\":\"error\"") }))
        #expect(error["kind"] == .string("input") && error["message"] == .string("\(animator): \(reason)."))
    }

    @Test func aPagesMessageThatIsNotJSONIsRefusedWithTheParsersReason() async throws {
        let (session, _, _, messages) = try rowsSession("return { simpleLayout = function(ctx) end }\n")
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        session.handle(#"{"type":"viewport","w":1e999,"h":5}"#, from: messages.id)
        session.handle(#"{"type":"params","values":{"a":"# + deep + "}}", from: messages.id)
        let (texts, _, _, _) = await messages.received()
        let refusals = try texts.map { try JSONParser.parse($0)["message"]?.string }
        #expect(refusals == [#"expected a JSON object with a type, got "{\"type\":\"viewport\",\"w\":1e999,\"h\":5}": line 1, column 24: expected a number within the range of a double, found 1e999"#,
                             #"expected a JSON object with a type, got "{\"type\":\"params\",\"values\":{\"a\":[[[[[[[[[": line 1, column 542: expected at most 512 levels of nesting, found deeper nesting"#])
    }

    @Test func aViewportOutsideThePagesFieldsIsRefusedWithTheRange() async throws {
        let (session, _, _, messages) = try rowsSession(
            "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n")
        let errors = ErrorLog()
        session.logError = { errors.add($0) }
        for text in [#"{"type":"viewport","w":0,"h":400}"#, #"{"type":"viewport","w":375,"h":100001}"#,
                     #"{"type":"viewport","w":375.5,"h":400}"#, #"{"type":"viewport","w":"NaN","h":400}"#,
                     #"{"type":"viewport","w":375}"#, #"{"type":"hello","w":-1,"h":400,"params":{}}"#,
                     #"{"type":"hello","params":{}}"#, #"{"type":"viewport","w":100000,"h":1}"#] {
            session.handle(text, from: messages.id)
        }
        let (texts, _, _, _) = await messages.received()
        let refusals = try texts.map { try JSONParser.parse($0)["message"]?.string }
        let expected = ["viewport: expected w and h to be whole numbers from 1 to 100,000, got w 0, h 400",
                        "viewport: expected w and h to be whole numbers from 1 to 100,000, got w 375, h 100001",
                        "viewport: expected w and h to be whole numbers from 1 to 100,000, got w 375.5, h 400",
                        #"viewport: expected w and h to be whole numbers from 1 to 100,000, got w "NaN", h 400"#,
                        "viewport: expected w and h to be whole numbers from 1 to 100,000, got w 375, h nothing",
                        "hello: expected w and h to be whole numbers from 1 to 100,000, got w -1, h 400"]
        #expect(refusals == expected)
        #expect(errors.all == expected.map { "preview: a page's message was refused: " + $0 })
        // A hello that names no size, and a size in range, are taken: the next run lays out at 100000x1.
        session.render()
        #expect(session.lastGoodRun?.run.viewport == Size(width: 100_000, height: 1))
    }

    @Test func aPageThatStopsReadingKeepsOnlyTheNewestGeneration() async throws {
        let hub = PreviewHub()
        let slow = UUID()
        let pending = hub.add(slow).messages
        for generation in 1...300 {
            let frame = Data(repeating: UInt8(generation % 256), count: 100_000)
            hub.publish(frame: frame, generation: generation, idsVersion: generation / 100) { Data("ids \(generation / 100)".utf8) }
            hub.publish(note: "{\"type\":\"timings\",\"gen\":\(generation)}")
        }
        // One frame, one id table and the notes: not 300 frames.
        #expect(hub.pendingBytes(of: slow) == 100_000 + 5 + (1...300).reduce(0) { $0 + "{\"type\":\"timings\",\"gen\":\($1)}".utf8.count })
        hub.remove(slow)
        var data: [Int] = [], texts = 0
        for await message in pending {
            switch message {
            case .data(let d): data.append(d.count)
            case .text: texts += 1
            }
        }
        #expect(data == [5, 100_000] && texts == 300, "the newest id table, then the newest frame")
    }

    @Test func pendingTextsAreBoundedOldestFirst() async throws {
        let outbox = PageOutbox()
        let big = String(repeating: "x", count: PageOutbox.textBudget / 4)
        for k in 0..<6 { outbox.text("\(k)" + big) }
        #expect(outbox.pendingBytes == 3 * (big.utf8.count + 1), "four would pass the budget by 4 bytes")
        outbox.close()
        var first: [Character] = []
        for await message in outbox.messages { if case .text(let t) = message { first.append(t.first!) } }
        #expect(first == ["3", "4", "5"])
    }

    /// RFC 6455 lets a server answer only the most recent of the pings it has not answered:
    /// a burst gets its last ping answered (before, the first four were kept and the rest,
    /// the last included, dropped). Other protocol frames stay bounded by the control limit.
    @Test func pendingPongsAreOnlyTheNewest() {
        let outbox = PageOutbox()
        for k in 0..<10 { outbox.control(WebSocketFrame(opcode: .pong, payload: Data("p\(k)".utf8))) }
        for _ in 0..<10 { outbox.control(WebSocketFrame(opcode: .ping, payload: Data())) }
        outbox.control(.close(1000))
        outbox.close()
        var frames: [WebSocketFrame] = []
        while let item = outbox.take() { frames.append(item.frame) }
        #expect(frames == [WebSocketFrame(opcode: .pong, payload: Data("p9".utf8))]
                + Array(repeating: WebSocketFrame(opcode: .ping, payload: Data()), count: PageOutbox.controlLimit - 1)
                + [.close(1000)])
    }

    // MARK: Watching

    @Test(arguments: [false, true]) func savesOfEveryKindAreSeen(poll: Bool) async throws {
        let folder = try temporaryFolder()
        let (file, counter, watcher) = try watchedFile("watched.lua", in: folder, poll: poll)
        defer { watcher.stop() }
        #expect(watcher.mode == (poll ? .poll : .inotify))
        #expect(watcher.watching)
        // Another file in the same folder is not a save of ours (inotify reports events in order).
        if !poll { try "x".write(toFile: folder.appendingPathComponent("other.lua").path, atomically: false, encoding: .utf8) }
        try "22".write(toFile: file, atomically: false, encoding: .utf8)          // in place
        try await counter.wait(for: 1)
        if !poll { #expect(counter.value == 1) }
        try "333".write(toFile: file, atomically: true, encoding: .utf8)          // a new file renamed over it
        try await counter.wait(for: 2)
        try FileManager.default.removeItem(atPath: file)                         // deleted, then created again
        try "4444".write(toFile: file, atomically: false, encoding: .utf8)
        try await counter.wait(for: 3)
    }

    /// Nothing is written: the file goes, or something that is not a file takes its place. Seen
    /// once it has stayed so a moment (a save that removes the old file first writes the new one
    /// within it).
    @Test(arguments: ["removed", "renamed away", "a folder", "a symbolic link"])
    func aWatchedFileThatGoesOrIsReplacedByANonFileIsReported(how: String) async throws {
        let folder = try temporaryFolder()
        let other = folder.appendingPathComponent("other.json").path
        try "2".write(toFile: other, atomically: false, encoding: .utf8)
        let (file, counter, watcher) = try watchedFile("data.json", in: folder, poll: false)
        defer { watcher.stop() }
        let files = FileManager.default
        switch how {
        case "removed": try files.removeItem(atPath: file)
        case "renamed away": try files.moveItem(atPath: file, toPath: file + ".old")
        case "a folder":
            try files.removeItem(atPath: file)
            try files.createDirectory(atPath: file, withIntermediateDirectories: false)
        default:
            try files.removeItem(atPath: file)
            try files.createSymbolicLink(atPath: file, withDestinationPath: other)
        }
        try await counter.wait(for: 1)
    }

    /// A watched file that is gone and comes back as a symbolic link loop is reported again by
    /// either watcher (polling saw nothing to stamp both times, and the page kept saying "no
    /// such file"), and so is the file written back.
    @Test(arguments: [false, true]) func aWatchedFileThatComesBackAsALinkLoopIsReported(poll: Bool) async throws {
        let folder = try temporaryFolder()
        let (file, counter, watcher) = try watchedFile("data.json", in: folder, poll: poll)
        defer { watcher.stop() }
        try FileManager.default.removeItem(atPath: file)
        try await counter.wait(for: 1)
        let other = folder.appendingPathComponent("b").path
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: other)
        try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: file)
        try await counter.wait(for: 2)
        try FileManager.default.removeItem(atPath: file)
        try "2".write(toFile: file, atomically: false, encoding: .utf8)
        try await counter.wait(for: 3)
    }

    @Test(arguments: ["removed", "renamed away"]) func aWatchedFolderThatIsReplacedIsWatchedAgain(how: String) async throws {
        let root = try temporaryFolder()
        let folder = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let file = folder.appendingPathComponent("data.json").path
        try writeStartingFile("1", to: file)
        let notes = ErrorLog()
        let (counter, watcher) = countingWatcher(of: file, poll: false, log: { notes.add($0) })
        defer { watcher.stop() }
        watcher.watch([file])
        if how == "removed" {
            try FileManager.default.removeItem(at: folder)
        } else {
            try FileManager.default.moveItem(at: folder, to: root.appendingPathComponent("data.old"))
        }
        try await counter.wait(for: 1)   // the file is gone as far as anyone can tell
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try "2".write(toFile: file, atomically: false, encoding: .utf8)
        try await counter.wait(for: 2)   // watched again: its file reported
        try await waitUntilSettled(watcher)
        let settled = counter.value
        try "3".write(toFile: file, atomically: false, encoding: .utf8)   // a later save is seen
        try await counter.wait(for: settled + 1)
        let path = FileWatcher.absolute(folder.path)
        #expect(notes.all == ["preview: \(path) was removed or renamed; polling for it every 100 ms", "preview: watching \(path) again"])
    }

    /// A watcher has settled only once what a change set off is reported: a deleted file is
    /// reported after the settle interval (polling: at its next look), and not settled till then.
    @Test(arguments: [false, true]) func aWatcherHasSettledOnceItsReportsAreIn(poll: Bool) async throws {
        let file = try temporaryFolder().appendingPathComponent("data.json").path
        try writeStartingFile("1", to: file)
        let (counter, watcher) = countingWatcher(of: file, poll: poll)
        defer { watcher.stop() }
        watcher.watch([file])
        try await waitUntilSettled(watcher)
        let since = FileWatcher.now()
        try FileManager.default.removeItem(atPath: file)
        // Settled means reported: never the first without the second.
        #expect(!watcher.hasSettled(since: since) || counter.value == 1)
        try await waitUntilSettled(watcher)
        #expect(counter.value == 1)
    }

    /// A stopped watcher gives back its inotify instance (128 per user by default): before
    /// `stop`, every watcher a process made kept one, and past 128 the next fell back to polling
    /// without a word (a full test run's later inotify tests then saw nothing).
    @Test func aStoppedWatcherGivesBackItsInotifyInstance() async throws {
        for _ in 0..<160 {
            let watcher = FileWatcher(poll: false) { _ in }
            #expect(watcher.mode == .inotify)
            watcher.stop()
            let deadline = Date(timeIntervalSinceNow: 10)
            while !watcher.isClosed && Date() < deadline { try await Task.sleep(nanoseconds: 1_000_000) }
            #expect(watcher.isClosed)
            if watcher.mode != .inotify || !watcher.isClosed { return }
        }
    }

    /// A watched folder that is a symbolic link is watched where it leads; re-pointing the link
    /// (into a loop, then at another folder) is seen by either watcher, and the new folder's saves
    /// after that.
    @Test(arguments: [false, true]) func aWatchedFolderThatIsARepointedLinkIsSeen(poll: Bool) async throws {
        let (root, link, other, file) = try linkedDataFolder(), files = FileManager.default
        let loop = root.appendingPathComponent("loop").path
        let notes = ErrorLog()
        let (counter, watcher) = countingWatcher(of: file, poll: poll, log: { notes.add($0) })
        defer { watcher.stop() }
        watcher.watch([file])
        // Re-pointed as `ln -sfn` does: a new link renamed over the old one.
        func repoint(to target: String) throws {
            try files.createSymbolicLink(atPath: link + ".new", withDestinationPath: target)
            guard rename(link + ".new", link) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
        try files.createSymbolicLink(atPath: loop, withDestinationPath: link)
        try repoint(to: loop)
        try await counter.wait(for: 1)   // data.json now reads "too many levels of symbolic links"
        try repoint(to: other)
        try await counter.wait(for: 2)
        try await waitUntilSettled(watcher)
        let settled = counter.value
        try "2".write(toFile: other + "/data.json", atomically: false, encoding: .utf8)   // a save where it leads now
        try await counter.wait(for: settled + 1)
        if !poll {
            let path = FileWatcher.absolute(link)
            #expect(notes.all == ["preview: \(path) leads elsewhere now (a symbolic link changed); polling for it every 100 ms",
                                  "preview: watching \(path) again"])
        }
    }

    /// A watched file that is a symbolic link re-pointed into another folder: the folder it led
    /// to is no longer watched, so removing it says nothing (before, the watcher kept its watch,
    /// and once it was removed polled for it every 100 ms for as long as the preview ran, saying
    /// so); a module no longer required, in a folder of its own, likewise, and a folder polled
    /// for that no path needs is no longer polled for.
    @Test func aFolderNoWatchedPathNeedsIsUnwatched() async throws {
        let root = try temporaryFolder(), files = FileManager.default
        let layouts = root.appendingPathComponent("layouts").path, a = root.appendingPathComponent("a").path
        let b = root.appendingPathComponent("b").path, modules = root.appendingPathComponent("modules").path
        for folder in [layouts, a, b, modules] { try files.createDirectory(atPath: folder, withIntermediateDirectories: false) }
        for folder in [a, b] { try writeStartingFile("1", to: folder + "/x.lua") }
        try writeStartingFile("1", to: modules + "/m.lua")
        let file = layouts + "/x.lua", gone = root.appendingPathComponent("gone").path + "/g.lua"
        try files.createSymbolicLink(atPath: file, withDestinationPath: a + "/x.lua")
        let notes = ErrorLog()
        let (counter, watcher) = countingWatcher(of: file, poll: false, log: { notes.add($0) })
        defer { watcher.stop() }
        watcher.watch([file, modules + "/m.lua", gone])
        #expect(watcher.folders == [a, (gone as NSString).deletingLastPathComponent, layouts, modules].map(FileWatcher.absolute))
        watcher.watch([file])   // the modules are required no more
        #expect(watcher.folders == [a, layouts].map(FileWatcher.absolute))
        // Re-pointed as `ln -sfn` does: a new link renamed over the old one.
        try files.createSymbolicLink(atPath: file + ".new", withDestinationPath: b + "/x.lua")
        #expect(rename(file + ".new", file) == 0)
        try await counter.wait(for: 1)
        #expect(watcher.folders == [b, layouts].map(FileWatcher.absolute))
        try files.removeItem(atPath: a)
        try files.removeItem(atPath: modules)
        try await waitUntilSettled(watcher)
        let settled = counter.value
        try "2".write(toFile: b + "/x.lua", atomically: false, encoding: .utf8)   // after the removals' events
        try await counter.wait(for: settled + 1)
        #expect(notes.all == [])
        #expect(counter.value == settled + 1)
    }

    /// A watcher whose thread waits (with no timeout: nothing to poll for) before `watch` names a
    /// folder reached through a symbolic link still looks at the link every 100 ms: `watch` wakes
    /// it. Before, a thread that a busy machine ran before `watch` slept on, and re-pointing the
    /// link was never seen (aWatchedFolderThatIsARepointedLinkIsSeen failed so in a full run).
    @Test func aLinkedFolderWatchedAfterTheThreadWaitsIsLookedAt() async throws {
        let (_, link, other, file) = try linkedDataFolder(), files = FileManager.default
        let counter = Counter()
        // The thread starts and is given 0.3 s to reach its wait before `watch`.
        let watcher = FileWatcher(poll: false, startThread: { body in
            let started = DetachedJob(body).start()
            usleep(300_000)
            return started
        }) { _ in counter.increment() }
        defer { watcher.stop() }
        #expect(watcher.mode == .inotify)
        watcher.watch([file])
        try files.createSymbolicLink(atPath: link + ".new", withDestinationPath: other)
        #expect(rename(link + ".new", link) == 0)
        try await counter.wait(for: 1)
    }

    /// Two watched folders that are one folder (`link` leads to `real`) share one inotify watch:
    /// a save of a file watched through either path is reported under that path (inotify kept
    /// one path per watch, so the file watched through the other got no saves).
    @Test(arguments: [false, true]) func twoPathsToOneFolderBothSeeTheirSaves(poll: Bool) async throws {
        let root = try temporaryFolder(), files = FileManager.default
        let real = root.appendingPathComponent("real").path, link = root.appendingPathComponent("link").path
        try files.createDirectory(atPath: real, withIntermediateDirectories: false)
        try files.createSymbolicLink(atPath: link, withDestinationPath: real)
        let a = real + "/a.json", b = link + "/b.json"
        for file in [a, b] { try writeStartingFile("1", to: file) }
        let reports = Reports()
        let watcher = FileWatcher(poll: poll) { reports.add($0) }
        defer { watcher.stop() }
        watcher.watch([a, b])
        let pathA = FileWatcher.absolute(a), pathB = FileWatcher.absolute(b)
        try "2".write(toFile: b, atomically: false, encoding: .utf8)
        try await reports.wait(until: { $0.joined().contains(pathB) }, "b.json")
        #expect(!reports.all.joined().contains(pathA))
        try "2".write(toFile: a, atomically: false, encoding: .utf8)
        try await reports.wait(until: { $0.joined().contains(pathA) }, "a.json")
        // Polling may look between an in-place save's truncation and its write: then it reports the file twice.
        if poll { #expect(Set(reports.all.joined()) == [pathA, pathB]) } else { #expect(reports.all == [[pathB], [pathA]]) }
    }

    /// How editors save, each seen by either watcher: written in place; written to a temporary
    /// file renamed over it (VS Code, vim's `backupcopy=auto`... ); the old file renamed to a
    /// backup, the new one written, the backup deleted (vim's `backupcopy=no`); JetBrains' safe
    /// write (a temporary file, the old one renamed away, the temporary renamed into place, the
    /// old deleted); deleted then created. inotify reports each exactly once when the file is
    /// back within the settle interval: the steps before the write wait to settle, and the write
    /// ends the wait. A writer a busy machine stalls longer leaves the file gone past it, and
    /// that is reported too (the watcher cannot tell a file gone for good from one coming back).
    @Test(arguments: [false, true], ["in place", "renamed over", "backup renamed away", "safe write", "deleted and created"])
    func anEditorsSaveIsReportedOnce(poll: Bool, how: String) async throws {
        let folder = try temporaryFolder(), files = FileManager.default
        let file = folder.appendingPathComponent("data.json").path
        try writeStartingFile("1", to: file)
        let reports = Reports()
        let watcher = FileWatcher(poll: poll) { reports.add($0) }
        defer { watcher.stop() }
        // A watcher asked for inotify polls when inotify cannot start; inotify's results below would then fail confusingly.
        try #require(watcher.mode == (poll ? .poll : .inotify),
                     "the watcher uses \(watcher.mode.rawValue), not inotify: inotify could not start (per-user instance limit?)")
        watcher.watch([file])
        func move(_ from: String, _ to: String) throws { guard rename(from, to) == 0 else { throw CocoaError(.fileWriteUnknown) } }
        // How long the file was gone (or not yet written again): from before the step that took it
        // away to after the one that brought it back.
        var gone = 0.0
        func away(_ step: () throws -> Void, back: () throws -> Void) rethrows {
            let start = FileWatcher.now()
            try step()
            try back()
            gone = FileWatcher.now() - start
        }
        switch how {
        case "in place": try writeClosingOnExec("22", to: file)
        case "renamed over":
            try writeClosingOnExec("22", to: file + ".tmp")
            try move(file + ".tmp", file)
        case "backup renamed away":
            try away({ try move(file, file + "~") }, back: { try writeClosingOnExec("22", to: file) })
            try files.removeItem(atPath: file + "~")
        case "safe write":
            try writeClosingOnExec("22", to: file + "___jb_tmp___")
            try away({ try move(file, file + "___jb_old___") }, back: { try move(file + "___jb_tmp___", file) })
            try files.removeItem(atPath: file + "___jb_old___")
        default:
            try away({ try files.removeItem(atPath: file) }, back: { try writeClosingOnExec("22", to: file) })
        }
        try await reports.wait(for: 1)
        try await waitUntilSettled(watcher)   // past the settle interval: nothing more comes
        let path = FileWatcher.absolute(file)
        // Polling may look between two steps (the file gone a moment): then it reports both.
        // inotify too, when the file was gone past the settle interval.
        if poll || gone >= FileWatcher.settleInterval {
            #expect(reports.all.allSatisfy { $0 == [path] } && (1...2).contains(reports.all.count), "\(reports.all), gone \(gone) s")
        } else {
            #expect(reports.all == [[path]], "gone \(gone) s")
        }
    }


    /// Writes `text` to `path` through a descriptor closed on exec: a child process another
    /// test spawns meanwhile holds its copy until its exec at the latest, never for its life,
    /// so the write's one close comes soon (Foundation's writes open without O_CLOEXEC). It may
    /// still come after a watch that began meanwhile: a starting file is `writeStartingFile`'s.
    private func writeClosingOnExec(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    }

    /// A write begun before the watch and closed after it is reported at its close: the caller
    /// may have read the file before the write was done. A test's starting file can be closed so,
    /// late: a child process another test spawns while the write is open gets a copy of its
    /// descriptor (close-on-exec or not) and drops it when it next runs, which a busy machine
    /// may put after the watch began (`twoPathsToOneFolderBothSeeTheirSaves` so saw its a.json
    /// reported before its save). A write opened in another folder and linked into the watched
    /// one is closed as an event of that other folder, and not reported: `writeStartingFile`.
    @Test func aWriteClosedAfterTheWatchBeganIsReportedUnlessOpenedElsewhere() async throws {
        let root = try temporaryFolder()
        let folder = root.appendingPathComponent("watched").path, elsewhere = root.appendingPathComponent("elsewhere").path
        for path in [folder, elsewhere] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
        let inPlace = folder + "/a.json", linked = folder + "/b.json"
        // Each stands for a child's copy of a starting file's descriptor: open across the watch's start.
        let heldA = open(inPlace, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let heldB = open(elsewhere + "/b.json", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        #expect(write(heldA, "1", 1) == 1 && write(heldB, "1", 1) == 1)
        #expect(link(elsewhere + "/b.json", linked) == 0)
        let reports = Reports()
        let watcher = FileWatcher(poll: false) { reports.add($0) }
        defer { watcher.stop() }
        try #require(watcher.mode == .inotify)
        watcher.watch([inPlace, linked])
        // b's close first: inotify reports in order, so a's report comes after b's close was read.
        #expect(close(heldB) == 0)
        #expect(close(heldA) == 0)
        try await reports.wait(for: 1)
        try await waitUntilSettled(watcher)
        #expect(reports.all == [[FileWatcher.absolute(inPlace)]])
    }

    /// Writes a file that is there before its watcher starts, in a folder of its own, and links
    /// it to `path`: a late close of the write (`aWriteClosedAfterTheWatchBeganIsReportedUnlessOpenedElsewhere`)
    /// is then no report of `path`, and a test's exact reports cannot gain one.
    private func writeStartingFile(_ text: String, to path: String) throws {
        let staging = try temporaryFolder()
        let written = staging.appendingPathComponent("starting").path
        try text.write(toFile: written, atomically: false, encoding: .utf8)
        guard link(written, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        try FileManager.default.removeItem(at: staging)
    }

    /// A temporary file's write that is closed only after the file was renamed into place (a
    /// child process spawned meanwhile inherited its descriptor, and drops it at its exec) is
    /// closed under the watched file's name: that close ends the save the rename reported, and
    /// is not reported again. Before, it was (one extra reload; `anEditorsSaveIsReportedOnce`
    /// failed so under load, where the test process spawns children). The watcher handles each
    /// step before the next, so the rename and the close are never read together.
    @Test(arguments: ["renamed over", "safe write"])
    func aWriteClosedAfterItsRenameIntoPlaceIsReportedOnce(how: String) async throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("data.json").path
        let temporary = file + "___jb_tmp___", old = file + "___jb_old___"
        try writeStartingFile("1", to: file)
        let reports = Reports()
        let watcher = FileWatcher(poll: false) { reports.add($0) }
        defer { watcher.stop() }
        #expect(watcher.mode == .inotify)
        watcher.watch([file])
        let written = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        #expect(written >= 0 && write(written, "22", 2) == 2)
        // The file is gone between the two renames of a safe write, as in `anEditorsSaveIsReportedOnce`.
        let start = FileWatcher.now()
        if how == "safe write" { #expect(rename(file, old) == 0) }
        #expect(rename(temporary, file) == 0)
        let gone = FileWatcher.now() - start
        if how == "safe write" { #expect(unlink(old) == 0) }
        try await reports.wait(for: 1)
        try await handledEverything(watcher)
        let renamed = reports.all
        #expect(close(written) == 0)
        try await handledEverything(watcher)
        let path = FileWatcher.absolute(file)
        #expect(reports.all == renamed, "the close added a report")
        if gone < FileWatcher.settleInterval { #expect(renamed == [[path]], "gone \(gone) s") }
    }

    /// Waits until `watcher` has handled every event so far: none waits to be read, and no save
    /// is held or being reported.
    private func handledEverything(_ watcher: FileWatcher) async throws {
        for _ in 0..<600 where watcher.heldUntil != nil { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(watcher.heldUntil == nil, "waited 30 s for the watcher to handle its events")
    }

    /// A watched folder renamed away and back is seen gone, then back, and its saves after that.
    @Test(arguments: [false, true]) func aWatchedFolderRenamedAwayAndBackIsWatchedAgain(poll: Bool) async throws {
        let root = try temporaryFolder()
        let folder = root.appendingPathComponent("data").path, away = root.appendingPathComponent("data.old").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let file = folder + "/data.json"
        try writeStartingFile("1", to: file)
        let reports = Reports()
        let watcher = FileWatcher(poll: poll) { reports.add($0) }
        defer { watcher.stop() }
        watcher.watch([file])
        #expect(rename(folder, away) == 0)
        try await reports.wait(for: 1)   // gone, as far as anyone can tell
        #expect(rename(away, folder) == 0)
        try await reports.wait(for: 2)   // back
        try await waitUntilSettled(watcher)
        try "2".write(toFile: file, atomically: false, encoding: .utf8)
        try await reports.wait(for: 3)   // a save after it came back
        try await waitUntilSettled(watcher)
        // Polling may look between the save's truncation and its write: then it reports the file twice.
        #expect(reports.all.allSatisfy { $0 == [FileWatcher.absolute(file)] })
        #expect(poll ? (3...4).contains(reports.all.count) : reports.all.count == 3, "\(reports.all)")
    }

    /// A save that truncates the file, closes it, and writes it a moment later (two writes, an
    /// empty file between): the page never sees the empty file's parse error, by either watcher,
    /// when the write comes within the settle interval (a busy machine may stall the writer
    /// longer: then the error may show, for that save only). A file that stays empty does show
    /// it, once it has settled.
    @Test(arguments: [false, true]) func aHalfWrittenSaveShowsNoError(poll: Bool) async throws {
        let (session, _, data, messages, errors) = try rowsSessionThatRanOnce()
        try await running(session, poll: poll)
        var stalled = 0
        func shows(_ k: Int) -> Bool {
            guard let items = session.lastGoodRun?.run.dataset.items, items.count == 3 else { return false }
            return items[2].id.description == "c\(k)"
        }
        for k in 0..<5 {
            let start = FileWatcher.now()
            try "".write(toFile: data, atomically: false, encoding: .utf8)
            usleep(120_000)   // longer than a poll interval: polling sees the empty file too
            try #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c\#(k)"}]}"#.write(toFile: data, atomically: false, encoding: .utf8)
            if FileWatcher.now() - start >= FileWatcher.settleInterval { stalled += 1 }
            // Until its picture shows (or, for a stalled save, perhaps its error), then past the hold.
            for _ in 0..<600 where !shows(k) && errors.all.count < stalled {
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        let shown = errors.all.count
        #expect(shown <= stalled, "\(stalled) of 5 saves stalled past the settle interval: \(errors.all)")
        try "".write(toFile: data, atomically: false, encoding: .utf8)
        for _ in 0..<100 where errors.all.count == shown { try await Task.sleep(nanoseconds: 50_000_000) }
        session.stop()
        #expect(errors.all.count == shown + 1 && errors.all.last?.contains("data error") == true, "\(errors.all)")
        let (texts, _, _, _) = await messages.received()
        let kinds = try texts.compactMap { try JSONParser.parse($0)["type"]?.string }.filter { $0 == "error" }
        #expect(kinds.count == shown + 1, "the page saw one error, the file that stayed empty, and one a stalled save: \(texts)")
        #expect(session.lastGoodRun?.run.dataset.count == 3)
    }

    /// Polling reports a save made right after `watch` returned, however late its thread first
    /// polls (a busy machine may start it after the save): `watch` takes the files' stamps
    /// itself. Before, the thread's first poll took them, so a save before it was never reported
    /// (the tests waited 300 ms after starting a polling watcher for it).
    @Test func pollingReportsASaveMadeBeforeItsFirstPoll() async throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("data.json").path
        try "1".write(toFile: file, atomically: false, encoding: .utf8)
        let counter = Counter(), gate = DispatchSemaphore(value: 0)
        let watcher = FileWatcher(poll: true, startThread: { body in DetachedJob { gate.wait(); body() }.start() }) { paths in
            #expect(paths == [FileWatcher.absolute(file)])
            counter.increment()
        }
        defer { watcher.stop() }
        watcher.watch([file])
        try "22".write(toFile: file, atomically: false, encoding: .utf8)
        gate.signal()   // the thread polls for the first time now
        try await counter.wait(for: 1)
    }

    /// A save that truncates the data file and stalls before writing it (a busy machine can keep
    /// a writer waiting far past the settle interval) shows no error under inotify: a file
    /// written and not closed yet is a save in progress, which the run that read it empty waits
    /// for until its close, then runs again. Before, that run showed the empty file's parse
    /// error once the settle interval (0.2 s) had passed.
    @Test func aSaveStalledAfterItsTruncationShowsNoError() async throws {
        let (session, _, data, _, errors) = try rowsSessionThatRanOnce()
        let lines = ErrorLog()
        session.log = { lines.add($0) }
        try await running(session, poll: false)
        let opened = FileWatcher.now()
        let fd = open(data, O_WRONLY | O_TRUNC)
        try #require(fd >= 0)
        session.filesChanged([FileWatcher.absolute(data)])   // a run now reads the file empty
        // Three settle intervals; a plain sleep, not a task's: with every test running at once the
        // cooperative pool can wake a task seconds late. Should even this one wake past how long a
        // save may stay unclosed, an error may show: the test then proves nothing, and does not fail.
        usleep(600_000)
        let unclosed = FileWatcher.now() - opened < FileWatcher.longestWrite
        if unclosed { #expect(errors.all == []) }
        let text = Array(#"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#.utf8)
        #expect(write(fd, text, text.count) == text.count)
        close(fd)
        for _ in 0..<100 where session.lastGoodRun?.run.dataset.count != 3 { try await Task.sleep(nanoseconds: 50_000_000) }
        session.stop()
        #expect(session.lastGoodRun?.run.dataset.count == 3)
        if unclosed { #expect(errors.all == []) }
        #expect(lines.all.contains("gen 2 failed while another save arrived; running again"), "\(lines.all)")
    }

    /// A save that truncates the data file and writes it a moment later, which polling's thread
    /// is kept from looking at (a busy machine wakes it late): the run that read the file empty
    /// waits, past the settle interval, for the watcher's first look after it, which sees the
    /// write, and shows no error. Before, the wait ended at the settle interval, however long
    /// the watcher had slept, and the empty file's parse error showed.
    @Test func aSaveThatPollingLooksAtLateShowsNoError() async throws {
        let (session, _, data, _, errors) = try rowsSessionThatRanOnce()
        let gate = DispatchSemaphore(value: 0)
        session.startWatching(poll: true, startThread: { body in DetachedJob { gate.wait(); body() }.start() })
        Thread { session.renderLoop() }.start()
        let fd = open(data, O_WRONLY | O_TRUNC)
        try #require(fd >= 0)
        close(fd)
        session.filesChanged([FileWatcher.absolute(data)])   // as polling reports the truncation
        usleep(30_000)
        try #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#.write(toFile: data, atomically: false, encoding: .utf8)
        // Three settle intervals, then the watcher's thread looks for the first time (had the run
        // begun later than that, it read the whole file: the test would prove nothing, not fail).
        usleep(600_000)
        gate.signal()
        for _ in 0..<600 where session.lastGoodRun?.run.dataset.count != 3 && errors.all.isEmpty { try await Task.sleep(nanoseconds: 50_000_000) }
        session.stop()
        #expect(errors.all == [])
        #expect(session.lastGoodRun?.run.dataset.count == 3)
    }

    /// A file that polling saw gone between an editor's steps (deleted, then written again) shows
    /// no error when the next report comes within the settle interval; the timings of an error
    /// shown after that wait are the run's, not the wait's.
    @Test func aFileGoneAMomentShowsNoError() async throws {
        let (session, _, data, messages, errors) = try rowsSessionThatRanOnce()
        try await running(session, poll: true)
        let path = FileWatcher.absolute(data)
        try FileManager.default.removeItem(atPath: data)
        let start = FileWatcher.now()
        session.filesChanged([path])   // as polling reports it, at once
        usleep(30_000)
        try #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#.write(toFile: data, atomically: false, encoding: .utf8)
        session.filesChanged([path])
        let gone = FileWatcher.now() - start
        for _ in 0..<100 where session.lastGoodRun?.run.dataset.count != 3 { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(session.lastGoodRun?.run.dataset.count == 3)
        // A busy machine that held this thread past the settle interval saw the error, rightly.
        if gone < FileWatcher.settleInterval { #expect(errors.all == [], "gone \(gone) s") }
        let shown = errors.all.count
        try "{".write(toFile: data, atomically: false, encoding: .utf8)   // stays broken: shown after the wait
        session.filesChanged([path])
        for _ in 0..<100 where errors.all.count == shown { try await Task.sleep(nanoseconds: 50_000_000) }
        session.stop()
        #expect(errors.all.count == shown + 1)
        let line = try #require(errors.all.last)
        let ms = try #require(Double(line.split(separator: " ")[5]))   // "gen N data error in MS ms ..."
        // A wait counted in would be the whole settle interval at least; the run alone is a
        // millisecond or so: under it unless a busy machine stalls the run itself that long.
        #expect(ms < FileWatcher.settleInterval * 1000, "\(line)")
        let (texts, _, _, _) = await messages.received()
        #expect(try texts.compactMap { try JSONParser.parse($0)["type"]?.string }.filter { $0 == "error" }.count == shown + 1)
    }

    /// A data file deleted and written again a moment later under inotify (an editor that saves
    /// so, on a busy machine that stalls it past the settle interval): the watcher reports the
    /// file gone, the run that finds it so waits one more settle interval for a save, and the
    /// write comes within it: no error shows. (The run waits only so long: a writer stalled
    /// past both intervals shows the error until its write comes.)
    @Test func aFileGoneLongerThanTheSettleIntervalShowsNoError() async throws {
        let (session, _, data, _, errors) = try rowsSessionThatRanOnce()
        try await running(session, poll: false)
        let start = FileWatcher.now()
        try FileManager.default.removeItem(atPath: data)
        usleep(300_000)
        try #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#.write(toFile: data, atomically: false, encoding: .utf8)
        let gone = FileWatcher.now() - start
        for _ in 0..<600 where session.lastGoodRun?.run.dataset.count != 3 { try await Task.sleep(nanoseconds: 50_000_000) }
        session.stop()
        #expect(session.lastGoodRun?.run.dataset.count == 3)
        if gone < 2 * FileWatcher.settleInterval { #expect(errors.all == [], "gone \(gone) s") }
    }

    /// A data file left empty (or removed) shows its error once no save has come for the settle
    /// interval, however the page's viewport is dragged meanwhile: a viewport change is not a save.
    /// Before, any request ended the wait and ran again, so a drag kept the error from showing.
    @Test(arguments: ["empty", "removed"]) func viewportDragsDoNotHoldBackAFileError(how: String) async throws {
        let (session, _, data, _, errors) = try rowsSessionThatRanOnce()
        try await running(session, poll: false)
        if how == "empty" {
            try "".write(toFile: data, atomically: false, encoding: .utf8)
        } else {
            try FileManager.default.removeItem(atPath: data)
        }
        // Dragged (a new viewport every millisecond) until the error shows, for at most 20 s.
        let dragging = Atomic(true)
        Thread {
            var k = 0
            while dragging.load(ordering: .relaxed) {
                session.setViewport(Size(width: Double(300 + k % 50), height: 600))
                k += 1
                usleep(1000)
            }
        }.start()
        for _ in 0..<400 where errors.all.isEmpty { try await Task.sleep(nanoseconds: 50_000_000) }
        dragging.store(false, ordering: .relaxed)
        session.stop()
        let line = try #require(errors.all.first, "the error never showed while the viewport was dragged")
        #expect(line.contains(how == "empty" ? "data error in" : "data error: \(data): "), "\(line)")
    }

    /// A watched file that is a symbolic link into another folder (`data/data.json ->
    /// ../shared/a.json`) is saved where it leads: either watcher reports it then, and, once the
    /// link is re-pointed, reports saves of the new file and no more of the old (inotify watched
    /// only the link's folder, so saves of the file it led to went unseen).
    @Test(arguments: [false, true]) func aWatchedLinkIsFollowedToItsFile(poll: Bool) async throws {
        let root = try temporaryFolder(), files = FileManager.default
        let data = root.appendingPathComponent("data").path, shared = root.appendingPathComponent("shared").path
        for folder in [data, shared] { try files.createDirectory(atPath: folder, withIntermediateDirectories: false) }
        let a = shared + "/a.json", b = shared + "/b.json", file = data + "/data.json"
        for target in [a, b] { try writeStartingFile("1", to: target) }
        try files.createSymbolicLink(atPath: file, withDestinationPath: a)
        let reports = Reports()
        let watcher = FileWatcher(poll: poll) { reports.add($0) }
        defer { watcher.stop() }
        watcher.watch([file])
        try "22".write(toFile: a, atomically: false, encoding: .utf8)
        try await reports.wait(for: 1)
        // Re-pointed as `ln -sfn` does: a new link renamed over the old one.
        try files.createSymbolicLink(atPath: file + ".new", withDestinationPath: b)
        #expect(rename(file + ".new", file) == 0)
        try await reports.wait(until: { $0.count >= 2 }, "the re-pointed link")
        try await waitUntilSettled(watcher)
        let settled = reports.all.count
        try "333".write(toFile: a, atomically: false, encoding: .utf8)   // where it led: not ours now
        try await waitUntilSettled(watcher)
        #expect(reports.all.count == settled)
        try "22".write(toFile: b, atomically: false, encoding: .utf8)
        try await reports.wait(for: settled + 1)
        #expect(reports.all.allSatisfy { $0 == [FileWatcher.absolute(file)] }, "\(reports.all)")
    }

    /// With `--time-limit 0` a script that loops for ever holds the run: after `stillRunningAfter`
    /// the page and the terminal say that it still runs, name `--time-limit` and how to stop it;
    /// a page opened meanwhile is told too; the save of the fixed script stops the loop and its
    /// run shows the picture, with no error
    /// shown for the stopped run. Before, nothing was said and the save waited behind the loop
    /// for ever.
    @Test func aRunThatNeverEndsIsSaidAndTheFixsSaveStopsIt() async throws {
        let (session, script, _, messages) = try rowsSession("return { simpleLayout = function(ctx) while true do end end }\n") {
            $0.limits.timeLimitSeconds = 0
            $0.stillRunningAfter = 0.3
        }
        let lines = ErrorLog(), errors = ErrorLog()
        session.log = { lines.add($0) }; session.logError = { errors.add($0) }
        try await running(session, poll: false)
        let notice = "gen 1 is still running after 0.3 s: the script may never end, and --time-limit 0 lets a call run for ever."
            + " Save a fix to stop it and run again (or end the preview with Ctrl-C); --time-limit SECONDS stops a call that runs longer."
        for _ in 0..<200 where !lines.all.contains(notice) { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(lines.all == [notice])
        let late = MessageLog(hub: session.hub)   // a page opened while the run goes on
        try "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n"
            .write(toFile: script, atomically: false, encoding: .utf8)
        for _ in 0..<200 where session.lastGoodRun == nil { try await Task.sleep(nanoseconds: 50_000_000) }
        session.stop()
        #expect(session.lastGoodRun?.generation == 2)
        #expect(session.lastGoodRun?.run.result.count == 2)
        #expect(lines.all.first == notice && lines.all.dropFirst().first == "gen 1 failed while another save arrived; running again",
                "\(lines.all)")
        #expect(errors.all == [])
        let (texts, frames, _, _) = await messages.received()
        #expect(texts.first == JSONWriter.write(.object(["type": .string("running"), "gen": .int(1), "message": .string(notice)])))
        #expect(frames == 1)
        #expect(!texts.contains { $0.contains(#""type":"error""#) }, "\(texts)")
        #expect(await late.received().texts.first == texts.first)
    }

    /// A file saved 100 times in a second (an editor's autosave, a generator): the picture ends
    /// at the last save, and no error flashes for a half-written save polling looked at (unless a
    /// busy machine stalled the writer mid-save past the settle interval: polling cannot tell
    /// such a save from a file left empty; inotify waits for a save still being written). Under
    /// inotify or polling a burst is a few runs (the watcher holds saves until they stop), not one a save.
    ///
    /// Its end is waited for by what the preview does, not by the clock (a fixed wait, which a
    /// loaded machine can outlast): once the watcher has looked since the last save and reported
    /// all it saw, a new viewport asks for one more run, which comes after those reports' runs;
    /// its picture is of the data the preview ended at.
    @Test(arguments: [false, true]) func aHundredSavesInASecondEndAtTheLast(poll: Bool) async throws {
        let (session, _, data, _, errors) = try rowsSessionThatRanOnce()
        let runs = RunLog()
        session.onRun = { runs.add($0) }
        try await running(session, poll: poll)
        let saves = try saveBurst(to: data) { k in
            #"{"items": [\#((0...k % 7).map { #"{"id": "s\#(k)-\#($0)"}"# }.joined(separator: ", "))]}"#
        }
        let watcher = try #require(session.watcher)
        try await untilDone("the watcher to report every save") { watcher.hasLooked(since: saves.last!.end) && watcher.heldUntil == nil }
        let marker = Size(width: 376, height: 812)
        session.setViewport(marker)
        try await untilDone("the run of the new viewport") { session.lastGoodRun?.run.viewport == marker }
        session.stop()
        #expect(session.lastGoodRun.map { $0.run.dataset.items[0].id.description } == "s100-0")
        #expect(session.lastGoodRun?.run.dataset.count == 100 % 7 + 1)
        let stall = poll ? FileWatcher.settleInterval : FileWatcher.longestWrite
        let stalled = saves.filter { $0.end - $0.start >= stall }.count
        #expect(errors.all.count <= stalled, "\(stalled) saves stalled past \(stall) s: \(errors.all)")
        // A run reads what every report since the last named; the first run (of no report) may
        // run too, and the new viewport's.
        let bound = Self.reportsAllowed(for: saves, until: FileWatcher.now()) + 2
        #expect((1...bound).contains(runs.all.count), "\(runs.all.count) runs; at most \(bound) allowed")
    }

    /// Waits until `done`, which the preview's own work makes true however slowly a busy machine
    /// lets it run; only a preview that never gets there (its watcher or render thread stuck)
    /// waits the ten minutes that fail the test.
    private func untilDone(_ what: String, _ done: () -> Bool) async throws {
        let deadline = FileWatcher.now() + 600
        while !done() && FileWatcher.now() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(done(), "waited 10 minutes for \(what)")
    }

    /// A file saved 100 times in a row, 10 ms apart (an editor's autosave, a generator): the
    /// watcher, inotify or polling, reports the first save at once, holds the later ones until the
    /// saves stop for `FileWatcher.quietInterval` (at most `FileWatcher.longestHold` each), then
    /// reports them as one; before, each save was reported on its own (about 100 reports under
    /// inotify, one a poll, about 10, when polling). The count asserted holds however slow the
    /// machine: a pause of the writer as long as the quiet interval may end a burst (it is then
    /// two), so the bound counts those pauses and the holds that ran out.
    @Test(arguments: [false, true]) func aBurstOfSavesIsReportedAtItsStartAndOnceItsOver(poll: Bool) async throws {
        let folder = try temporaryFolder()
        let (file, counter, watcher) = try watchedFile("data.json", in: folder, poll: poll)
        defer { watcher.stop() }
        let saves = try saveBurst(to: file) { #"{"k": \#($0)}"# }
        try await counter.wait(until: { $0.last.map { $0 >= saves.last!.start } == true }, "a report after the last save")
        try await Task.sleep(nanoseconds: 300_000_000)   // past the hold: nothing more comes
        let times = counter.times
        let bound = Self.reportsAllowed(for: saves, until: try #require(times.last))
        #expect(times.count <= bound, "\(times.count) reports for 100 saves; at most \(bound) allowed")
    }

    /// The most reports a burst of `saves` may get by `end` (the last report), counted from how
    /// the saves were spaced: each pause as long as the quiet interval may begin a burst, reported
    /// at once and once over; a hold that runs out is one more each `longestHold` seconds.
    static func reportsAllowed(for saves: [(start: Double, end: Double)], until end: Double) -> Int {
        // A save's event happened between its start and end: two saves were at most this far apart.
        let pauses = zip(saves, saves.dropFirst()).filter { $1.end - $0.start >= FileWatcher.quietInterval }.count
        return 2 * (1 + pauses) + Int((end - saves[0].start) / FileWatcher.longestHold)
    }

    /// Writes `file` 100 times in place, 10 ms apart, with `text(k)` for save k (1...100); returns
    /// when each save started and ended (uptime seconds).
    private func saveBurst(to file: String, _ text: (Int) -> String) throws -> [(start: Double, end: Double)] {
        try (1...100).map { k in
            let start = FileWatcher.now()
            try text(k).write(toFile: file, atomically: false, encoding: .utf8)
            let end = FileWatcher.now()
            usleep(10_000)
            return (start, end)
        }
    }

    /// A quiet session over `source` (rows.lua) and two items (data.json) in a new folder, with one
    /// page whose messages `messages` keeps.
    /// The text messages a page received and the header of the newest frame it was sent.
    private func newestFrame(_ messages: MessageLog) async throws -> (texts: [String], header: JSONValue) {
        let (texts, _, _, headers) = await messages.received()
        return (texts, try JSONParser.parse(try #require(headers.last)))
    }

    /// A session of the layout script `source` over items a and b, with the animator script
    /// `animator` (as `--animator FILE.lua`) when given.
    private func rowsSession(_ source: String, maxDataBytes: Int = DatasetLoader.defaultMaxBytes, animator: String? = nil,
                             configure: (inout PreviewSession.Configuration) -> Void = { _ in }) throws
        -> (session: PreviewSession, script: String, data: String, messages: MessageLog) {
        let folder = try temporaryFolder()
        let script = folder.appendingPathComponent("rows.lua").path, data = folder.appendingPathComponent("data.json").path
        try source.write(toFile: script, atomically: true, encoding: .utf8)
        try #"{"items": [{"id": "a"}, {"id": "b"}]}"#.write(toFile: data, atomically: true, encoding: .utf8)
        var configuration = PreviewSession.Configuration(layout: script, dataPath: data)
        configuration.maxDataBytes = maxDataBytes
        if let animator {
            let file = folder.appendingPathComponent("appear.lua").path
            try animator.write(toFile: file, atomically: true, encoding: .utf8)
            configuration.animator = file
            configuration.animatorFile = try animatorFile(file)
        }
        configure(&configuration)
        let session = PreviewSession(configuration)
        session.log = { _ in }; session.logError = { _ in }
        let messages = MessageLog(hub: session.hub)
        return (session, script, data, messages)
    }

    /// A session whose script's rows are as high as its module (rowheight.lua) says (30), reading
    /// only the files reported changed.
    private func moduleSession() throws -> (session: PreviewSession, script: String, module: String) {
        let (session, script, _, _) = try rowsSession(
            "local m = require('rowheight')\nreturn { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * m.h, ctx.width, m.h) end end }\n")
        let module = URL(fileURLWithPath: script).deletingLastPathComponent().appendingPathComponent("rowheight.lua").path
        try "return { h = 30 }\n".write(toFile: module, atomically: true, encoding: .utf8)
        session.readsOnlyChangedFiles = true
        return (session, script, module)
    }

    /// A watcher of the file `name` (holding "1") in `folder`, whose reports it counts; each must
    /// name that file alone.
    private func watchedFile(_ name: String, in folder: URL, poll: Bool) throws -> (file: String, counter: Counter, watcher: FileWatcher) {
        let file = folder.appendingPathComponent(name).path
        try writeStartingFile("1", to: file)
        let (counter, watcher) = countingWatcher(of: file, poll: poll)
        watcher.watch([file])
        return (file, counter, watcher)
    }

    /// Waits until `watcher` has reported all that the changes made so far set off (30 s at most,
    /// no timing asserted): counted after it, a late report cannot slip past a test.
    private func waitUntilSettled(_ watcher: FileWatcher) async throws {
        let since = FileWatcher.now()
        for _ in 0..<3000 where !watcher.hasSettled(since: since) { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(watcher.hasSettled(since: since), "waited 30 s for the watcher to settle")
    }

    /// A watcher (not yet watching anything) whose reports it counts; each must name `file` alone.
    private func countingWatcher(of file: String, poll: Bool, log: @escaping @Sendable (String) -> Void = { _ in })
        -> (counter: Counter, watcher: FileWatcher) {
        let counter = Counter()
        let watcher = FileWatcher(poll: poll, log: log) { paths in
            #expect(paths == [FileWatcher.absolute(file)])
            counter.increment()
        }
        return (counter, watcher)
    }

    /// Starts `session`'s watcher (polling when `poll`) and its render loop, as `tessera preview`
    /// does (watching records the files at once, polling too: a save right after is a change).
    private func running(_ session: PreviewSession, poll: Bool) async throws {
        session.startWatching(poll: poll)
        Thread { session.renderLoop() }.start()
    }

    /// A session of rows 30 high over items a and b that has run once, and its error lines.
    private func rowsSessionThatRanOnce() throws
        -> (session: PreviewSession, script: String, data: String, messages: MessageLog, errors: ErrorLog) {
        let (session, script, data, messages) = try rowsSession(
            "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end end }\n")
        let errors = ErrorLog()
        session.logError = { errors.add($0) }
        session.render()
        return (session, script, data, messages, errors)
    }

    /// A new folder with `real/data.json` and `other/data.json` (each "1") and `data`, a symbolic
    /// link to `real`; `file` is `data/data.json`.
    private func linkedDataFolder() throws -> (root: URL, link: String, other: String, file: String) {
        let root = try temporaryFolder(), files = FileManager.default
        let link = root.appendingPathComponent("data").path, real = root.appendingPathComponent("real").path
        let other = root.appendingPathComponent("other").path
        for folder in [real, other] {
            try files.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try writeStartingFile("1", to: folder + "/data.json")
        }
        try files.createSymbolicLink(atPath: link, withDestinationPath: real)
        return (root, link, other, link + "/data.json")
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Counts watcher callbacks; `wait` polls for a count (generous limit, no timing asserted).
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var stamps: [Double] = []
    var value: Int { lock.withLock { stamps.count } }
    /// When each callback came (uptime seconds, as `FileWatcher.now()`).
    var times: [Double] { lock.withLock { stamps } }
    func increment() { lock.withLock { stamps.append(FileWatcher.now()) } }
    func wait(for target: Int) async throws {
        try await wait(until: { $0.count >= target }, "\(target) change reports")
    }
    /// Waits until the callbacks' times so far satisfy `done`.
    func wait(until done: ([Double]) -> Bool, _ what: String) async throws {
        for _ in 0..<600 where !done(times) { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(done(times), "waited 30 s for \(what), got \(value) change reports")
    }
}

/// The watcher's reports, in order; `wait` polls for a count (generous limit, no timing asserted).
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [[String]] = []
    var all: [[String]] { lock.withLock { reports } }
    func add(_ paths: [String]) { lock.withLock { reports.append(paths) } }
    func wait(for target: Int) async throws {
        try await wait(until: { $0.count >= target }, "\(target) change reports")
    }
    /// Waits until the reports so far satisfy `done`.
    func wait(until done: ([[String]]) -> Bool, _ what: String) async throws {
        for _ in 0..<600 where !done(all) { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(done(all), "waited 30 s for \(what), got \(all)")
    }
}

/// What a page would have received.
private struct MessageLog {
    let hub: PreviewHub
    let id = UUID()
    let stream: AsyncStream<PageMessage>

    init(hub: PreviewHub) { self.hub = hub; stream = hub.add(id).messages }

    /// The text messages, the number of frames, the id tables and the frames' headers, once the
    /// log is closed.
    func received() async -> (texts: [String], frames: Int, idTables: [[UInt8]], headers: [String]) {
        hub.remove(id)
        var texts: [String] = [], frames = 0, tables: [[UInt8]] = [], headers: [String] = []
        for await message in stream {
            switch message {
            case .text(let text): texts.append(text)
            case .data(let data):
                let bytes = [UInt8](data)
                let header = (try? PreviewTests.binaryMessage(bytes).header) ?? ""
                if header.hasPrefix("{\"type\":\"ids\"") { tables.append(bytes) } else { frames += 1; headers.append(header) }
            }
        }
        return (texts, frames, tables, headers)
    }
}

/// The lines a session logged, in order.
private final class LineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func add(_ line: String) { lock.withLock { lines.append(line) } }
}

/// The runs a session reported, in order.
private final class RunLog: @unchecked Sendable {
    private let lock = NSLock()
    private var runs: [PreviewSession.Run] = []
    var all: [PreviewSession.Run] { lock.withLock { runs } }
    func add(_ run: PreviewSession.Run) { lock.withLock { runs.append(run) } }
}

/// The error lines a session logged, in order.
final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func add(_ line: String) { lock.withLock { lines.append(line) } }
}
