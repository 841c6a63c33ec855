// What `tessera test` found: per test file, per test, and per snapshot that did not match.

/// A snapshot that did not match, for the `--report` page.
package struct SnapshotMismatch: Sendable {
    /// The test, its file and the line of the expectation.
    public var test: String
    public var file: String
    public var line: Int?
    /// The snapshot's name in the snapshot file.
    public var key: String
    /// The element-by-element difference when both sides are run documents.
    public var difference: RunDifference?
    /// The failure message.
    public var message: String

    public init(test: String, file: String, line: Int?, key: String, difference: RunDifference?, message: String) {
        self.test = test; self.file = file; self.line = line; self.key = key
        self.difference = difference; self.message = message
    }
}

/// What one test did.
package struct LayoutTestResult: Sendable {
    /// What a failure of the file itself (it does not load, declares no test, its snapshots
    /// cannot be read or written) is called in the output, in place of a test's name.
    public static let fileTestName = "(file)"

    public var name: String
    /// The wall time the test took.
    public var milliseconds: Double
    /// For a test its time limit stopped: the CPU time that limit counted, which is what the
    /// output shows (the wall time of a stopped test grows with the machine's load).
    public var cpuMilliseconds: Double?
    /// The failure, `file:line: message` (nil: passed).
    public var failure: String?
    /// Its snapshots that did not match.
    public var mismatches: [SnapshotMismatch] = []
    public var passed: Bool { failure == nil }
    /// Whether this is the failure of the file itself rather than of one of its tests.
    public var isFileFailure: Bool { name == Self.fileTestName }

    public init(name: String, milliseconds: Double, cpuMilliseconds: Double? = nil, failure: String?, mismatches: [SnapshotMismatch] = []) {
        self.name = name; self.milliseconds = milliseconds; self.cpuMilliseconds = cpuMilliseconds
        self.failure = failure; self.mismatches = mismatches
    }
}

/// What one test file did.
package struct LayoutTestFileResult: Sendable {
    /// The test file, as found under the PATH given.
    public var path: String
    public var tests: [LayoutTestResult] = []
    /// Snapshots written new, by name.
    public var written: [String] = []
    /// Snapshots that differed and were rewritten (`update`), by name.
    public var updated: [String] = []
    /// How many snapshots were asked for and matched what the file holds.
    public var unchanged = 0
    /// Snapshots no test asked for (removed when `update`, unless `obsoleteKept`), by name.
    public var obsolete: [String] = []
    /// Whether `update` leaves `obsolete` in place: the file declares no tests, which fails it,
    /// and tests left out for a while must not lose their snapshots to one `--update`.
    public var obsoleteKept = false
    /// The snapshot file, for messages.
    public var snapshotPath: String

    public init(path: String, snapshotPath: String) {
        self.path = path; self.snapshotPath = snapshotPath
    }
}
