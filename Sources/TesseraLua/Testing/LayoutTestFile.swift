#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CLua
import LuaBridge
import TesseraCore

/// The Lua half of the test harness: layout-tests.lua, beside this file (compiled in by SwiftPM:
/// `.embedInCode`).
enum LayoutTestHarness {
    static let chunkName = "=[tessera test]"
    static let source = String(decoding: PackageResources.layout_tests_lua, as: UTF8.self)
}

/// Runs one `*_test.lua` file in a fresh, sandboxed Lua state: loads it (its `test(...)` calls
/// declare the tests), runs each test as its own call into Lua under the limits, checks and
/// records its snapshots, and writes the snapshot file once at the end when it changed.
package enum LayoutTestFile {
    /// Runs the test file at `path`. Never throws: every failure is a failed test of the result.
    public static func run(path: String, options: LayoutTestOptions) -> LayoutTestFileResult {
        let snapshotPath = SnapshotFile.path(forTest: path)
        var result = LayoutTestFileResult(path: path, snapshotPath: snapshotPath)
        func failed(_ message: String) -> LayoutTestFileResult {
            result.tests.append(fileFailure(message))
            return result
        }
        if let refusal = refusal(of: snapshotPath) { return failed(refusal) }
        let stored: SnapshotFile
        if ScriptFiles.exists(snapshotPath) {
            guard let bytes = ScriptFiles.read(snapshotPath) else { return failed("\(snapshotPath): the snapshot file cannot be read") }
            do { stored = try SnapshotFile(parsing: bytes, file: snapshotPath) } catch { return failed("\(error)") }
        } else {
            stored = SnapshotFile()
        }
        let session = LayoutTestSession(options: options, path: path, stored: stored)

        let host: LuaHost
        let functions: [LuaValue]
        do {
            host = try LuaHost(limits: options.limits, searchPaths: [session.folder] + LuaHost.standardSearchPaths())
            host.layoutTestSession = session
            functions = try host.installTestHarness(session: session)
            guard let bytes = ScriptFiles.readSource(path) else { return failed("\(path): the test file cannot be read (\(ScriptFiles.readFailure(path)))") }
            let environment = try host.newEnvironment(directory: session.folder)
            host.setField("test", of: environment, to: functions[0])
            host.setField("expect", of: environment, to: functions[1])
            let chunk = try host.load(String(decoding: bytes, as: UTF8.self), chunkName: "@" + path, environment: environment)
            try host.call(.function(chunk))
        } catch {
            return failed(message(of: error, options: options))
        }

        let count: Int
        if case .integer(let n)? = try? host.call(functions[2]).first { count = max(0, n) } else { count = 0 }
        // A file that declares no test fails, as Jest's does, so a helper named like a test
        // file, or a file whose tests were left out, cannot pass a CI job on nothing. Under a
        // filter it is a file whose tests the filter matched none of, as any other, so a
        // mistyped filter is told apart from a failed test. Its snapshots are then obsolete,
        // but `--update` keeps them: the file failed, as a test that fails keeps its own.
        if count == 0 && options.filter == nil {
            result.tests.append(fileFailure(noTestsMessage(path)))
            result.obsoleteKept = true
        }
        var failedTests: [String] = []
        for i in 1..<(count + 1) {
            guard case .string(let name)? = try? host.call(functions[3], [.integer(i)]).first else { continue }
            if let filter = options.filter, !name.contains(filter) { continue }
            session.begin(name)
            let start = ContinuousClock.now
            var clock = tb_threadclock()
            let cpuStart = tb_readthreadclock(&clock)
            var failure: String?
            var line: Int?
            var cpuMilliseconds: Double?
            do {
                try host.call(functions[4], [.integer(i)])
            } catch {
                failure = message(of: error, options: options)
                if let error = error as? LuaScriptError, error.file == path { line = error.line }
                cpuMilliseconds = Self.cpuStop(error, limit: options.limits.timeLimit, start: cpuStart, clock: &clock, host: host)
            }
            let elapsed = ContinuousClock.now - start
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            var mismatches = session.mismatches
            for k in mismatches.indices { mismatches[k].line = line }
            session.end(failed: failure != nil)
            if failure != nil { failedTests.append(name) }
            result.tests.append(LayoutTestResult(name: name, milliseconds: ms, cpuMilliseconds: cpuMilliseconds,
                                                 failure: failure, mismatches: mismatches))
            session.runs.removeAll()
        }

        // A snapshot no test asked for is obsolete, unless a filter left its test out or its
        // test failed before asking.
        if options.filter == nil {
            result.obsolete = stored.entries.keys.filter { key in
                session.asked[key] == nil && !failedTests.contains { key.hasPrefix($0 + " ") || key.hasPrefix($0 + ": ") }
            }.sorted()
        }
        let pending = session.pending.keys.sorted()
        result.written = pending.filter { stored.entries[$0] == nil }
        result.updated = pending.filter { stored.entries[$0] != nil }
        result.unchanged = session.matched.count
        let removing = options.update && !result.obsoleteKept ? result.obsolete : []
        guard !session.pending.isEmpty || !removing.isEmpty else { return result }
        var entries = stored.entries
        for (key, value) in session.pending { entries[key] = value }
        for key in removing { entries[key] = nil }
        if let problem = save(SnapshotFile(entries: entries), to: snapshotPath, options: options) {
            result.written = []
            result.updated = []
            return failed(problem)
        }
        return result
    }

    /// The CPU time (ms) the test's call counted against its time limit, when `error` is that
    /// limit stopping it: the thread's own since `start` and what helper threads lent it. Nil
    /// for any other failure, and for a stop at the wall-clock limit (less CPU time than the
    /// limit: the call waited), whose figure is the wall time.
    private static func cpuStop(_ error: Error, limit: Double?, start: Int64, clock: inout tb_ThreadClock, host: LuaHost) -> Double? {
        guard let error = error as? LuaScriptError, error.kind == .timeLimit, let limit, start >= 0 else { return nil }
        let now = tb_readthreadclock(&clock)
        guard now >= start else { return nil }
        let used = Double(now - start + tb_lentcpu(host.L))
        return used >= limit * 1e9 ? used / 1e6 : nil
    }

    /// A failure of the file itself, reported in place of a test.
    static func fileFailure(_ message: String) -> LayoutTestResult {
        LayoutTestResult(name: LayoutTestResult.fileTestName, milliseconds: 0, failure: message)
    }

    /// The line under a file's obsolete snapshots, without `--update`: the command that removes
    /// them, as a failed snapshot's line names the one that accepts it. Nil when there are none,
    /// or when `--update` would keep them (the file declares no tests).
    package static func obsoleteHint(for file: LayoutTestFileResult) -> String? {
        guard !file.obsolete.isEmpty, !file.obsoleteKept else { return nil }
        let them = file.obsolete.count == 1 ? "it" : "them"
        return "(run `tessera test \(LayoutTestSession.shellWord(file.path)) --update` to remove \(them))"
    }

    /// The failure of a test file that declares no test.
    static func noTestsMessage(_ path: String) -> String {
        "\(path): declares no tests; expected at least one test(name, function() ... end) call"
    }

    /// The failure text of an error: its `file:line: message` sentence, then for a limit's
    /// stop the line naming the flag that moves it (`options.limitHint`).
    static func message(of error: Error, options: LayoutTestOptions) -> String {
        guard let error = error as? LuaScriptError else { return "\(error)" }
        return options.limitHint(error.kind).map { error.message + "\n" + $0 } ?? error.message
    }

    /// Why snapshots may not be kept at `snapshotPath`, or nil: the `__snapshots__` folder and
    /// the file must not be symbolic links (a link would put them outside the test's folder),
    /// and the folder must be a folder.
    static func refusal(of snapshotPath: String) -> String? {
        let folder = ScriptFiles.folder(of: snapshotPath)
        var info = stat()
        if lstat(folder, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK {
                return "\(folder) is a symbolic link; snapshots are kept only in a real folder beside the test file, never written through a link"
            }
            if (info.st_mode & S_IFMT) != S_IFDIR { return "\(folder) is not a folder; snapshots are kept in a folder of that name" }
        }
        if lstat(snapshotPath, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK {
                return "\(snapshotPath) is a symbolic link; snapshots are kept only inside the test file's folder, never written through a link"
            }
            if (info.st_mode & S_IFMT) != S_IFREG { return "\(snapshotPath) is not a regular file" }
        }
        return nil
    }

    /// Writes `file` (atomically, with `options.write`), or removes it and its folder when it
    /// holds nothing; returns why that failed, or nil.
    static func save(_ file: SnapshotFile, to snapshotPath: String, options: LayoutTestOptions) -> String? {
        let folder = ScriptFiles.folder(of: snapshotPath)
        if file.entries.isEmpty {
            if unlink(snapshotPath) != 0 && errno != ENOENT { return "cannot remove \(snapshotPath): \(systemReason(errno))" }
            _ = rmdir(folder)   // only when empty
            return nil
        }
        if !ScriptFiles.isFolder(folder) && mkdir(folder, 0o777) != 0 && errno != EEXIST {
            return "cannot create \(folder): \(systemReason(errno))"
        }
        if let refusal = refusal(of: snapshotPath) { return refusal }
        do { try options.write(snapshotPath, file.text()) } catch { return "\(error)" }
        return nil
    }
}

extension LuaHost {
    /// Adds `t.run` to this host's module, loads the harness and returns its functions:
    /// test, expect, count, name(i), run(i). Call before any environment is made.
    func installTestHarness(session: LayoutTestSession) throws -> [LuaValue] {
        lua_rawgeti(L, LuaStack.registry, lua_Integer(tesseraRef))
        pushHostFunction(TesseraModule.moduleRun, named: "t.run", arguments: 2)
        LuaStack.setField(L, -2, "run")
        tb_pop(L, 1)

        let environment = try newEnvironment()
        lua_createtable(L, 0, Int32(TesseraModule.layoutTestChecks.count))
        for (name, function) in TesseraModule.layoutTestChecks {
            pushHostFunction(function, named: name)
            LuaStack.setField(L, -2, name)
        }
        let checks = popValue()
        let harness = try load(LayoutTestHarness.source, chunkName: LayoutTestHarness.chunkName, environment: environment)
        let functions = try call(.function(harness), [checks])
        guard case .table(let handles)? = try evaluate("return setmetatable({}, {__mode = 'k'})", environment: environment).first,
              functions.count == 5 else {
            throw LuaScriptError(.script, message: "the test harness did not load")
        }
        session.runHandles = handles
        return functions
    }
}
