import Foundation
import TesseraCore
import TesseraRender

/// `tessera preview`'s HTTP server: the page at `/` (GET or HEAD) and its WebSocket at `/ws`, on
/// 127.0.0.1 only, every request checked by `PreviewAccess`. Nothing else is served: no files, no
/// directory listings, no request bodies, and no CORS headers (no other origin may read anything).
///
/// Its own small server on POSIX sockets, so that everything a client controls is bounded
/// before anything looks at it: the request head is read by `RequestHeadReader` (linear, with
/// limits on the request line, the field count and the head's size; checked before the token),
/// a page's frames by `WebSocketReader` (a frame too big is refused by its header), each page's
/// queue by its `PageOutbox`. Each connection has a thread of its own, with a deadline on every
/// wait for its client (reading its head, sending it a reply or a frame), so a slow client delays no other and never the page's socket; there are
/// at most `Limits.connections` at a time: past that, the oldest still awaiting its head gives
/// its place up (`ConnectionSlots`), else 503. The listener outlives a failing `accept`
/// (`AcceptBackoff`).
final class PreviewServer: @unchecked Sendable {
    struct Limits: Sendable {
        var head = RequestHeadReader.Limits()
        /// Connections open at once, pages included (past it, the oldest awaiting its head is shed).
        var connections = 64
        /// A request's head must arrive within this, from the connection's start (else 408).
        var headSeconds = 10.0
        /// A reply, or a page's frame, is given up and its connection reset when the client takes
        /// none of it for this long (a client that never reads holds no thread, nor buffers).
        var sendSeconds = 10.0
        /// The slowest a client may take a reply or a frame, in bytes a second: one of n bytes is
        /// given up `sendSeconds` + n / `sendRate` after it began, however steadily the client
        /// takes it (a 17 MB page gets 78 s; a client taking a byte now and then is still cut).
        var sendRate = 256 << 10
        /// A page heard nothing from for this long is pinged, and closed (1001) after as long again.
        var pingSeconds = 30.0
        /// The longest message a page may send (its messages are a few hundred bytes of JSON).
        var message = 64 << 10
        /// How long a closing page's pending frames may take to go out.
        var closeGrace = 2.0
        /// The largest last good pass (id table and frame) the page is served with, to draw
        /// before its socket answers; a larger one waits for the socket.
        var firstPass = 16 << 20
    }

    let hub: PreviewHub
    let limits: Limits
    private let onMessage: @Sendable (UUID, String) -> Void
    private let log: @Sendable (String) -> Void
    private let largestSide: Int
    private let lock = NSLock()
    private var access: PreviewAccess
    private var slots: ConnectionSlots
    private var stopping = false
    private var listener: Int32 = -1
    /// Guards `built` and `builds`, and is held while the page is built.
    private let pageLock = NSLock()
    /// The page last built, and the number of the pass it holds (`PreviewHub.passNumber`).
    private var built: (pass: Int, page: Data)?
    private var builds = 0
    /// Pages built so far (for tests: one per pass a request asked for).
    var pagesBuilt: Int { pageLock.withLock { builds } }
    /// Runs a connection's work on a thread of its own; false when no thread could be made.
    private let startThread: ThreadStarter

    /// Text messages from pages go to `onMessage` with the page's connection id; the listener's
    /// troubles go to `log`. `startThread` is for tests, which make it fail. The page's size
    /// fields go up to `largestSide` (the bound the session checks sizes against; tests change it).
    init(port: UInt16, token: String, hub: PreviewHub, limits: Limits = Limits(), largestSide: Int = PageViewport.sides.upperBound,
         log: @escaping @Sendable (String) -> Void = { reportError($0) },
         startThread: @escaping ThreadStarter = DetachedJob.startThread,
         onMessage: @escaping @Sendable (UUID, String) -> Void) {
        self.hub = hub
        self.limits = limits
        self.log = log
        self.startThread = startThread
        self.onMessage = onMessage
        self.largestSide = largestSide
        access = PreviewAccess(token: token, port: Int(port))
        slots = ConnectionSlots(capacity: limits.connections)
    }

    /// The page, holding the last good pass when there is one no larger than `limits.firstPass`.
    /// Built once per pass, on the first request after it, and the same bytes served to every
    /// request until the next: a burst of requests for a page of megabytes holds one copy, not
    /// one each. Requests that come while it is built wait for it (they would build the same).
    private func page() -> Data {
        pageLock.withLock {
            if let built, built.pass == hub.passNumber { return built.page }
            // The last page goes first: unless a request is still sending it, it is freed
            // before the next is built.
            built = nil
            let (number, first) = hub.firstPass(upTo: limits.firstPass)
            let page = PreviewPage.page(largestSide: largestSide, firstPass: first)
            built = (number, page)
            builds += 1
            return page
        }
    }

    /// Where the page's socket may connect: its own origin ('self', which CSP Level 3 matches for
    /// ws: too, so a page served at `[::1]` reaches its server) and, for browsers older than that,
    /// the hosts a policy may name (`PreviewAccess.Host.inPolicy`).
    static func socketSources(port: Int) -> String {
        (["'self'"] + PreviewAccess.hosts(port: port).filter(\.inPolicy).map { "ws://" + $0.value }).joined(separator: " ")
    }

