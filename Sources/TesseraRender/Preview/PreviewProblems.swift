import OrderedCollections
import TesseraCore

/// What the preview's "next problem" button steps through: `tessera check`'s warnings about one
/// generation, each with where it is and the check's own sentence, so the page can scroll there,
/// outline it and say what is wrong. Sorted top to bottom, then left to right: the page goes on
/// from where it is scrolled, not from the first item.
package struct PreviewProblems {
    /// One warning: its kind (`tessera check --fail-on`'s names), the items it names, the
    /// rectangle to show (content coordinates), and for pinned elements the scroll offset at
    /// which they overlap (`at`, of the visible area's `edge`, "top" or "bottom").
    public struct Problem: Equatable, Sendable {
        public var kind: LayoutCheck.Kind
        public var items: [Int]
        public var frame: Rect
        public var at: Double?
        public var edge: String?
        public var message: String
    }

    /// The most problems one message lists (the first ones, top to bottom).
    public static let limit = 2000

    public private(set) var problems: [Problem] = []
    /// How many the check found (more than `problems` when over `limit`).
    public private(set) var total = 0

    /// Checks `run` as `tessera check` does. O(n log n + k) for k overlapping pairs.
    /// - Throws: what the check throws (an invalid frame).
    public init(run: LayoutRun) throws {
        let dataset = run.dataset
        let check = try LayoutCheck(result: run.result, id: { $0 < dataset.count ? dataset.id(at: $0) : nil })
        let f = check.frames
        let overlapLines = check.overlapWarnings(limit: check.overlaps.count)
        for ((i, j), line) in zip(check.overlaps, overlapLines) {
            problems.append(Problem(kind: .overlap, items: [i, j], frame: f[i].union(f[j]), message: line))
        }
        for (i, line) in zip(check.outside, check.outsideWarnings(limit: check.outside.count)) {
            problems.append(Problem(kind: .outside, items: [i], frame: f[i], message: line))
        }
        // The element lines: every covering header's, then every pinned pair's (no "more" line
        // with a limit that large).
        let elementLines = check.elementWarnings(limit: max(check.covered.count, check.pinnedOverlaps.count))
        for ((k, items), line) in zip(check.covered, elementLines) {
            problems.append(Problem(kind: .covered, items: items, frame: check.elements[k].frame, message: line))
        }
        for ((a, b, at), line) in zip(check.pinnedOverlaps, elementLines.dropFirst(check.covered.count)) {
            // Where the two are drawn at that offset: against the visible top (or bottom); a left
            // or right pair worked out transposed, as the check does.
            let edge = check.elements[a].pinEdge, sideways = edge.isAlongX
            let ea = sideways ? check.elements[a].frame.transposed : check.elements[a].frame
            let eb = sideways ? check.elements[b].frame.transposed : check.elements[b].frame
            let height = max(ea.height, eb.height), x = min(ea.minX, eb.minX)
            let shown = Rect(x: x, y: edge.sticksToStart ? at : at - height, width: max(ea.maxX, eb.maxX) - x, height: height)
            problems.append(Problem(kind: .pinned, items: [], frame: sideways ? shown.transposed : shown, at: at,
                                    edge: edge.rawValue, message: line))
        }
        total = problems.count
        // At one place, in the check's order.
        problems = problems.enumerated().sorted {
            ($0.element.frame.minY, $0.element.frame.minX, $0.offset) < ($1.element.frame.minY, $1.element.frame.minX, $1.offset)
        }.map(\.element)
        if problems.count > Self.limit { problems.removeLast(problems.count - Self.limit) }
    }

    /// The page's message: `{"type":"problems","gen":G,"total":N,"problems":[{"kind","items",
    /// "frame":[x,y,w,h],"at"?,"edge"?,"message"}, ...]}`.
    public func message(generation: Int) -> String {
        JSONWriter.write(.object([
            "type": .string("problems"), "gen": .int(generation), "total": .int(total),
            "problems": .array(problems.map { p in
                var o: OrderedDictionary<String, JSONValue> = [
                    "kind": .string(p.kind.rawValue), "items": .array(p.items.map { .int($0) }),
                    "frame": .array([p.frame.x, p.frame.y, p.frame.width, p.frame.height].map { .double($0) }),
                ]
                if let at = p.at { o["at"] = .double(at) }
                if let edge = p.edge { o["edge"] = .string(edge) }
                o["message"] = .string(p.message)
                return .object(o)
            }),
        ]))
    }
}
