/// The preview server's places for connections, and which connection gives its place up when
/// they are all taken: the oldest one still waiting for its request head. A flood of idle or
/// trickling connections (or a browser's unused preconnects) then delays a new tab by nothing,
/// not by the head's deadline (10 s): only connections that are answering or are pages keep
/// their places, and a client that never sends its request loses its place to one that does.
/// Like nginx's reuse of idle connections when it runs out of them.
///
/// A shed connection keeps a place of its own until its thread has closed it (at most
/// `capacity` such, so threads stay under twice the cap): its descriptor is shut down at once,
/// which wakes its thread, and is closed only after `remove`, so its number is never reused
/// while it is listed. Not thread-safe: the server holds its lock around every call.
struct ConnectionSlots {
    enum Admission: Equatable {
        /// Admitted; `shedding`, when given, is the connection that gave its place up.
        case admitted(shedding: Int32?)
        /// Every place is held by a connection past its head (or shed ones fill theirs): refuse.
        case full
    }

    let capacity: Int
    /// Open connections by descriptor: the order they came in, and whether the head is still awaited.
    private var open: [Int32: Entry] = [:]
    private struct Entry { var order: Int; var awaitingHead = true }
    private var shed: Set<Int32> = []
    private var admittedCount = 0

    init(capacity: Int) { self.capacity = capacity }

    /// Connections holding a place (shed ones excluded).
    var count: Int { open.count }

    /// Every descriptor not yet removed, shed ones included (to shut down on stop).
    var descriptors: [Int32] { Array(open.keys) + Array(shed) }

    /// Admits `fd`, shedding the oldest connection still awaiting its head when every place is
    /// taken. O(capacity) when full, else O(1).
    mutating func admit(_ fd: Int32) -> Admission {
        var shedding: Int32?
        if open.count >= capacity {
            guard shed.count < capacity,
                  let oldest = open.filter({ $0.value.awaitingHead }).min(by: { $0.value.order < $1.value.order })?.key
            else { return .full }
            open[oldest] = nil
            shed.insert(oldest)
            shedding = oldest
        }
        admittedCount += 1
        open[fd] = Entry(order: admittedCount)
        return .admitted(shedding: shedding)
    }

    /// The connection's head has come (or it is being answered without one): it keeps its place
    /// from now on. False when it was shed meanwhile: its thread answers nothing and ends.
    mutating func headRead(_ fd: Int32) -> Bool {
        guard open[fd] != nil else { return false }
        open[fd]?.awaitingHead = false
        return true
    }

    /// The connection's thread is done with it (before it closes the descriptor).
    mutating func remove(_ fd: Int32) {
        open[fd] = nil
        shed.remove(fd)
    }
}
