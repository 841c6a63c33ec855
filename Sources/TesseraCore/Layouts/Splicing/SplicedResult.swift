/// A layout laid out again from one item on, kept as pieces of earlier results instead of copied
/// frames. A measurement near the viewport of a million-item list re-places only the items from
/// its line to where the layout falls back into step with the old one; every item after that is
/// its old frame moved down by one offset, so the pass costs the re-placed items, not the list.
///
/// A piece is a run of items whose frames are those of a `FramesResult` (its `source`) from
/// `sourceStart` on, moved down by `shift`. A query asks each piece's source with the rectangle
/// moved back (with a little slack), then keeps the hits of the piece's run whose frames, as this
/// result gives them, overlap the rectangle: so `visible(in:)` and `frame(at:)` always agree.
/// Sections come from `shape`, a full result over the same items (measurements change no
/// section); pieces have no elements, orthogonal sections or item zIndices, so items draw in
/// index order.
///
/// Invariants (checked by `_checkInvariants()` under TESSERA_INTERNAL_CHECKS): the pieces tile `0..<count` in
/// order, none empty; `contentSize` is the bounding box of the origin and every frame exactly as
/// `frame(at:)` gives it (which, with whole-number sizes, is what a fresh layout computes).
struct SplicedResult: LayoutResult {
    struct Piece {
        var start: Int
        var count: Int
        var source: FramesResult
        var sourceStart: Int
        var shift: Double
        /// The source's block maxima (shared by every piece cut from it).
        var maxima: BlockMaxima

        var end: Int { start + count }

        /// The largest maxX and maxY of the piece's frames as drawn. O(count / block + block).
        var extent: (x: Double, y: Double) {
            maxima.extent(of: sourceStart..<(sourceStart + count), in: source, shift: shift)
        }

        /// The items `range` (global, within the piece) as a piece of their own.
        func cut(_ range: Range<Int>) -> Piece {
            Piece(start: range.lowerBound, count: range.count, source: source,
                  sourceStart: sourceStart + range.lowerBound - start, shift: shift, maxima: maxima)
        }
    }

    let pieces: [Piece]
    let shape: FramesResult
    let count: Int
    let contentSize: Size
    /// How many splices led here since the last full layout: each adds one rounding of a shift,
    /// so the caller lays out in full after a bound.
    let generation: Int

    /// A full layout as one piece; nil when it has what pieces cannot carry (elements,
    /// orthogonal sections, item zIndices). O(n / block) once per source, for its maxima.
    init?(_ result: any LayoutResult) {
        if let spliced = result.unwrapped as? SplicedResult { self = spliced; return }
        guard let frames = result.unwrapped as? FramesResult, frames.elements.isEmpty, frames.orthogonalSections.isEmpty,
              frames.itemZIndices.isEmpty else { return nil }
        let piece = Piece(start: 0, count: frames.count, source: frames, sourceStart: 0, shift: 0,
                          maxima: BlockMaxima(frames))
        self.init(pieces: frames.count > 0 ? [piece] : [], shape: frames, contentSize: frames.contentSize, generation: 0)
    }

    private init(pieces: [Piece], shape: FramesResult, contentSize: Size, generation: Int) {
        self.pieces = pieces
        self.shape = shape
        self.count = shape.count
        self.contentSize = contentSize
        self.generation = generation
        _checkInvariants()
    }

