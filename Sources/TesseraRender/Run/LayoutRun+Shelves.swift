import TesseraCore

extension LayoutRun {
    /// The orthogonal sections (shelves) with the items they hold (a section's items are
    /// consecutive). O(n log s) when there are any, else O(1).
    func shelves() -> [(scroller: OrthogonalSection, items: Range<Int>)] {
        let scrollers = result.orthogonalSections
        guard !scrollers.isEmpty else { return [] }
        var ranges: [Int: Range<Int>] = [:]
        for i in 0..<result.count {
            let s = (try? result.section(ofItem: i)) ?? 0  // i is in range
            if let r = ranges[s] { ranges[s] = r.lowerBound..<(i + 1) } else { ranges[s] = i..<(i + 1) }
        }
        return scrollers.map { ($0, ranges[$0.section] ?? 0..<0) }
    }
}
