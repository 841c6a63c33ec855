#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TesseraCore

/// The read loop under every data file: a descriptor that says "nothing yet" (EAGAIN) is waited
/// for a bounded time, never spun on. A non-blocking pipe stands in for a stalled file system;
/// a wait of 0 ms keeps the tests off the clock.
@Suite struct ReadToEndTests {
    /// A pipe whose read end does not block, with `text` written into it; the write end is
    /// closed when `closeWriter`, else returned to be closed by the caller.
    private func nonBlockingPipe(holding text: String, closeWriter: Bool) -> (read: Int32, write: Int32?) {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        #expect(fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK) == 0)
        let bytes = Array(text.utf8)
        #expect(write(ends[1], bytes, bytes.count) == bytes.count)
        if closeWriter { close(ends[1]); return (ends[0], nil) }
        return (ends[0], ends[1])
    }

    private func read(_ fd: Int32) -> Result<String, DatasetError> {
        Result { String(decoding: try DatasetLoader.readToEnd(fd, path: "stalled.json", sizeHint: 0, maxBytes: 1_000, readyWait: 0), as: UTF8.self) }
            .mapError { $0 as! DatasetError }
    }

    @Test func aPipeThatNeverGetsDataIsAnErrorNotASpin() {
        let (readEnd, writeEnd) = nonBlockingPipe(holding: "", closeWriter: false)
        defer { close(readEnd); close(writeEnd!) }
        #expect(read(readEnd).failureDescription
                == "stalled.json: expected a file that delivers its data, found it not ready to read after 0 ms.")
    }

    @Test func dataThenAStallIsAnErrorToo() {
        let (readEnd, writeEnd) = nonBlockingPipe(holding: "[1, 2", closeWriter: false)
        defer { close(readEnd); close(writeEnd!) }
        #expect(read(readEnd).failureDescription
                == "stalled.json: expected a file that delivers its data, found it not ready to read after 0 ms.")
    }

    /// A descriptor that `poll` calls ready and `read` then finds empty, again and again, is
    /// refused after `unreadyRoundLimit` such rounds in a row; data in between starts the count
    /// over. The wait stands in for `poll` and always says ready, so nothing waits.
    @Test func aDescriptorThatLiesAboutBeingReadyIsRefusedAfterTheRoundLimit() {
        let (readEnd, writeEnd) = nonBlockingPipe(holding: "", closeWriter: false)
        defer { close(readEnd); close(writeEnd!) }
        var waits = 0
        let result = Result {
            try DatasetLoader.readToEnd(readEnd, path: "stalled.json", sizeHint: 0, maxBytes: 1_000, readyWait: 0) { fd, path, milliseconds in
                #expect(fd == readEnd && path == "stalled.json" && milliseconds == 0)
                waits += 1
                // One byte after the first hundred lies: the next hundred count from one again.
                if waits == DatasetLoader.unreadyRoundLimit { #expect(write(writeEnd!, "[", 1) == 1) }
                return true
            }
        }.mapError { $0 as! DatasetError }
        #expect(DatasetLoader.unreadyRoundLimit == 100)
        #expect(waits == 200)
        #expect(result.failureDescription
                == "stalled.json: expected a file that delivers its data, found it not ready to read 100 times in a row.")
    }

    @Test func dataThenTheEndIsReadWhole() {
        let (readEnd, _) = nonBlockingPipe(holding: "[1, 2]", closeWriter: true)
        defer { close(readEnd) }
        #expect(read(readEnd).success == "[1, 2]")
    }
}

private extension Result {
    var failureDescription: String? { if case .failure(let e) = self { return "\(e)" } else { return nil } }
    var success: Success? { try? get() }
}
