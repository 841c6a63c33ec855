import Foundation
import Testing
@testable import tessera

/// `tessera preview --open` when the browser opener is missing or fails: the preview goes on,
/// and stderr says why no browser opened. The opener is whatever `xdg-open` the PATH finds.
@Suite struct PreviewOpenCLITests {
    /// Starts `tessera preview --open` with `path` as its PATH; the first line it prints on
    /// stderr (nil if none comes within 60 s), then stops it.
    func firstErrorLine(path: String) throws -> String? {
        let preview = try ChildProcess(tesseraBinary.path, ["preview", "flow", "--data", "datasets/examples/photos.jsonl",
                                                            "--port", "0", "--open"],
                                       in: repositoryRoot.path, environment: childEnvironment(["PATH": path]), stdin: .null, stdout: .null, stderr: .pipe)
        let watchdog = DispatchWorkItem { preview.kill() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer {
            watchdog.cancel()
            preview.kill()
            preview.wait()
        }
        var shown = Data()
        while !shown.contains(UInt8(ascii: "\n")) {
            let more = preview.error!.availableData
            if more.isEmpty { return nil }
            shown += more
        }
        return String(decoding: shown.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    @Test func anOpenerThatCannotStartIsNamedWithTheReason() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try firstErrorLine(path: dir.path)
            == "preview: could not open a browser (cannot start xdg-open: no such file or directory); open the address above")
    }

    @Test func anOpenerThatFailsIsReportedWithItsStatusAndWasGivenThePrivatePage() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let opener = dir.appendingPathComponent("xdg-open").path
        let record = dir.appendingPathComponent("opened").path
        try "#!/bin/sh\nprintf '%s' \"$*\" > '\(record)'\nexit 3\n".write(toFile: opener, atomically: true, encoding: .utf8)
        #expect(chmod(opener, 0o755) == 0)
        #expect(try firstErrorLine(path: dir.path)
            == "preview: could not open a browser (xdg-open ended with exit status 3); open the address above")
        let opened = try String(contentsOfFile: record, encoding: .utf8)
        #expect(opened.hasPrefix("file://" + NSTemporaryDirectory() + "tessera-open-"), "\(opened)")
        #expect(opened.hasSuffix("/open.html"), "\(opened)")
    }
}
