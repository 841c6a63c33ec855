import Foundation

/// The pages connected to `tessera preview` and what the latest generation sent them.
///
/// The render thread publishes; each page's WebSocket task adds and removes itself. A page
/// that connects gets the last good frame and, when the latest run failed, its error; a page
/// that connects holding an older generation (it was served that one and a save came before its
/// socket opened, or it lost its socket and missed saves) gets the animation from it first: the
/// save's own when it plays from that one, else the one `missedSaves` makes.
/// The id table goes to a page only when the page does not have the version the frame names.
/// Lock-protected (both sides are threads or tasks that must not wait on each other). Each
/// page's messages wait in its own bounded `PageOutbox`: a page that stops reading neither
/// grows the server nor delays another page.
final class PreviewHub: @unchecked Sendable {
    private struct Client {
        var outbox: PageOutbox
        var idsVersion = -1
    }

    private let lock = NSLock()
    private var clients: [UUID: Client] = [:]
    private var frame: (data: Data, idsVersion: Int, generation: Int)?
    /// The animations into `frame` by the generation they play from: the save's own, and those
    /// made for pages that missed saves (at most one per generation the session keeps).
    private var animations: [Int: String] = [:]
    /// Good runs published so far: the number of the last one (0: none yet).
    private var passes = 0
    private var ids: (version: Int, message: Data)?
    private var error: String?
    /// The note that the latest run still goes on, until it ends (a page that opens meanwhile gets it).
    private var running: String?

    var clientCount: Int { lock.withLock { clients.count } }

    /// The animation from generation `from` to `to` (the current frame's), for a page that has
    /// `from` and missed the saves since; nil when none plays (or `from` is no longer kept). Set
    /// by the session; called on the connecting page's thread, outside the lock.
    var missedSaves: (@Sendable (_ from: Int, _ to: Int) -> String?)?

    /// Registers a page; it gets the current picture at once, played from `generation` (the
    /// one the page has) when an animation into the current frame plays from that one (made with
    /// `missedSaves` if need be). Returns its outbox, which ends when the page is removed.
    func add(_ id: UUID, having generation: Int? = nil) -> PageOutbox {
        let outbox = PageOutbox()
        var made: (to: Int, message: String?)?
        // Made outside the lock (it runs the animator); a frame published meanwhile makes it again,
        // and past a few tries (saves faster than it is made) the page gets the picture alone.
        for tries in 1...3 {
            let wanted = lock.withLock { () -> Int? in
                if let generation, let made, let message = made.message, made.to == frame?.generation { animations[generation] = message }
                if tries < 3, let generation, let frame, generation < frame.generation, animations[generation] == nil,
                   made?.to != frame.generation, missedSaves != nil {
                    return frame.generation
                }
                clients[id] = Client(outbox: outbox)
                if frame != nil, let generation, let message = animations[generation] { outbox.text(message) }
                sendCurrent(to: id)
                return nil
            }
            guard let wanted, let generation, let missedSaves else { break }
            made = (wanted, missedSaves(generation, wanted))
        }
        return outbox
    }

    func remove(_ id: UUID) {
        lock.withLock { clients.removeValue(forKey: id) }?.outbox.close()
    }

    /// The bytes waiting for page `id`.
    func pendingBytes(of id: UUID) -> Int { lock.withLock { clients[id]?.outbox }?.pendingBytes ?? 0 }

    /// A good run, generation `generation`: its frame to every page (with the id table where a
    /// page lacks it), after its save's `animation` (played from the generation `from`) when it has one.
    func publish(frame data: Data, generation: Int, idsVersion: Int, animation: (from: Int, message: String)? = nil,
                 ids idsMessage: () throws -> Data) rethrows {
        // Built before taking the lock: a million ids take a while, and pages come and go meanwhile.
        let table = lock.withLock { ids?.version } == idsVersion ? nil : try idsMessage()
        lock.withLock {
            if let table { ids = (idsVersion, table) }
            frame = (data, idsVersion, generation)
            animations = animation.map { [$0.from: $0.message] } ?? [:]
            if let animation { for client in clients.values { client.outbox.text(animation.message) } }
            passes += 1
            error = nil
            running = nil
            for id in clients.keys { sendFrame(to: id) }
        }
    }

    /// The number of the last good run published (0: none yet): what is served with it changes
    /// only when this does.
    var passNumber: Int { lock.withLock { passes } }

    /// The last good run's number, with its frame and id table, as a page that connects gets
    /// them, when they are `limit` bytes or fewer together (else nil: the number alone).
    func firstPass(upTo limit: Int) -> (number: Int, pass: (ids: Data, frame: Data)?) {
        lock.withLock {
            guard let frame, let ids, ids.version == frame.idsVersion, ids.message.count + frame.data.count <= limit else { return (passes, nil) }
            return (passes, (ids.message, frame.data))
        }
    }

    /// A failed run: its error to every page (which keep their last good picture).
    func publish(error message: String) {
        lock.withLock {
            error = message
            running = nil
            for client in clients.values { client.outbox.text(message) }
        }
    }

    /// A run still going: the note to every page, and to pages that connect before it ends.
    func publish(running message: String) {
        lock.withLock {
            running = message
            for client in clients.values { client.outbox.text(message) }
        }
    }

    /// A passing message to every page (not kept for pages that connect later).
    func publish(note message: String) {
        lock.withLock { for client in clients.values { client.outbox.text(message) } }
    }

    /// A reply to one page.
    func send(_ message: String, to id: UUID) {
        lock.withLock { clients[id]?.outbox.text(message) }
    }

    private func sendCurrent(to id: UUID) {
        if frame != nil { sendFrame(to: id) }
        if let error { clients[id]?.outbox.text(error) }
        if let running { clients[id]?.outbox.text(running) }
    }

    private func sendFrame(to id: UUID) {
        guard var client = clients[id], let frame else { return }
        if client.idsVersion != frame.idsVersion, let ids, ids.version == frame.idsVersion {
            client.outbox.ids(ids.message)
            client.idsVersion = ids.version
            clients[id] = client
        }
        client.outbox.frame(frame.data)
    }
}
