import TesseraCore

/// How many items cross each band of a line cut into equal bands: what a minimap draws when
/// its items are too many, or too thin, to draw one by one (a 100k-item feed mapped into 140 px
/// is a grey smear, or a hairline). Counting runs in O(1) per item and O(bands) at the end
/// (each item marks where it starts and ends; one running sum reads the counts), so a huge item
/// costs no more than a small one.
struct DensityBands {
    /// Where the first band starts and how long all of them are together.
    let start: Double, length: Double
    /// +1 where an item starts, -1 one band past where it ends.
    private var steps: [Int]

    /// `bands` (at least 1) equal bands over `length` from `start`.
    init(start: Double, length: Double, bands: Int) {
        self.start = start; self.length = length
        steps = Array(repeating: 0, count: max(1, bands) + 1)
    }

    var bandCount: Int { steps.count - 1 }

    /// Counts an item spanning `lo...hi` in every band it touches; one ending exactly on a band's
    /// edge does not touch the next band.
    mutating func add(from lo: Double, to hi: Double) {
        let first = band(of: lo)
        let last = max(first, band(of: hi > lo ? hi.nextDown : hi))
        steps[first] += 1
        steps[last + 1] -= 1
    }

    /// Items per band, first to last.
    var counts: [Int] {
        var running = 0
        return steps.dropLast().map { running += $0; return running }
    }

    /// Where band `k` starts and ends on the line.
    func bounds(of k: Int) -> (Double, Double) {
        let size = length / Double(bandCount)
        return (start + Double(k) * size, k == bandCount - 1 ? start + length : start + Double(k + 1) * size)
    }

    /// The band holding `v`; values before or past the line fall in its first or last band.
    private func band(of v: Double) -> Int {
        guard length > 0 else { return 0 }
        // Multiplied first, exact on round numbers; divided first where that would overflow.
        let product = (v - start) * Double(bandCount) / length
        let k = (product.isFinite ? product : (v - start) / length * Double(bandCount)).rounded(.down)
        guard k.isFinite else { return k > 0 ? bandCount - 1 : 0 }
        return Int(max(0, min(Double(bandCount - 1), k)))
    }
}
