/// How the preview server's listener waits after `accept` fails (out of descriptors, out of
/// memory): it keeps listening, retrying after 10 ms, then twice as long each time up to 1 s,
/// and says so on the terminal once when the failures start and once when they end.
struct AcceptBackoff: Equatable {
    static let first = 0.01
    static let longest = 1.0
    private(set) var failures = 0

    /// After a failure: how long to wait before accepting again, and a line to log (the first
    /// failure of a run only).
    mutating func failed(reason: String) -> (delay: Double, log: String?) {
        failures += 1
        let delay = min(Self.longest, Self.first * Double(1 << min(failures - 1, 20)))
        let log = failures == 1
            ? "preview: cannot accept a connection (\(reason)); retrying after 10 ms, backing off to 1 s" : nil
        return (delay, log)
    }

    /// After a connection was accepted: a line to log when failures came before it.
    mutating func accepted() -> String? {
        defer { failures = 0 }
        return failures == 0 ? nil
            : "preview: accepting connections again after \(failures) failed attempt\(failures == 1 ? "" : "s")"
    }
}