    /// The page may run its own inline script and style, a worker made from its own script (the
    /// socket's), and talk to this server's socket, and nothing else: no request leaves for
    /// anywhere else, and no other site may frame it.
    static func pageHeaders(port: Int) -> [(String, String)] {
        [("Content-Type", "text/html; charset=utf-8"),
         ("Cache-Control", "no-store"),
         ("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; worker-src blob:; style-src 'unsafe-inline'; img-src data:; connect-src \(socketSources(port: port)); frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
         ("Referrer-Policy", "no-referrer"),
         ("X-Content-Type-Options", "nosniff")]
    }

    /// Listens on 127.0.0.1 (the port given, or any free one for 0), accepts on a thread of its
    /// own, and returns the port.
    func start() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw CLIError("preview: cannot make a socket (\(systemReason(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(access.port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let reason = systemReason(errno)
            close(fd)
            throw CLIError("preview: cannot listen on 127.0.0.1:\(access.port) (\(reason))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        lock.withLock {
            access.port = port
            listener = fd
        }
        guard startThread({ [self] in
            Thread.current.name = "preview accept"
            acceptLoop(fd)
        }) else {
            close(fd)
            throw CLIError("preview: cannot start a thread to accept connections (the system has no more threads)")
        }
        return port
    }

    /// Stops accepting and shuts every open connection (their threads then end).
    func stop() async { shutDown() }

    func shutDown() {
        lock.withLock {
            stopping = true
            for fd in slots.descriptors { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// Connections open now.
    var connectionCount: Int { lock.withLock { slots.count } }

    private func acceptLoop(_ listener: Int32) {
        var backoff = AcceptBackoff()
        while !lock.withLock({ stopping }) {
            var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 200) > 0 else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                let code = errno
                if [EINTR, EAGAIN, EWOULDBLOCK, ECONNABORTED].contains(code) { continue }
                let (delay, line) = backoff.failed(reason: systemReason(code))
                if let line { log(line) }
                Thread.sleep(forTimeInterval: delay)
                continue
            }
            if let line = backoff.accepted() { log(line) }
            // Not inherited by a program the preview starts (`--open`'s browser); blocking, unlike the listener.
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            admit(fd)
        }
        close(listener)
    }

    /// The name each connection's thread carries (a page's socket keeps it), as `top -H` and
    /// `/proc/PID/task/*/comm` show it: the preview's threads are named, so the ones connections
    /// hold can be told from the runtime's pool.
    static let connectionThreadName = "preview conn"

    private func admit(_ fd: Int32) {
        let admitted = lock.withLock {
            guard !stopping, case .admitted(let shedding) = slots.admit(fd) else { return false }
            // Under the lock: its thread closes it only after taking it out of the slots.
            if let shedding { shutdown(shedding, Int32(SHUT_RDWR)) }
            return true
        }
        guard admitted else {
            return Self.refuse(fd, with: .text(503, "too many connections (at most \(limits.connections))"))
        }
        let started = startThread { [self] in
            Thread.current.name = Self.connectionThreadName
            serve(ConnectedSocket(fd: fd, sendSeconds: limits.sendSeconds, sendRate: limits.sendRate))
            lock.withLock { slots.remove(fd) }
            close(fd)
        }
        // Out of threads (the system's limit, or memory for a stack): this connection gets a
        // 503 and gives its place back, so the cap is never held by connections nobody serves.
        guard !started else { return }
        lock.withLock { slots.remove(fd) }
        Self.refuse(fd, with: .text(503, "the preview could not start a thread for this connection; try again"))
    }

    /// Answers a connection it will not serve with `reply` and closes it, waiting on nothing:
    /// the reply fits the new socket's buffer, or is dropped. What the client has sent so far
    /// is read first (`ConnectedSocket.dropArrived`): closing over unread bytes resets the
    /// connection, and the reset drops the part of the reply still queued.
    static func refuse(_ fd: Int32, with reply: HTTPReply) {
        let bytes = reply.bytes
        _ = bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        shutdown(fd, Int32(SHUT_WR))
        ConnectedSocket(fd: fd, sendSeconds: 0).dropArrived()   // it sends nothing
        close(fd)
    }

    /// Reads the request head within the limits and its deadline, then answers it (unless the
    /// connection was shed meanwhile: then its descriptor is shut down, and nothing is sent).
    private func serve(_ socket: ConnectedSocket) {
        var reader = RequestHeadReader(limits: limits.head)
        let deadline = ConnectedSocket.now() + limits.headSeconds
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        let keepsPlace = { [self] in lock.withLock { slots.headRead(socket.fd) } }
        while true {
            switch socket.waitReadable(until: deadline) {
            case .timedOut:
                guard keepsPlace() else { return }
                return socket.reply(.text(408, "the request did not arrive within \(NumberText.exact(limits.headSeconds)) s"))
            case .failed:
                return
            case .ready:
                let count = socket.receive(into: &buffer)
                guard count > 0 else { return }
                let outcome = buffer.withUnsafeBytes { reader.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                if outcome == .needMore { continue }
                guard keepsPlace() else { return }
                switch outcome {
                case .needMore: continue
                case .refused(let status, let reason): return socket.reply(.text(status, reason))
                case .head(let head, let rest): return answer(head, rest: rest, on: socket)
                }
            }
        }
    }

    private func answer(_ head: RequestHead, rest: [UInt8], on socket: ConnectedSocket) {
        // RFC 9110: a reply to HEAD is the reply to GET without its body, refusals included.
        let isHead = head.method == "HEAD"
        let reply = { (reply: HTTPReply) in
            var reply = reply
            reply.sendsBody = !isHead
            socket.reply(reply)
        }
        // RFC 9112: an HTTP/1.1 request needs exactly one Host (HTTP/1.0 may omit it, and is then
        // refused as missing one, since nothing says which server it meant).
        let hosts = head.count(of: "Host")
        guard hosts <= 1, hosts == 1 || head.version != "HTTP/1.1" else { return reply(.text(400, "expected one Host header")) }
        let access = lock.withLock { self.access }
        let isSocket = head.path == "/ws"
        // The check reads the first Origin: a second one (no browser sends two) could hide
        // another site's behind this server's own.
        guard head.count(of: "Origin") <= 1 else { return reply(.text(400, "expected one Origin header")) }
        // An absolute-form target's host is the one the request names, whatever Host says (RFC 9112).
        let verdict = access.check(token: head.query("token"), host: head.authority ?? head.header("Host"), origin: head.header("Origin"),
                                   isWebSocket: isSocket)
        if case .refused(let status, let reason) = verdict { return reply(.text(status, reason)) }
        // The socket's handshake is a GET (RFC 6455); the page may be asked for its head alone.
        let allowed = isSocket ? ["GET"] : ["GET", "HEAD"]
        guard allowed.contains(head.method) else {
            var refusal = HTTPReply.text(405, "expected " + allowed.joined(separator: " or "))
            refusal.headers.append(("Allow", allowed.joined(separator: ", ")))
            return reply(refusal)
        }
        // Not read: a handshake's body would be taken for the page's first frames.
        if let (status, reason) = head.bodyProblem { return reply(.text(status, reason)) }
        switch head.path {
        case "/":
            reply(HTTPReply(status: 200, headers: Self.pageHeaders(port: access.port), body: page()))
        case "/ws":
            // RFC 6455: the opening handshake is an HTTP/1.1 request (1.0 has no Upgrade).
            guard head.version == "HTTP/1.1" else { return reply(.text(400, "expected HTTP/1.1 for a WebSocket handshake")) }
            let key: String
            switch Self.handshake(head) {
            case .key(let accepted): key = accepted
            case .refused(let refusal): return reply(refusal)
            }
            // The generation the page has drawn (it was served one, or had one before it lost its socket).
            var having: Int?
            if let gen = head.query("gen") {
                guard let number = Int(gen), number >= 0 else {
                    return reply(.text(400, "expected gen to be the generation the page has, a whole number from 0, got \(gen.prefix(40).debugDescription)"))
                }
                having = number
            }
            let accepted = HTTPReply(status: 101, headers: [("Upgrade", "websocket"), ("Connection", "Upgrade"),
                                                            ("Sec-WebSocket-Accept", WebSocketFrame.acceptKey(for: key))], body: Data())
            PageSocket(hub: hub, limits: limits, startThread: startThread, onMessage: onMessage)
                .serve(socket, handshake: accepted.bytes, rest: rest, having: having)
        default:
            reply(.text(404, "not found"))
        }
    }

    enum Handshake: Sendable {
        case key(String)
        case refused(HTTPReply)
    }

    /// The handshake's key when the request is a WebSocket opening handshake (RFC 6455), else
    /// the refusal that says what is wrong with it: another version is 426 naming the one this
    /// server speaks (as RFC 6455 4.4 requires), a key that is not 16 bytes in base64, or a
    /// second key (11.3.1 allows one), 400.
    static func handshake(_ head: RequestHead) -> Handshake {
        let tokens = { (name: String) in
            asciiLowercased(head.header(name) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        guard tokens("Upgrade").contains("websocket"), tokens("Connection").contains("upgrade"),
              let version = head.header("Sec-WebSocket-Version"), let key = head.header("Sec-WebSocket-Key") else {
            return .refused(.text(400, "expected a WebSocket handshake (Upgrade: websocket, Connection: Upgrade, Sec-WebSocket-Version: 13, a Sec-WebSocket-Key)"))
        }
        guard version == "13" else {
            var refusal = HTTPReply.text(426, "expected Sec-WebSocket-Version: 13")
            refusal.headers += [("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13")]
            return .refused(refusal)
        }
        guard head.count(of: "Sec-WebSocket-Key") == 1 else { return .refused(.text(400, "expected one Sec-WebSocket-Key header")) }
        guard Data(base64Encoded: key)?.count == 16 else { return .refused(.text(400, "expected a Sec-WebSocket-Key of 16 bytes in base64")) }
        return .key(key)
    }
}
