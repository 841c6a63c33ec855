/// The element query of a `FramesResult` (see its documentation for the indexes): a walk of
/// `index`, one walk of `orthogonalIndex` per scroller met, hits collected as drawing keys and
/// frames in stack memory, sorted, then each element built once.
extension FramesResult {
    public func elements(in rect: Rect, scroll: ScrollState) -> [LayoutElement] {
        // A screenful of hits is collected on the stack; more moves to the heap.
        withUnsafeTemporaryAllocation(of: Drawn.self, capacity: 48) { stack in
            var found = DrawnList(stack)
            defer { found.deallocate() }
            index.withHits(in: rect) { hits in
                let elementsEnd = count + elements.count
                var s = 0
                for h in hits.lazy.map({ Int($0) }) {
                    if h < count {
                        s = section(ofItem: h, near: s)
                        found.append(Drawn(key: DrawingKey(item: h, zIndex: zIndex(ofItem: h, section: s)), section: s,
                                           frame: itemFrames[h]))
                    } else if h < elementsEnd {
                        let k = h - count
                        let key = DrawingKey(elements[k], ordinal: h)
                        if elements[k].pinned {
                            let frame = Pinning.frame(elements[k].frame, edge: elements[k].pinEdge, scroll: scroll, limit: limits[k])
                            if frame.overlapsWithPositiveArea(rect) { found.append(Drawn(key: key, section: elements[k].section, frame: frame)) }
                        } else {
                            found.append(Drawn(key: key, section: elements[k].section, frame: otherBoxes[k]))
                        }
                    } else {
                        appendOrthogonal(orthogonalSections[h - elementsEnd], rect, scroll, into: &found)
                    }
                }
            }
            found.sortByKey()
            var drawn: [LayoutElement] = []
            drawn.reserveCapacity(found.count)
            for d in found.drawn {
                if d.key.ordinal < count {
                    drawn.append(.item(d.key.ordinal, section: d.section, frame: d.frame, zIndex: d.key.zIndex))
                } else {
                    var e = elements[d.key.ordinal - count]
                    e.frame = d.frame
                    drawn.append(e)
                }
            }
            return drawn
        }
    }

    /// An element found by a query: its drawing key (whose ordinal is its box id), section and
    /// frame as drawn; built into a `LayoutElement` once the hits are in drawing order.
    struct Drawn {
        var key: DrawingKey
        var section: Int
        var frame: Rect
    }

    /// A query's `Drawn` hits, in memory the query lends (a stack buffer), moved to the heap
    /// when more arrive. Call `deallocate` when done.
    struct DrawnList {
        private var base: UnsafeMutablePointer<Drawn>
        private var capacity: Int
        private var onHeap = false
        private(set) var count = 0

        init(_ start: UnsafeMutableBufferPointer<Drawn>) {
            base = start.baseAddress!
            capacity = start.count
        }

        var drawn: UnsafeMutableBufferPointer<Drawn> { UnsafeMutableBufferPointer(start: base, count: count) }

        @inline(__always)
        mutating func append(_ d: Drawn) {
            if count == capacity { grow() }
            (base + count).initialize(to: d)
            count += 1
        }

        @inline(never)
        private mutating func grow() {
            let bigger = UnsafeMutablePointer<Drawn>.allocate(capacity: capacity * 2)
            bigger.moveInitialize(from: base, count: count)
            if onHeap { base.deallocate() }
            base = bigger
            capacity *= 2
            onHeap = true
        }

        /// Puts the hits in drawing order: insertion sort for a screenful (they come nearly in
        /// order, section by section), the standard sort beyond. O(k log k).
        func sortByKey() {
            var all = drawn
            guard all.count > 24 else {
                for i in all.indices.dropFirst() {
                    let d = all[i]
                    var j = i
                    while j > 0 && d.key < all[j - 1].key { all[j] = all[j - 1]; j -= 1 }
                    all[j] = d
                }
                return
            }
            all.sort { $0.key < $1.key }
        }

        /// Frees the heap memory, if the list moved there (`Drawn` holds no references).
        func deallocate() {
            if onHeap { base.deallocate() }
        }
    }

    /// Item `index`'s zIndex, knowing its section (from the section's shared value when there
    /// is one). O(1).
    @inline(__always)
    private func zIndex(ofItem index: Int, section: Int) -> Int {
        guard !sectionZIndices.isEmpty else { return 0 }
        let shared = sectionZIndices[section]
        return shared != .min ? shared : itemZIndices[index]
    }

    /// `section(ofItem:)`, answered at once when `index` is in section `guess` (a query's hits
    /// come section by section). O(1) then, else O(log s).
    @inline(__always)
    private func section(ofItem index: Int, near guess: Int) -> Int {
        if sectionStarts[guess] <= index && (guess + 1 == sectionStarts.count || index < sectionStarts[guess + 1]) {
            return guess
        }
        return sectionIndex(ofItem: index)
    }

    /// The items and item-anchored elements of one orthogonal section that show through its
    /// scroller inside `rect`.
    private func appendOrthogonal(_ o: OrthogonalSection, _ rect: Rect, _ scroll: ScrollState, into found: inout DrawnList) {
        guard let orthogonalIndex else { return }
        let clip = rect.clipped(to: o.frame)
        let off = scroll.offset(ofSection: o.section)
        // Walk at rest; a hair of slack so rounding in the shift never loses a hit, then the
        // exact test on the drawn frame decides.
        let region = clip.offsetBy(dx: off.x, dy: off.y)
        let slack = 1e-9 * (abs(region.x) + abs(region.y) + region.width + region.height + 1)
        let probe = Rect(x: region.x - slack, y: region.y - slack,
                         width: region.width + 2 * slack, height: region.height + 2 * slack)
        let range = sectionStarts[o.section]..<(o.section + 1 < sectionStarts.count ? sectionStarts[o.section + 1] : count)
        orthogonalIndex.withHits(in: probe) { hits in
            for h in hits.lazy.map({ Int($0) }) {
                let key: DrawingKey
                if h < count {
                    guard range.contains(h) else { continue }
                    key = DrawingKey(item: h, zIndex: zIndex(ofItem: h, section: o.section))
                } else {
                    guard elements[h - count].section == o.section else { continue }
                    key = DrawingKey(elements[h - count], ordinal: h)
                }
                let frame = box(h).offsetBy(dx: -off.x, dy: -off.y)
                if frame.overlapsWithPositiveArea(clip) { found.append(Drawn(key: key, section: o.section, frame: frame)) }
            }
        }
    }
}
