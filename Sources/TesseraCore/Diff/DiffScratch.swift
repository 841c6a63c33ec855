#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scratch memory that the diff keeps from one call to the next on each thread, so its
/// temporary hashes, tables and flags land in memory it has touched before.
///
/// Why: a fresh allocation of a few hundred kilobytes comes from the kernel (the allocator maps
/// it, or gives its heap back after the previous diff freed it), and every 4 KB of it costs a
/// page fault on first touch: about half the CPU time of a 100k-element diff was such faults.
///
/// One block per thread, handed out as a stack: `withBuffer` takes the next `count` elements
/// and gives them back when its body returns, so nested buffers (and a diff run from inside a
/// diff's closure) need no bookkeeping. A request that does not fit gets memory of its own for
/// that call, and once the outermost buffer is given back the block grows to what the call
/// needed, up to `keptLimit` bytes: diffs larger than that allocate as before, and no thread
/// keeps more.
@usableFromInline
final class DiffScratch {
    /// The most bytes a thread keeps between diffs: a 100k-element list diff fits.
    static let keptLimit = 16 << 20

    private var block: UnsafeMutableRawPointer?
    private var capacity = 0
    /// Bytes handed out and not yet given back.
    private var top = 0
    /// The most bytes the current outermost use wanted at once.
    private var wanted = 0

    deinit { block?.deallocate() }

    /// `body` with `count` uninitialised elements of `T` that stay valid until it returns.
    @usableFromInline
    static func withBuffer<T, R>(of _: T.Type, count: Int, _ body: (UnsafeMutableBufferPointer<T>) throws -> R) rethrows -> R {
        precondition(MemoryLayout<T>.alignment <= 64 && count >= 0)
        let bytes = (count * MemoryLayout<T>.stride + 63) & ~63
        let scratch = current
        let start = scratch.top
        scratch.top += bytes
        scratch.wanted = max(scratch.wanted, scratch.top)
        defer {
            scratch.top = start
            if start == 0 { scratch.settle() }
        }
        if scratch.top <= scratch.capacity, let block = scratch.block {
            let typed = (block + start).bindMemory(to: T.self, capacity: count)
            return try body(UnsafeMutableBufferPointer(start: typed, count: count))
        }
        let own = UnsafeMutableRawPointer.allocate(byteCount: max(bytes, 64), alignment: 64)
        defer { own.deallocate() }
        return try body(UnsafeMutableBufferPointer(start: own.bindMemory(to: T.self, capacity: count), count: count))
    }

    /// After the outermost use: grows the block to what that use wanted, within `keptLimit`.
    private func settle() {
        defer { wanted = 0 }
        guard wanted > capacity, wanted <= Self.keptLimit else { return }
        block?.deallocate()
        block = UnsafeMutableRawPointer.allocate(byteCount: wanted, alignment: 64)
        capacity = wanted
    }

    /// This thread's scratch, made on first use and released when the thread ends.
    private static var current: DiffScratch {
        if let stored = pthread_getspecific(key) { return Unmanaged<DiffScratch>.fromOpaque(stored).takeUnretainedValue() }
        let scratch = DiffScratch()
        pthread_setspecific(key, Unmanaged.passRetained(scratch).toOpaque())
        return scratch
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if os(Linux)
        pthread_key_create(&key) { stored in
            if let stored { Unmanaged<DiffScratch>.fromOpaque(stored).release() }
        }
        #else
        pthread_key_create(&key) { stored in Unmanaged<DiffScratch>.fromOpaque(stored).release() }
        #endif
        return key
    }()
}
