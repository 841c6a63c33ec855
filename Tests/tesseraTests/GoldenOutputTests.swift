import Foundation
import Testing
import TesseraCore
import TesseraRender
@testable import tessera

/// Every output of the CLI, byte for byte, against files recorded in `Golden/`: a refactoring
/// that moves code between files or rewrites an encoder must leave what a person or a program
/// reads unchanged. Each case runs the built `tessera` on small inputs (the 12 example photos, a
/// layout drawing every kind of element in `Golden/pages.lua`); the preview's case runs a session
/// in this process and writes down, as text, what a page receives: the page itself, then each
/// message (the binary ones as their JSON header and their body in hex), with the timings,
/// which are wall-clock, written as 0 (`N ms` in a text output) and the checkout's path as `<root>`.
///
/// `TESSERA_RECORD_GOLDEN=1 swift test --filter GoldenOutputTests` writes the files anew (and
/// fails, so that it is never left on); look at the difference before committing it.
@Suite struct GoldenOutputTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/tesseraTests/Golden")
    static let layout = "Tests/tesseraTests/Golden/pages.lua"
    static let before = "datasets/examples/photos.jsonl"
    static let after = "Tests/tesseraTests/Golden/photos-after.jsonl"
    static let page = ["--viewport", "300x400", "--offset", "0,150"]

    /// Golden file name (its extension says the format) and the arguments of the run.
    static let cases: [(String, [String])] = [
        ("run.json", ["run", layout, "--data", before] + page),
        ("run.txt", ["run", layout, "--data", before, "--format", "text"] + page),
        ("run.svg", ["run", layout, "--data", before, "--format", "svg"] + page),
        ("run.html", ["run", layout, "--data", before, "--format", "html", "--section-offset", "0=120,0"] + page),
        ("run-waterfall.html", ["run", "waterfall", "--data", before, "--format", "html", "--viewport", "320x300"]),
        ("diff.json", ["diff", before, after]),
        ("diff-staged.json", ["diff", before, after, "--staged"]),
        ("diff.txt", ["diff", before, after, "--format", "text"]),
        ("scroll.json", ["scroll", layout, "--data", before, "--viewport", "300x400", "--steps", "3", "--format", "json"]),
        ("scroll.txt", ["scroll", layout, "--data", before, "--viewport", "300x400", "--steps", "3"]),
        ("animate.json", ["animate", layout, "--data", before, "--to", after, "--animator", "fade", "--fps", "10"] + page),
        ("animate.html", ["animate", layout, "--data", before, "--to", after, "--animator", "fade", "--fps", "10", "--format", "html"] + page),
        ("check.txt", ["check", layout, "--data", before]),
        ("layouts.txt", ["layouts"]),
    ]

    /// The REPL's transcript: what piped lines print.
    static let replInput = """
    x = 41
    x + 1
    #data
    data[3]
    r = run(L, {width = 300, height = 400})
    r:contentSize()
    r:frame(2)
    r:visible(0, 150, 300, 400)
    r:show()
    error('boom')
    'after'

    """

    @Test(arguments: cases.map(\.0)) func theCLIWritesWhatItWroteBefore(name: String) throws {
        let arguments = try #require(Self.cases.first { $0.0 == name }).1
        let outcome = try runTessera(arguments)
        try Self.compare(name, Self.wallClockless("status \(outcome.status)\n--- stdout\n" + outcome.stdout + "\n--- stderr\n" + outcome.stderr))
    }

    @Test func theREPLWritesWhatItWroteBefore() throws {
        let outcome = try runTessera(["repl", "--time-limit", "0", "--data", Self.before, "--layout", Self.layout], input: Self.replInput)
        try Self.compare("repl.txt", Self.wallClockless("status \(outcome.status)\n--- stdout\n" + outcome.stdout + "\n--- stderr\n" + outcome.stderr))
    }

    @Test func thePreviewSendsWhatItSentBefore() async throws {
        // Lua shortens a long file name to its end in messages: that end does not vary.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-golden-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("the-preview-session-of-the-golden-output-tests-in-this-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let script = folder.appendingPathComponent("pages.lua").path, data = folder.appendingPathComponent("photos.jsonl").path
        try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent(Self.layout).path, toPath: script)
        try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent(Self.before).path, toPath: data)
        var configuration = PreviewSession.Configuration(layout: script, dataPath: data)
        configuration.viewport = Size(width: 300, height: 400)
        configuration.animator = "fade"
        let session = PreviewSession(configuration)
        session.log = { _ in }; session.logError = { _ in }
        let page = UUID()
        let outbox = session.hub.add(page)
        var transcript = "== page\n" + PreviewPage.html(largestSide: PageViewport.sides.upperBound) + "\n"
        func drain(_ title: String) async {
            transcript += "== \(title)\n"
            while outbox.pendingBytes > 0, let item = await outbox.next() {
                guard case .message(let message) = item else { continue }
                switch message {
                case .text(let text): transcript += "text " + text + "\n"
                case .data(let bytes): transcript += Self.binary([UInt8](bytes))
                }
            }
        }
        session.render()
        await drain("first run")
        // The inspector's two replies (the socket sends them as they come).
        transcript += "== inspect item 2\ntext " + session.inspection(of: 2) + "\ntext " + session.frameOriginMessage(of: 2) + "\n"
        session.handle(#"{"type":"scroll","x":0,"y":100,"shelves":[[0,120,0]]}"#, from: page)
        try FileManager.default.removeItem(atPath: data)
        try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent(Self.after).path, toPath: data)
        session.render()
        await drain("data saved: animated")
        let good = try String(contentsOfFile: script, encoding: .utf8)
        try "local t = require('tessera')\nreturn t.compositional{ section = t.section{ group = nil + 1 } }\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        session.render()
        await drain("script error")
        // (A new viewport schedules a run, which a failing run would wait for: it comes last.)
        try good.write(toFile: script, atomically: true, encoding: .utf8)
        session.setViewport(Size(width: 320, height: 420))
        session.render()
        await drain("script fixed, viewport 320x420")
        session.handle("not json", from: page)
        await drain("a message that is not JSON")
        session.hub.remove(page)
        let normalized = transcript.replacingOccurrences(of: folder.path, with: "<folder>")
            .replacingOccurrences(of: repositoryRoot.path, with: "<root>")
        try Self.compare("preview.txt", Self.zeroTimings(normalized))
    }

    /// A binary message as text: its JSON header, then its body in hex, 32 bytes a line.
    static func binary(_ bytes: [UInt8]) -> String {
        guard bytes.count >= 4 else { return "binary (short) \(bytes)\n" }
        let length = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        let header = String(decoding: bytes[4..<(4 + length)], as: UTF8.self)
        // After the padding to 8 bytes, which varies with the timings' digits.
        let body = bytes[(4 + length + (8 - (4 + length) % 8) % 8)...]
        var text = "binary " + header + "\n"
        var line = ""
        for (k, byte) in body.enumerated() {
            line += String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
            if k % 32 == 31 { text += "  " + line + "\n"; line = "" }
        }
        if !line.isEmpty { text += "  " + line + "\n" }
        return text
    }

    /// `0.67 ms` as `N ms` (and `us`), `"medianUs":128.1` as `"medianUs":0`: what an output
    /// says about the time it took is wall-clock.
    static func wallClockless(_ text: String) -> String {
        text.replacing(/[0-9]+(\.[0-9]+)? (ms|us)\b/) { "N \($0.2)" }
            .replacing(/"(us|[a-z0-9]+Us)":[0-9][0-9.e+-]*/) { "\"\($0.1)\":0" }
    }

    /// `["read",0.12]` as `["read",0]`: step timings are wall-clock.
    static func zeroTimings(_ text: String) -> String {
        text.replacing(/\["([a-z]+)",-?[0-9][0-9.e+-]*\]/) { "[\"\($0.1)\",0]" }
    }

    static func compare(_ name: String, _ actual: String) throws {
        let file = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TESSERA_RECORD_GOLDEN"] == "1" {
            try actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); unset TESSERA_RECORD_GOLDEN to compare")
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = Array(zip(a, e)).firstIndex { $0 != $1 } ?? min(a.count, e.count)
            Issue.record("""
                \(name) differs from Golden/\(name) at line \(line + 1):
                  now:    \(line < a.count ? String(a[line].prefix(300)) : "(end)")
                  before: \(line < e.count ? String(e[line].prefix(300)) : "(end)")
                """)
        }
    }
}