    /// This result with items `range` at `frames` (validated) and every item after them moved
    /// down by `shift`. O(pieces + range.count + cut pieces' extents).
    /// - Throws: `LayoutError.invalidFrame` naming the first invalid frame by its item index.
    func replacing(_ range: Range<Int>, with frames: [Rect], shift: Double, layoutName: String) throws -> SplicedResult {
        precondition(frames.count == range.count && range.upperBound <= count, "a splice replaces items it has")
        var next: [Piece] = []
        for p in pieces where p.start < range.lowerBound { next.append(p.cut(p.start..<min(p.end, range.lowerBound))) }
        if !range.isEmpty {
            for (k, f) in frames.enumerated() where !f.isValidFrame {
                throw LayoutError.invalidFrame(range.lowerBound + k, f, layout: layoutName)
            }
            let source = try FramesResult(frames: frames, layoutName: layoutName)
            next.append(Piece(start: range.lowerBound, count: range.count, source: source, sourceStart: 0, shift: 0,
                              maxima: BlockMaxima(source)))
        }
        for p in pieces where p.end > range.upperBound {
            var moved = p.cut(max(p.start, range.upperBound)..<p.end)
            moved.shift += shift
            next.append(moved)
        }
        next = try Self.merged(next, layoutName: layoutName)
        var width = 0.0, height = 0.0
        for p in next {
            let e = p.extent
            width = max(width, e.x); height = max(height, e.y)
        }
        return SplicedResult(pieces: next, shape: shape, contentSize: Size(width: width, height: height),
                             generation: generation + 1)
    }

    /// The longest run of pieces a splice copies into one: windows that land near each other
    /// (a host measuring around its viewport) become one piece instead of many small ones.
    static let mergedRun = 2048

    /// `pieces` with every run of two or more neighbours of at most `mergedRun` items each
    /// copied into one piece (frames as drawn, so nothing changes). O(copied items).
    private static func merged(_ pieces: [Piece], layoutName: String) throws -> [Piece] {
        var out: [Piece] = []
        var k = 0
        while k < pieces.count {
            var end = k
            while end < pieces.count, pieces[end].count <= mergedRun { end += 1 }
            guard end - k >= 2 else {
                out.append(pieces[k]); k += 1
                continue
            }
            var frames: [Rect] = []
            for p in pieces[k..<end] {
                for i in p.sourceStart..<(p.sourceStart + p.count) { frames.append(p.source.itemFrames[i].offsetBy(dx: 0, dy: p.shift)) }
            }
            let source = try FramesResult(frames: frames, layoutName: layoutName)
            out.append(Piece(start: pieces[k].start, count: frames.count, source: source, sourceStart: 0, shift: 0,
                             maxima: BlockMaxima(source)))
            k = end
        }
        return out
    }

    /// The piece holding item `index` (in range). O(log pieces).
    private func piece(holding index: Int) -> Piece {
        var lo = 0, hi = pieces.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if pieces[mid].start <= index { lo = mid } else { hi = mid - 1 }
        }
        return pieces[lo]
    }

    /// Item `index`'s frame. O(log pieces).
    func frame(at index: Int) throws -> Rect {
        try checkIndex(index)
        let p = piece(holding: index)
        return p.source.itemFrames[p.sourceStart + index - p.start].offsetBy(dx: 0, dy: p.shift)
    }

    func section(ofItem index: Int) throws -> Int { try shape.section(ofItem: index) }
    var sectionRanges: [Range<Int>] { shape.sectionRanges }

    /// Calls `body(index, frame)` for every item overlapping `rect`, ascending. O(pieces · log n + k).
    private func forEachHit(in rect: Rect, _ body: (Int, Rect) -> Void) {
        for p in pieces {
            // Ask the source a little beyond the moved-back rectangle, then test the frames as
            // this result draws them: moving the rectangle instead of the frame rounds otherwise.
            let slack = 1e-9 * (abs(rect.minY) + abs(rect.maxY) + abs(p.shift) + 1)
            let asked = Rect(x: rect.minX, y: rect.minY - p.shift - slack, width: rect.width, height: rect.height + 2 * slack)
            let run = p.sourceStart..<(p.sourceStart + p.count)
            for h in p.source.visible(in: asked) where run.contains(h) {
                let f = p.source.itemFrames[h].offsetBy(dx: 0, dy: p.shift)
                if f.overlapsWithPositiveArea(rect) { body(p.start + h - p.sourceStart, f) }
            }
        }
    }

    func visible(in rect: Rect) throws -> [Int] {
        var found: [Int] = []
        forEachHit(in: rect) { i, _ in found.append(i) }
        return found
    }

    func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] {
        var found: [LayoutElement] = []
        forEachHit(in: rect) { i, f in found.append(.item(i, section: shape.sectionIndex(ofItem: i), frame: f)) }
        return found
    }

    /// The invariants of the type's documentation: the pieces tile the items in order, none
    /// empty, and the content size is the bounding box of the origin and every frame. O(n).
    func invariantsHold() -> Bool {
        var next = 0
        for p in pieces {
            guard p.start == next, p.count > 0 else { return false }
            next = p.end
        }
        guard next == count else { return false }
        var width = 0.0, height = 0.0
        for p in pieces {
            for i in p.sourceStart..<(p.sourceStart + p.count) {
                let f = p.source.itemFrames[i].offsetBy(dx: 0, dy: p.shift)
                width = max(width, f.maxX); height = max(height, f.maxY)
            }
        }
        return contentSize == Size(width: width, height: height)
    }

    #if TESSERA_INTERNAL_CHECKS
    /// Stops the program when `invariantsHold()` is false. O(n).
    @inline(never)
    func _checkInvariants() {
        precondition(invariantsHold(), "SplicedResult: an invariant of its pieces does not hold")
    }
    #else
    /// Nothing: the checks are compiled in under TESSERA_INTERNAL_CHECKS only.
    @inline(__always)
    func _checkInvariants() {}
    #endif
}

