import Foundation

/// The pages connected to `tessera preview` and what the latest generation sent them.
///
/// The render thread publishes; each page's WebSocket task adds and removes itself. A page
/// that connects gets the last good frame and, when the latest run failed, its error; a page
/// that connects holding the generation the last good frame's animation plays from (the page
/// was served that one, and the save came before its socket opened) gets the animation first.
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
    private var frame: (data: Data, idsVersion: Int)?
    /// The save's animation that came with `frame`, and the generation it plays from.
    private var animation: (from: Int, message: String)?
    /// Good runs published so far: the number of the last one (0: none yet).
    private var passes = 0
    private var ids: (version: Int, message: Data)?
    private var error: String?
    /// The note that the latest run still goes on, until it ends (a page that opens meanwhile gets it).
    private var running: String?

    var clientCount: Int { lock.withLock { clients.count } }

    /// Registers a page; it gets the current picture at once, played from `generation` (the
    /// one the page has) when the current frame's animation plays from that one. Returns its
    /// outbox, which ends when the page is removed.
    func add(_ id: UUID, having generation: Int? = nil) -> PageOutbox {
        let outbox = PageOutbox()
        lock.withLock {
            clients[id] = Client(outbox: outbox)
            if frame != nil, let animation, animation.from == generation { outbox.text(animation.message) }
            sendCurrent(to: id)
        }
        return outbox
    }

    func remove(_ id: UUID) {
        lock.withLock { clients.removeValue(forKey: id) }?.outbox.close()
    }

    /// The bytes waiting for page `id`.
    func pendingBytes(of id: UUID) -> Int { lock.withLock { clients[id]?.outbox }?.pendingBytes ?? 0 }

    /// Sends the current frame (and error) to one page again, as after it connected.
    func resend(to id: UUID) {
        lock.withLock { sendCurrent(to: id) }
    }

    /// A good run: its frame to every page (with the id table where a page lacks it), after its
    /// save's `animation` (played from the generation `from`) when it has one.
    func publish(frame data: Data, idsVersion: Int, animation: (from: Int, message: String)? = nil,
                 ids idsMessage: () throws -> Data) rethrows {
        // Built before taking the lock: a million ids take a while, and pages come and go meanwhile.
        let table = lock.withLock { ids?.version } == idsVersion ? nil : try idsMessage()
        lock.withLock {
            if let table { ids = (idsVersion, table) }
            frame = (data, idsVersion)
            self.animation = animation
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
