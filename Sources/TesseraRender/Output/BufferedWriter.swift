import TesseraCore

/// Output written as it is produced: bytes collect in a buffer that goes to `drain` each time it
/// holds `capacity` bytes, so a report of a million items never exists in memory whole.
///
/// A failing `drain` (a full disk, a closed pipe) does not interrupt the writer's caller: the
/// first failure is kept, later bytes are dropped, and `finish()` throws it. So a renderer
/// writes without `try` on every line and checks once, at the end.
package final class BufferedWriter {
    /// Where full buffers go.
    package typealias Drain = (UnsafeRawBufferPointer) throws -> Void

    private let drain: Drain
    private let capacity: Int
    private var buffer: [UInt8] = []
    private var failure: (any Error)?
    /// The last byte of the last buffer drained.
    private var lastDrained: UInt8?

    /// A writer that hands `drain` about `capacity` bytes at a time.
    package init(capacity: Int = 1 << 16, drain: @escaping Drain) {
        self.capacity = max(1, capacity)
        self.drain = drain
        buffer.reserveCapacity(self.capacity + 256)
    }

    /// Everything `body` writes, in memory (what `render()`-style callers and tests want).
    package static func collect(_ body: (BufferedWriter) throws -> Void) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let writer = BufferedWriter { bytes.append(contentsOf: $0) }
        try body(writer)
        try writer.finish()
        return bytes
    }

    /// `collect` as UTF-8 text.
    package static func text(_ body: (BufferedWriter) throws -> Void) throws -> String {
        String(decoding: try collect(body), as: UTF8.self)
    }

    package func append(_ byte: UInt8) {
        buffer.append(byte)
        spill()
    }

    package func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        spill()
    }

    package func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        spill()
    }

    /// Lets `body` append to the buffer directly (for the `inout [UInt8]` writers of `JSONWriter`).
    package func withBuffer(_ body: (inout [UInt8]) -> Void) {
        body(&buffer)
        spill()
    }

    /// `v` in `JSONWriter`'s number format.
    package func appendNumber(_ v: Double, integralAsInteger: Bool = true) {
        JSONWriter.appendNumber(v, to: &buffer, integralAsInteger: integralAsInteger)
        spill()
    }

    /// Writes what is buffered and throws the first failure of `drain`, if any.
    package func finish() throws {
        flush()
        if let failure { throw failure }
    }

    private func spill() {
        if buffer.count >= capacity { flush() }
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        lastDrained = buffer.last
        if failure == nil {
            do { try buffer.withUnsafeBytes { try drain($0) } } catch { failure = error }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// The last byte written so far, buffered or not; nil before the first.
    package var lastByte: UInt8? { buffer.last ?? lastDrained }
}
