import Foundation
import Testing
@testable import tessera

/// `--out FILE` named where no file can go: under a file used as a folder (said as `--junit`
/// says it, by what the folder is), or the very file the shell already sends stdout to. Both
/// are refused before any work, with status 1, nothing on stdout and nothing written.
@Suite struct OutTargetCLITests {
    /// The files in `dir`, but for the profile a coverage build's tessera leaves where it runs.
    func files(in dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasSuffix(".profraw") }.sorted()
    }

    @Test(arguments: [
        ("notes/x.json", "Error: cannot write notes/x.json: 'notes' is not a folder.\n"),
        ("notes/sub/x.json", "Error: cannot write notes/sub/x.json: not a directory.\n"),
    ])
    func aFileUsedAsAFolderIsNamed(path: String, message: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "mine\n".write(to: dir.appendingPathComponent("notes"), atomically: true, encoding: .utf8)
        let r = try runTessera(["run", "waterfall", "--out", path], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr == message)
        #expect(r.stdout == "")
        #expect(try String(contentsOf: dir.appendingPathComponent("notes"), encoding: .utf8) == "mine\n")
        #expect(try files(in: dir) == ["notes"])
    }

    /// `tessera run waterfall --out x.json > x.json`: the shell has emptied x.json for stdout;
    /// writing it again through --out would interleave the two.
    @Test func theFileStdoutWritesToIsRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("x.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let file = try #require(FileHandle(forWritingAtPath: path))
        let process = try ChildProcess(tesseraBinary.path, ["run", "waterfall", "--out", "x.json"], in: dir.path,
                                       environment: childEnvironment(),
                                       stdin: .null, stdout: .handle(file), stderr: .pipe)
        try file.close()
        let message = String(decoding: process.error!.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.wait() == .exited(1))
        #expect(message == "Error: cannot write x.json: it is the file standard output already writes to; leave out --out to print there.\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
        #expect(try files(in: dir) == ["x.json"])
    }
}
