import Foundation
import OrderedCollections
import TesseraCore
import TesseraRender

// The messages pages send (viewport, scroll, params, inspect, problems, measure, painted):
// checked, refused with a reason when malformed, and turned into requests for a run or replies
// to that page.
extension PreviewSession {
    /// `hello` and `viewport` ({w, h}), `scroll` ({x, y, gen, shelves: [[section, x, y]]}), `inspect`
    /// ({index}), `painted` ({gen, at, longest, arrived, frames}), and with `--measure`,
    /// `measure` (`MeasureBatch`). Any other message, or one of these without the fields it
    /// needs, is refused with the reason, so a page (or a person writing one) hears what the
    /// preview did not take; the socket stays open.
    func handle(_ text: String, from client: UUID) {
        // Far more than any page message needs (a full measure message is about 60 kB): not parsed.
        guard text.utf8.count <= Self.maxMessageBytes else {
            refuse("a message of \(text.utf8.count) bytes; expected at most \(Self.maxMessageBytes)", to: client)
            return
        }
        let object: JSONValue
        do {
            object = try JSONParser.parse(text)
        } catch {
            // The parser's reason (nested too deep, a number out of range) and where.
            refuse("expected a JSON object with a type, got \(text.prefix(40).debugDescription): \(error)", to: client)
            return
        }
        guard let type = object["type"]?.string else {
            refuse("expected a JSON object with a type, got \(text.prefix(40).debugDescription)", to: client)
            return
        }
        func number(_ key: String) -> Double? { object[key]?.number }
        // A field as a refusal names it: its value in brief, or "nothing".
        func given(_ key: String) -> String { object[key]?.briefDescription ?? "nothing" }
        switch type {
        case "hello", "viewport":
            // A page opened at an address with params (`?p.columns=3`) says them first.
            if type == "hello", case .object(let values)? = object["params"] { setPageParams(values, from: client) }
            do {
                if let size = try PageViewport.size(in: object, type: type) { setViewport(size) }
            } catch {
                refuse(error.message, to: client)
            }
        case "scroll":
            guard let x = number("x"), let y = number("y"), x.isFinite, y.isFinite else {
                refuse("scroll: expected x and y to be finite numbers, got x \(given("x")) and y \(given("y"))", to: client)
                return
            }
            // The generation the page drew, which its shelves belong to (absent: the last good one).
            var drawn: Int?
            if object["gen"] != nil {
                guard let gen = number("gen").flatMap({ Int(whole: $0) }) else {
                    refuse("scroll: expected gen to be a whole number, got \(given("gen"))", to: client)
                    return
                }
                drawn = gen
            }
            let last = lastGoodRun
            // A save may have replaced the picture the page drew while its message was on its way,
            // taking a shelf away or moving it to another section: those shelves are checked for
            // their form and carried by their sections' ids to the last good picture's numbers.
            let sideways = drawn == nil || drawn == last?.generation ? (last?.run.result.orthogonalSections ?? []).map(\.section) : nil
            do {
                let shelves = try PageShelves.offsets(in: object["shelves"], sideways: sideways)
                stateLock.withLock {
                    pageOffset = Point(x: x, y: y)
                    // Carried too when a save was published since they were checked.
                    pageShelves = PageShelves.carried(shelves, drawn: drawn ?? last?.generation, checked: sideways != nil,
                                                      to: lastGood, recent: recentSections)
                }
            } catch {
                refuse(error.message, to: client)
            }
        case "inspect":
            // Page messages are untrusted numbers: Int(whole:) is nil for NaN, 1e300, 2.5.
            guard let index = number("index").flatMap({ Int(whole: $0) }) else {
                refuse("inspect: expected index to be a whole number, got \(given("index"))", to: client)
                return
            }
            hub.send(inspection(of: index), to: client)
            // The script line costs a run of the layout: off the socket's task, sent when found.
            frameOrigins.submit { [self] in hub.send(frameOriginMessage(of: index), to: client) }
        case "params":
            guard case .object(let values)? = object["values"] else {
                refuse("params: expected values to be an object of param names and values, got \(object["values"]?.briefDescription ?? "nothing")", to: client)
                return
            }
            setPageParams(values, from: client)
        case "problems":
            // The check runs over every item: off the socket's task, as the script line is.
            problemChecks.submit { [self] in hub.send(problemsMessage(), to: client) }
        case "measure" where configuration.measure:
            measure(object, from: client)
        case "painted":
            guard let gen = number("gen").flatMap({ Int(whole: $0) }), let at = number("at") else {
                refuse("painted: expected gen to be a whole number and at a number, got gen \(given("gen")) and at \(given("at"))", to: client)
                return
            }
            onPainted?(Paint(generation: gen, at: at, arrived: number("arrived") ?? 0,
                             longest: number("longest") ?? 0, frames: number("frames") ?? 0))
        case "measure":
            refuse("measure: this preview takes no measurements (it was started without --measure)", to: client)
        default:
            let types = Self.pageMessageTypes(measuring: configuration.measure)
            refuse("expected a message type of \(types.dropLast().joined(separator: ", ")) or \(types.last!), got \(describeIdentifier(type))",
                   to: client)
        }
    }

