import OrderedCollections
import TesseraCore

/// `tessera test --report FILE.html`: one self-contained page with, for every snapshot that
/// did not match, its message and the old and new frames overlaid on one picture (moved
/// elements highlighted, those that appeared or disappeared in their own colours), with a
/// slider that fades from the old frames to the new ones and buttons for old, both and new.
///
/// Tests that failed otherwise (a script error, a `toEqual`, a missing snapshot in CI) are
/// listed below with their messages: a CI job's page must not read "No snapshot failed" alone
/// when the job is red.
///
/// The page is Pages/snapshot-report.html (with snapshot-report.js) with the failures as JSON in
/// its data elements; frames are flat arrays `x, y, w, h, change`.
package struct SnapshotReportPage {
    /// The test files' results, in the order the page lists them.
    public var files: [LayoutTestFileResult]

    public init(files: [LayoutTestFileResult]) { self.files = files }

    /// The page's text. O(elements of the failed snapshots).
    public func html() -> String {
        func frames(_ elements: [RunDifference.Element]) -> JSONValue {
            var flat: [JSONValue] = []
            flat.reserveCapacity(elements.count * 5)
            for e in elements {
                flat += [.double(e.frame.x), .double(e.frame.y), .double(e.frame.width), .double(e.frame.height), .int(e.change.rawValue)]
            }
            return .array(flat)
        }
        let failures: [JSONValue] = files.flatMap(\.tests).flatMap(\.mismatches).map { m in
            var object: OrderedDictionary<String, JSONValue> = [
                "test": .string(m.test),
                "where": .string(m.line.map { "\(m.file):\($0)" } ?? m.file),
                "key": .string(m.key),
                "message": .string(m.message),
            ]
            if let d = m.difference {
                object["oldSize"] = .array([.double(d.oldContentSize.width), .double(d.oldContentSize.height)])
                object["newSize"] = .array([.double(d.newContentSize.width), .double(d.newContentSize.height)])
                object["old"] = frames(d.old)
                object["new"] = frames(d.new)
            }
            return .object(object)
        }
        // The failed tests with no snapshot mismatch, in file order; a file that failed as a
        // whole (it does not load, or declares no tests) has no test's name.
        let others: [JSONValue] = files.flatMap { file in
            file.tests.filter { !$0.passed && $0.mismatches.isEmpty }.map { test in
                .object(["test": test.isFileFailure ? .null : .string(test.name), "where": .string(file.path),
                         "message": .string(test.failure ?? "")])
            }
        }
        // The page ends with a newline, as the file does.
        return PageTemplate(file: "snapshot-report.html").filled(["data": PageText.scriptJSON(.array(failures)),
                                                                  "others": PageText.scriptJSON(.array(others))]) + "\n"
    }
}
