#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DatasetLoader {
    /// How long a read waits for a descriptor that says it has nothing yet (EAGAIN) to become
    /// ready, in milliseconds: a stalled file system is an error, not a spinning core.
    package static let readyWaitMilliseconds: Int32 = 10_000

    /// How many times in a row a descriptor may say it has nothing yet, each time after `poll`
    /// said it was ready: a file that lies about being ready is refused too rather than spun on.
    static let unreadyRoundLimit = 100

    /// The bytes of the open descriptor `fd` up to its end, read straight into the array (sized
    /// from `sizeHint` plus one byte, so data that grew while read is read on to its end), not
    /// copied again out of a buffer; more than `maxBytes` is an error. A descriptor opened without
    /// blocking that has nothing to read yet is waited for with `poll`, up to `readyWait`
    /// milliseconds each time; one that stays unready is an error naming `path`.
    /// O(bytes read).
    package static func readToEnd(_ fd: Int32, path: String, sizeHint: Int, maxBytes: Int,
                                  readyWait: Int32 = readyWaitMilliseconds) throws -> [UInt8] {
        try readToEnd(fd, path: path, sizeHint: sizeHint, maxBytes: maxBytes, readyWait: readyWait,
                      waitingWith: Self.waitUntilReady(_:path:milliseconds:))
    }

    /// `readToEnd` with the wait for readiness given: `waitUntilReady(fd, path, milliseconds)`,
    /// `poll` unless a test stands in a descriptor that says it is ready and then is not.
    static func readToEnd(_ fd: Int32, path: String, sizeHint: Int, maxBytes: Int, readyWait: Int32,
                          waitingWith waitUntilReady: (Int32, String, Int32) throws -> Bool) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(0, sizeHint) + 1)
        var count = 0
        var unreadyRounds = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 1 << 16))) }
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    unreadyRounds += 1
                    let found: String
                    if unreadyRounds > unreadyRoundLimit {
                        found = "it not ready to read \(unreadyRoundLimit) times in a row"
                    } else if try !waitUntilReady(fd, path, readyWait) {
                        found = "it not ready to read after \(waitText(readyWait))"
                    } else {
                        continue
                    }
                    throw DatasetError(file: path, message: "expected a file that delivers its data, found \(found)")
                }
                throw DatasetError(file: path, message: "cannot read the file (\(systemReason(errno)))")
            }
            if n == 0 { break }
            unreadyRounds = 0
            if count + n > maxBytes { throw DatasetError(file: path, size: count + n, overLimit: maxBytes) }
            count += n
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// True once `fd` is ready to read (or at its end, or failed: the next read says which),
    /// false when `milliseconds` pass first.
    private static func waitUntilReady(_ fd: Int32, path: String, milliseconds: Int32) throws -> Bool {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&request, 1, milliseconds)
            if ready > 0 { return true }
            if ready == 0 { return false }
            if errno != EINTR { throw DatasetError(file: path, message: "cannot read the file (\(systemReason(errno)))") }
        }
    }

    /// "10 seconds", "1 second", "250 ms".
    private static func waitText(_ milliseconds: Int32) -> String {
        milliseconds >= 1000 && milliseconds % 1000 == 0 ? NumberText.counted(Int(milliseconds / 1000), "second") : "\(milliseconds) ms"
    }
}