    /// The message types a page may send: `measure` only to a preview started with `--measure`.
    static func pageMessageTypes(measuring: Bool) -> [String] {
        ["hello", "viewport", "scroll", "inspect", "params", "problems", "painted"] + (measuring ? ["measure"] : [])
    }

    /// A page's measurements, checked, kept for the next run (which they schedule); refused with
    /// a message to the terminal and the page when malformed or when too many wait.
    func measure(_ message: JSONValue, from client: UUID) {
        let refusal: String
        do {
            let batch = try MeasureBatch(message: message)
            let kept = signal.withLock { () -> Bool in
                guard measureBatches.count < Self.maxPendingBatches else { return false }
                measureBatches.append(batch)
                pending = true
                signal.signal()
                return true
            }
            if kept { return }
            refusal = "measure: more than \(Self.maxPendingBatches) messages wait to be laid out; this one is dropped"
        } catch let error as PreviewMessageError {
            refusal = error.message
        } catch {
            refusal = "measure: expected a JSON object (\(error))"
        }
        refuse(refusal, to: client)
    }

    static let maxMessageBytes = 1 << 20

    /// Says to the page why its message was not taken, and on the terminal too for the first
    /// `RefusalLog.shown` of a window of `refusalWindow` seconds from the page's first refusal;
    /// the window's other refusals get one line as it closes.
    func refuse(_ reason: String, to client: UUID) {
        let (line, opened) = stateLock.withLock { () -> (String?, Bool) in
            let opened = refusals[client] == nil
            return (refusals[client, default: RefusalLog()].line(for: reason), opened)
        }
        if opened {
            let window = configuration.refusalWindow
            DispatchQueue.global().asyncAfter(deadline: .now() + window) { [weak self] in
                guard let self, let summary = stateLock.withLock({ refusals.removeValue(forKey: client) })?.summary(seconds: window) else { return }
                logError(summary)
            }
        }
        if let line { logError(line) }
        hub.send(JSONWriter.write(.object(["type": .string("refused"), "message": .string(reason)])), to: client)
    }

    /// What the inspector shows that only the server knows: the item's section and place in
    /// it, and its data fields.
    func inspection(of index: Int) -> String {
        guard let (generation, run) = stateLock.withLock({ lastGood }), index >= 0, index < run.dataset.count else {
            return JSONWriter.write(.object(["type": .string("inspect"), "index": .int(index), "missing": .bool(true)]))
        }
        let item = run.dataset.items[index]
        let section = run.dataset.sectionIndex(containing: index)
        var fields: OrderedDictionary<String, JSONValue> = ["id": item.id.jsonValue]
        for (key, value) in item.fields where key != "id" { fields[key] = value }
        let sectionStart = run.dataset.sections.indices.contains(section) ? run.dataset.sections[section].range.lowerBound : 0
        return JSONWriter.write(.object([
            "type": .string("inspect"), "gen": .int(generation), "index": .int(index), "id": .string(item.id.description),
            "section": .int(section), "item": .int(index - sectionStart), "fields": .object(fields),
        ]))
    }
}
