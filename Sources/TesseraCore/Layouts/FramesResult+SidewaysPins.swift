/// The limits of elements that pin sideways (left or right), which a result holds when it
/// flattens a transposed layout's headers and footers into its own: each section's extent in
/// x, the counterpart of the section ends and starts in y that the initializer finds in its
/// pass over the items.
extension FramesResult {
    /// Each section's least minX and greatest maxX over its items (its scroller's, for an
    /// orthogonal section) and its unpinned, non-global elements; +∞ and −∞ for a section with
    /// none. O(n + m).
    static func sectionExtentsInX(frames: [Rect], ranges: [Range<Int>], elements: [LayoutElement],
                                  orthogonal: [OrthogonalSection], orthogonalBySection: [Int32])
        -> (starts: [Double], ends: [Double]) {
        var starts = [Double](repeating: .infinity, count: ranges.count)
        var ends = [Double](repeating: -.infinity, count: ranges.count)
        for (s, range) in ranges.enumerated() {
            if !orthogonal.isEmpty, orthogonalBySection[s] >= 0 {
                let scroller = orthogonal[Int(orthogonalBySection[s])].frame
                (starts[s], ends[s]) = (scroller.minX, scroller.maxX)
                continue
            }
            for i in range {
                starts[s] = min(starts[s], frames[i].minX)
                ends[s] = max(ends[s], frames[i].maxX)
            }
        }
        for e in elements where !e.pinned && !e.isGlobal {
            starts[e.section] = min(starts[e.section], e.frame.minX)
            ends[e.section] = max(ends[e.section], e.frame.maxX)
        }
        return (starts, ends)
    }
}