/// The largest maxX and maxY of a result's frames per block of 256 items, so the extent of any
/// run costs its whole blocks plus two partial ones.
struct BlockMaxima {
    static let shift = 8
    private let maxX: [Double]
    private let maxY: [Double]

    /// O(n).
    init(_ result: FramesResult) {
        let frames = result.itemFrames, blocks = (frames.count + (1 << Self.shift) - 1) >> Self.shift
        var xs = [Double](repeating: -.infinity, count: blocks), ys = xs
        for (i, f) in frames.enumerated() {
            xs[i >> Self.shift] = max(xs[i >> Self.shift], f.maxX)
            ys[i >> Self.shift] = max(ys[i >> Self.shift], f.maxY)
        }
        maxX = xs; maxY = ys
    }

    /// The largest maxX and maxY of the frames `run` of `result` (−∞ when the run is empty).
    /// O(run.count / 256 + 512).
    func extent(of run: Range<Int>, in result: FramesResult) -> (x: Double, y: Double) {
        var x = -Double.infinity, y = -Double.infinity
        var i = run.lowerBound
        while i < run.upperBound {
            let block = i >> Self.shift, blockEnd = (block + 1) << Self.shift
            if i == block << Self.shift && blockEnd <= run.upperBound {
                x = max(x, maxX[block]); y = max(y, maxY[block])
                i = blockEnd
            } else {
                let f = result.itemFrames[i]
                x = max(x, f.maxX); y = max(y, f.maxY)
                i += 1
            }
        }
        return (x, y)
    }

    /// The largest maxX and maxY of the frames `run` of `result` moved down by `shift`, exactly
    /// as a piece draws them (−∞ when the run is empty). Moving the largest maxY is not enough:
    /// a frame's y + shift + height can round a unit in the last place away from its maxY +
    /// shift, so the frames whose maxY is within a few such units of the largest are moved and
    /// measured one by one. O(run.count / 256 + 512 + 256 · blocks near the largest).
    func extent(of run: Range<Int>, in result: FramesResult, shift: Double) -> (x: Double, y: Double) {
        let (x, largest) = extent(of: run, in: result)
        guard shift != 0, largest.isFinite else { return (x, largest + shift) }
        let near = largest - 8 * (abs(largest) + abs(shift)).ulp
        var y = -Double.infinity
        var i = run.lowerBound
        while i < run.upperBound {
            let block = i >> Self.shift, blockEnd = min((block + 1) << Self.shift, run.upperBound)
            if maxY[block] >= near {
                for f in result.itemFrames[i..<blockEnd] where f.maxY >= near { y = max(y, f.offsetBy(dx: 0, dy: shift).maxY) }
            }
            i = blockEnd
        }
        return (x, y)
    }
}
