import Testing
@_spi(Testing) @testable import TesseraCore

/// The reference answer: every frame whose intersection with `q` has a positive area.
/// `overlapsWithPositiveArea` is the open-interval test; it alone would accept a zero-size
/// frame strictly inside `q` (or a zero-size `q` inside a frame), hence the area checks.
private func bruteForce(_ frames: [Rect], _ q: Rect) -> [Int] {
    guard IndexBox(q).hasArea else { return [] }
    return frames.indices.filter { IndexBox(frames[$0]).hasArea && frames[$0].overlapsWithPositiveArea(q) }
}

/// The shared seeded generator, so every failing case can be replayed from its seed.
private typealias SeededRandom = SplitMix64

extension SplitMix64 {
    mutating func uniform(_ range: Range<Double>) -> Double { Double.random(in: range, using: &self) }
}

/// The same frames under each packing: the automatic choice, frame order and STR tiles.
private func everyPacking(_ frames: [Rect], fanout: Int) -> [SpatialIndex] {
    [SpatialIndex(frames: frames, fanout: fanout),
     SpatialIndex(frames: frames, fanout: fanout, packing: .frameOrder),
     SpatialIndex(frames: frames, fanout: fanout, packing: .tiled)]
}

@Suite("SpatialIndex: exact cases")
struct SpatialIndexExactTests {
    /// A 5 × 5 grid of 10 × 10 cells, row-major.
    let grid = (0..<25).map { r(Double($0 % 5) * 10, Double($0 / 5) * 10, 10, 10) }

    @Test func touchingEdgesAreExcluded() {
        for index in everyPacking(grid, fanout: 2) {
            // Exactly cell (1, 1): its eight neighbours only touch the query.
            #expect(index.query(r(10, 10, 10, 10)) == [6])
            // A thin sliver past an edge overlaps with positive area.
            #expect(index.query(r(19.5, 10, 1, 10)) == [6, 7])
            // Queries that only touch the grid from outside see nothing.
            #expect(index.query(r(50, 0, 10, 50)) == [])
            #expect(index.query(r(-10, -10, 10, 10)) == [])
            #expect(index.query(r(-5, 50, 60, 5)) == [])
            // Touching a corner only.
            #expect(index.query(r(50, 50, 1, 1)) == [])
        }
    }

    @Test func wholeGridAndSubrectangle() {
        for index in everyPacking(grid, fanout: 3) {
            #expect(index.query(r(-1, -1, 100, 100)) == Array(0..<25))
            #expect(index.query(r(0, 0, 50, 50)) == Array(0..<25))
            #expect(index.query(r(15, 25, 20, 5)) == [11, 12, 13])
            #expect(index.query(r(15, 25, 20, 10)) == [11, 12, 13, 16, 17, 18])
        }
    }

    @Test func zeroSizeFramesAreNeverVisible() {
        let frames = [r(5, 5, 0, 0), r(5, 5, 10, 0), r(5, 5, 0, 10), r(2, 2, 6, 6), r(100, 100, 0, 0)]
        for index in everyPacking(frames, fanout: 2) {
            #expect(index.query(r(0, 0, 20, 20)) == [3])
            #expect(index.query(r(4, 4, 2, 2)) == [3])
            #expect(index.query(r(-1000, -1000, 5000, 5000)) == [3])
            #expect(index.entryCount == 1)
        }
        // Only degenerate frames: an index with no entries.
        let empty = SpatialIndex(frames: [r(1, 1, 0, 5), r(3, 3, 0, 0)])
        #expect(empty.query(r(0, 0, 10, 10)) == [])
        #expect(empty.entryCount == 0)
    }

    @Test func zeroSizeOrInvalidQueriesSeeNothing() {
        for index in everyPacking(grid, fanout: 16) {
            #expect(index.query(r(15, 15, 0, 0)) == [])
            #expect(index.query(r(15, 15, 0, 10)) == [])
            #expect(index.query(r(15, 15, 10, 0)) == [])
            #expect(index.query(r(15, 15, -5, 10)) == [])
            #expect(index.query(r(.nan, 15, 5, 5)) == [])
            #expect(index.query(r(15, 15, .infinity, 5)) == [6, 7, 8, 9])
        }
    }

    @Test func emptyIndex() {
        let index = SpatialIndex(frames: [])
        #expect(index.query(r(0, 0, 100, 100)) == [])
        #expect(index.query(r(-1e300, -1e300, 1e300, 1e300)) == [])
        #expect(index.entryCount == 0)
        #expect(index.memoryBytes < 1024)
    }

    @Test func overlappingFrames() {
        // Identical frames, nested frames and a frame that straddles the others.
        let frames = [r(0, 0, 10, 10), r(0, 0, 10, 10), r(2, 2, 2, 2), r(0, 0, 10, 10), r(5, -5, 1, 30)]
        for fanout in [2, 3, 16] { for index in everyPacking(frames, fanout: fanout) {
            #expect(index.query(r(0, 0, 10, 10)) == [0, 1, 2, 3, 4])
            #expect(index.query(r(3, 3, 1, 1)) == [0, 1, 2, 3])
            #expect(index.query(r(4, 4, 1, 1)) == [0, 1, 3])
            #expect(index.query(r(5.5, 15, 1, 1)) == [4])
            #expect(index.query(r(6, 15, 1, 1)) == [])
        } }
    }

    @Test func unsortedFrames() {
        // The grid in reverse order: index i is cell 24 − i.
        let reversed = Array(grid.reversed())
        for index in everyPacking(reversed, fanout: 2) {
            #expect(index.query(r(10, 10, 10, 10)) == [18])
            #expect(index.query(r(10, 30, 30, 5)) == [6, 7, 8])
            #expect(index.query(r(0, 0, 11, 11)) == [18, 19, 23, 24])
        }
    }

    @Test func oneHugeFrame() {
        var frames = grid
        frames.insert(r(-1e6, -1e6, 2e6, 2e6), at: 12)
        for index in everyPacking(frames, fanout: 4) {
            #expect(index.query(r(1000, 1000, 10, 10)) == [12])
            #expect(index.query(r(10, 10, 10, 10)) == [6, 12])
            #expect(index.query(r(1e6, 0, 1, 1)) == [])
            #expect(index.query(r(1e6 - 1, 0, 1, 1)) == [12])
        }
    }

    /// Not produced by validated layouts, but the index takes any frames: an infinite extent is
    /// a real (unbounded) box; NaN, ∞ − ∞ or −∞ + w coordinates give no area: never visible.
    @Test func infiniteAndNaNFrames() {
        let frames = [r(0, 0, .infinity, 10), r(-.infinity, 20, .infinity, 10), r(.nan, 0, 5, 5),
                      r(5, 5, 10, .nan), r(-1e308, 40, 1.5e308, 5), r(3, 3, 4, 4), r(-.infinity, 50, 1e308, 5)]
        for index in everyPacking(frames, fanout: 2) {
            #expect(index.query(r(1e300, 5, 1e290, 1)) == [0])
            #expect(index.query(r(1e300, 5, 1, 1)) == [])   // 1e300 + 1 == 1e300: no area
            #expect(index.query(r(0, 0, 10, 50)) == [0, 4, 5])   // frame 1 ends at −∞ + ∞ = NaN
            #expect(index.query(r(-1e308, 41, 1e300, 1)) == [4])
            for q in [r(-1, -1, 1e9, 1e9), r(2, 2, 2, 2), r(-.infinity, -.infinity, .infinity, .infinity)] {
                #expect(index.query(q) == bruteForce(frames, q), "ordered \(index.isOrdered) \(q)")
            }
        }
    }

    @Test func negativeAndFractionalCoordinates() {
        let frames = [r(-10.25, -3.5, 0.5, 0.25), r(-9.75, -3.5, 0.5, 0.25), r(-10.25, -3.25, 1, 1)]
        for index in everyPacking(frames, fanout: 2) {
            #expect(index.query(r(-10, -3.5, 0.125, 0.125)) == [0])
            #expect(index.query(r(-9.75, -3.3, 0.01, 0.1)) == [1, 2])
        }
    }

    @Test func framesInLayoutOrderKeepFrameOrder() {
        var tops = [0.0, 0.0, 0.0]
        var random = SeededRandom(seed: 1)
        let frames = (0..<5000).map { _ -> Rect in
            let c = tops.indices.min { tops[$0] < tops[$1] }!
            let h = random.uniform(50..<400)
            defer { tops[c] += h + 4.5 }
            return r(Double(c) * 126.5, tops[c], 122, h)
        }
        let index = SpatialIndex(frames: frames)
        #expect(index.isOrdered)
        #expect(index.ids.isEmpty)
        #expect(index.memoryBytes < 5000 * 4)  // about 2 bytes per item: node boxes only
        var shuffled = SeededRandom(seed: 2)
        let scattered = SpatialIndex(frames: frames.shuffled(using: &shuffled))
        #expect(!scattered.isOrdered)
    }

    /// Items down the page in frame order take the leaf-band shortcut, except where it would
    /// scan far: a grid much wider than a leaf, or one tall item early on. Every variant answers
    /// exactly, against the tree walk and the brute-force scan.
    @Test func leafBandOnlyWhereItIsCheap() {
        var random = SeededRandom(seed: 5)
        var tops = [0.0, 0.0, 0.0]
        let waterfall = (0..<3000).map { _ -> Rect in
            let c = tops.indices.min { tops[$0] < tops[$1] }!
            let h = random.uniform(50..<400)
            defer { tops[c] += h + 4.5 }
            return r(Double(c) * 126.5, tops[c], 122, h)
        }
        let wideGrid = (0..<3000).map { r(Double($0 % 300) * 10, Double($0 / 300) * 10, 9, 9) }
        var tallFirst = waterfall
        tallFirst[0].height = 1e6
        for (frames, band) in [(waterfall, true), (wideGrid, false), (tallFirst, false)] {
            let index = SpatialIndex(frames: frames, fanout: 16, packing: .frameOrder)
            #expect((index.band == nil) == !band)
            let tree = SpatialIndex(frames: frames, fanout: 16, packing: .tiled)
            for _ in 0..<300 {
                let q = r(random.uniform(-50..<400), random.uniform(-100..<(tops.max()! + 100)), random.uniform(1..<400), random.uniform(1..<900))
                let want = bruteForce(frames, q)
                #expect(index.query(q) == want, "band \(band) \(q)")
                #expect(tree.query(q) == want, "tiled \(q)")
            }
        }
    }

    /// The band's two-step search finds the same leaf as a scan of every leaf's reach: for tops
    /// above, below and exactly on reach values, over several blocks and a partial last one.
    @Test func leafBandSearchMatchesALinearScan() {
        var random = SeededRandom(seed: 6)
        var tops = [0.0, 0.0, 0.0]
        let frames = (0..<(16 * 16 * 5 + 40)).map { _ -> Rect in
            let c = tops.indices.min { tops[$0] < tops[$1] }!
            let h = random.uniform(50..<400)
            defer { tops[c] += h + 4.5 }
            return r(Double(c) * 126.5, tops[c], 122, h)
        }
        guard let band = SpatialIndex(frames: frames, fanout: 16, packing: .frameOrder).band else {
            Issue.record("a waterfall takes the band")
            return
        }
        #expect(band.reach.count == 83)
        #expect(band.blockReach.count == 6)
        var probes = band.reach.flatMap { [Double($0), Double($0).nextDown, Double($0).nextUp] }
        probes += [-1e9, 0, tops.max()! + 1, 1e9]
        probes += (0..<200).map { _ in random.uniform(-100..<(tops.max()! + 100)) }
        for top in probes {
            let want = band.reach.firstIndex { Double($0) > top } ?? band.reach.count
            #expect(band.firstLeaf(reaching: top) == want, "top \(top)")
        }
    }

    /// The bulk-loading trap: frames sharing an x-centre must still give short leaves.
    @Test func sharedCentresGiveShortLeaves() {
        var random = SeededRandom(seed: 3)
        var frames: [Rect] = []
        for c in 0..<3 {
            var y = 0.0
            for _ in 0..<4000 {
                let h = random.uniform(50..<400)
                frames.append(r(Double(c) * 126.5, y, 122, h))
                y += h + 4.5
            }
        }
        frames.shuffle(using: &random)
        let index = SpatialIndex(frames: frames, fanout: 16)
        #expect(!index.isOrdered)
        // 750 leaves of 16 items: a leaf inside one column spans about 16 × 230 = 3,700 points.
        let leafHeights = (0..<index.levels[0].count).map { index.nodeBox(level: 0, $0).height }.sorted()
        #expect(leafHeights.count == 750)
        #expect(leafHeights[leafHeights.count * 9 / 10] < 4500)
        #expect(leafHeights.filter { $0 > 10_000 }.count <= 2)   // at most one per column junction
    }

    /// Frames far from the origin: single-precision boxes round, the answer must not.
    @Test func roundedBoxesStayExact() {
        var random = SeededRandom(seed: 4)
        let base = 12_345_678.9
        var frames = (0..<3000).map { _ in
            r(base + random.uniform(0..<500), base + random.uniform(0..<500),
              random.uniform(0.001..<3), random.uniform(0.001..<3))
        }
        frames.shuffle(using: &random)
        #expect(!SpatialIndex(frames: frames, fanout: 8).isOrdered)
        // Queries whose edges sit exactly on, and one ulp either side of, frame edges.
        let indexes = everyPacking(frames, fanout: 8)
        for i in stride(from: 0, to: frames.count, by: 23) {
            let f = frames[i]
            for (dx, dy) in [(0.0, 0.0), (1.0, 1.0), (-1.0, -1.0)] {
                let x0 = f.maxX + dx * f.maxX.ulp, y0 = f.maxY + dy * f.maxY.ulp
                let x1 = f.x + dx * f.x.ulp, y1 = f.y + dy * f.y.ulp
                for q in [r(x0, y0, 40, 40), r(x1 - 40, y1 - 40, 40, 40), r(x1, y1, f.maxX - x1, f.maxY - y1)] {
                    let want = bruteForce(frames, q)
                    for index in indexes { #expect(index.query(q) == want, "ordered \(index.isOrdered) \(q)") }
                }
            }
        }
    }
}

@Suite("SpatialIndex: property tests against a brute-force scan")
struct SpatialIndexPropertyTests {
    enum Shape: CaseIterable { case waterfall, shuffledWaterfall, scatter, clustered, sameCentre, sortedRows }

    /// Frames of one shape; some sets include zero-size frames and duplicates.
    fileprivate static func frames(_ shape: Shape, count: Int, _ random: inout SeededRandom) -> [Rect] {
        switch shape {
        case .waterfall, .shuffledWaterfall:
            let columns = Int.random(in: 1...5, using: &random)
            let width = 375.0, spacing = random.uniform(0..<10)
            let columnWidth = (width - Double(columns - 1) * spacing) / Double(columns)
            var tops = [Double](repeating: 0, count: columns)
            var frames = (0..<count).map { _ -> Rect in
                let c = tops.indices.min { tops[$0] < tops[$1] }!
                let h = Int.random(in: 0..<20, using: &random) == 0 ? 0 : random.uniform(20..<400)
                defer { tops[c] += h + spacing }
                return r(Double(c) * (columnWidth + spacing), tops[c], columnWidth, h)
            }
            if shape == .shuffledWaterfall { frames.shuffle(using: &random) }
            return frames
        case .scatter:
            return (0..<count).map { _ in
                let w = random.uniform(5..<50), h = random.uniform(5..<50)
                return r(random.uniform(0..<(1000 - w)), random.uniform(0..<(1000 - h)), w, h)
            }
        case .clustered:
            let centres = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                (random.uniform(-500..<500), random.uniform(-500..<500))
            }
            var frames = (0..<count).map { _ -> Rect in
                let (cx, cy) = centres[Int.random(in: 0..<centres.count, using: &random)]
                let spread = random.uniform(0..<60)
                return r(cx + random.uniform(-spread..<spread + 1e-9), cy + random.uniform(-spread..<spread + 1e-9),
                         random.uniform(0..<30), random.uniform(0..<30))
            }
            if count > 10 { frames[count / 2] = frames[count / 3] }   // an exact duplicate
            return frames
        case .sameCentre:
            return (0..<count).map { _ in
                let w = Double(Int.random(in: 0..<40, using: &random))
                let h = Double(Int.random(in: 0..<40, using: &random))
                return r(100 - w / 2, 100 - h / 2, w, h)
            }
        case .sortedRows:
            // Sorted by y but spread over a wide x range: frame order is a poor tiling.
            return (0..<count).map { i in
                r(random.uniform(0..<5000), Double(i) * 0.5, random.uniform(1..<20), random.uniform(1..<20))
            }
        }
    }

    /// A random query around `bounds`: some small, some viewport-like, some snapped to a frame.
    fileprivate static func query(around frames: [Rect], _ random: inout SeededRandom) -> Rect {
        let bounds = frames.reduce(Rect.zero) { $0.union($1) }
        let pick = Int.random(in: 0..<10, using: &random)
        if pick == 0, let f = frames.randomElement(using: &random) {
            return r(f.maxX, f.y, random.uniform(0..<100), f.height)   // touches f's right edge
        }
        if pick == 1, let f = frames.randomElement(using: &random) { return f }
        if pick == 2 { return r(bounds.x - 1, bounds.y - 1, bounds.width + 2, bounds.height + 2) }
        let w = pick < 6 ? random.uniform(0..<50) : random.uniform(100..<900)
        let h = pick < 6 ? random.uniform(0..<50) : random.uniform(100..<900)
        return r(random.uniform((bounds.minX - 100)..<(bounds.maxX + 100)),
                 random.uniform((bounds.minY - 100)..<(bounds.maxY + 100)), w, h)
    }

    @Test(arguments: Shape.allCases)
    func queryEqualsBruteForce(shape: Shape) {
        var choices: [Bool] = []   // automatic choice was frame order, for sets of 100+ frames
        for seed in UInt64(1)...40 {
            var random = SeededRandom(seed: seed &* 1_000_003 &+ UInt64(Shape.allCases.firstIndex(of: shape)!))
            let count = [0, 1, 2, 15, 16, 17, 100, 257, 1000, 3000][Int(seed % 10)]
            let fanout = [2, 3, 4, 16][Int(seed / 10) % 4]
            let frames = Self.frames(shape, count: count, &random)
            let automatic = SpatialIndex(frames: frames, fanout: fanout)
            if count >= 100 { choices.append(automatic.isOrdered) }
            // Every packing must give the same, exact answer on the same frames.
            let indexes = [automatic, SpatialIndex(frames: frames, fanout: fanout, packing: .frameOrder),
                           SpatialIndex(frames: frames, fanout: fanout, packing: .tiled)]
            for _ in 0..<50 {
                let q = Self.query(around: frames, &random)
                let want = bruteForce(frames, q)
                for index in indexes {
                    let got = index.query(q)
                    let context = "shape \(shape) seed \(seed) n \(count) fanout \(fanout) ordered \(index.isOrdered)"
                    #expect(got == want, "\(context) query \(q)")
                    if got != want { return }
                }
            }
        }
        // The cost model keeps frame order for a layout in layout order and tiles the rest.
        switch shape {
        case .waterfall: #expect(choices == Array(repeating: true, count: 16))
        case .shuffledWaterfall, .scatter, .sortedRows: #expect(choices == Array(repeating: false, count: 16))
        case .clustered, .sameCentre: #expect(choices.count == 16)
        }
    }

    /// An index over a listed subset, in the listed order, answers exactly for that subset; two
    /// such indexes can split one frames array between them.
    @Test(arguments: Shape.allCases)
    func listedSubsetEqualsBruteForce(shape: Shape) {
        for seed in UInt64(1)...20 {
            var random = SeededRandom(seed: seed &* 7_000_003 &+ UInt64(Shape.allCases.firstIndex(of: shape)!))
            let count = [0, 1, 2, 15, 16, 17, 100, 257, 1000, 3000][Int(seed % 10)]
            let fanout = [2, 16][Int(seed / 10) % 2]
            let frames = Self.frames(shape, count: count, &random)
            var listed = frames.indices.filter { _ in random.next() % 3 != 0 }.map { UInt32($0) }
            listed.shuffle(using: &random)
            let inListed = Set(listed)
            let rest = frames.indices.map { UInt32($0) }.filter { !inListed.contains($0) }
            // Listed one by one, and as runs of consecutive ids; the tail of the frames as `then`.
            let split = frames.count / 2
            let runs = rest.map { Int($0)..<Int($0) + 1 }.reduce(into: [Range<Int>]()) { runs, one in
                if let last = runs.last, last.upperBound == one.lowerBound { runs[runs.count - 1] = last.lowerBound..<one.upperBound } else { runs.append(one) }
            }
            let parts = [(inListed, SpatialIndex(frames: frames, listing: listed.map { Int($0)..<Int($0) + 1 }, fanout: fanout)),
                         (Set(rest), SpatialIndex(frames: Array(frames[..<split]), then: Array(frames[split...]), listing: runs, fanout: fanout))]
            for _ in 0..<30 {
                let q = Self.query(around: frames, &random)
                let want = bruteForce(frames, q)
                var union: [Int] = []
                for (ids, index) in parts {
                    let got = index.query(q)
                    #expect(got == want.filter { ids.contains(UInt32($0)) }, "shape \(shape) seed \(seed) n \(count) query \(q)")
                    union += got
                }
                #expect(union.sorted() == want)
            }
        }
    }

    /// `CompactBox.down/up` give the nearest Float on the right side, as `nextDown/nextUp` would.
    @Test func singlePrecisionRoundingBracketsTheValue() {
        var random = SeededRandom(seed: 11)
        var values: [Double] = [0, -0.0, 1, -1, 0.1, -0.1, 1e-50, -1e-50, 1e300, -1e300, .infinity, -.infinity,
                                Double(Float.greatestFiniteMagnitude), -Double(Float.greatestFiniteMagnitude),
                                Double(Float.leastNonzeroMagnitude) / 3, 16_777_217, -16_777_217]
        values += (0..<2000).map { _ in
            Double(bitPattern: random.next() & ~(0x7FF << 52) | UInt64.random(in: 0x300...0x4FF, using: &random) << 52)
        }
        for v in values {
            let down = CompactBox.down(v), up = CompactBox.up(v)
            #expect(Double(down) <= v && v <= Double(up), "\(v)")
            // Nothing representable lies strictly between the result and v.
            #expect(Double(down) == v || Double(down.nextUp) > v, "\(v)")
            #expect(Double(up) == v || Double(up.nextDown) < v, "\(v)")
        }
    }

    @Test func quadMasksMatchLaneByLaneTests() {
        var random = SeededRandom(seed: 12)
        for _ in 0..<500 {
            var quad = BoxQuad.empty
            var boxes: [CompactBox] = []
            for lane in 0..<Int.random(in: 0...4, using: &random) {
                let x = Float(random.uniform(0..<100)), y = Float(random.uniform(0..<100))
                let box = CompactBox(minX: x, minY: y, maxX: x + Float(random.uniform(0..<30)),
                                     maxY: y + Float(random.uniform(0..<30)))
                quad[lane] = box
                boxes.append(box)
            }
            let x = Float(random.uniform(0..<100)), y = Float(random.uniform(0..<100))
            let q = CompactBox(minX: x, minY: y, maxX: x + Float(random.uniform(0..<60)),
                               maxY: y + Float(random.uniform(0..<60)))
            var overlapping: UInt32 = 0, inside: UInt32 = 0
            for (lane, b) in boxes.enumerated() {
                if b.overlaps(q) { overlapping |= 1 << lane }
                if q.minX <= b.minX && b.maxX <= q.maxX && q.minY <= b.minY && b.maxY <= q.maxY { inside |= 1 << lane }
            }
            #expect(quad.overlapping(BoxQuad.Splat(q)) == overlapping)
            #expect(quad.inside(BoxQuad.Splat(q)) & BoxQuad.lanes(0, boxes.count) == inside)
        }
        #expect(BoxQuad.lanes(0, 4) == 0b1111)
        #expect(BoxQuad.lanes(1, 3) == 0b0110)
        #expect(BoxQuad.lanes(2, 2) == 0)
    }

    /// Hits sorted into a new array: spread values (the bucket pass below 512 values, two radix
    /// passes from 512 on), values spanning more than 2²² (the bucket pass at any size), clustered
    /// ones with one far value (buckets overflow: the radix sort), and the small sizes (insertion).
    @Test func sortedHitsEqualTheStandardSort() {
        var random = SeededRandom(seed: 9)
        for n in [0, 1, 2, 31, 32, 33, 100, 511, 512, 513, 3400, 20_000] {
            let spread = (0..<n).map { _ in Int.random(in: 0..<1_000_000, using: &random) }
            let wide = (0..<n).map { _ in Int.random(in: 0...Int(UInt32.max), using: &random) }
            let span22 = (0..<n).map { i in i < 2 ? [5, 5 + (1 << 22) - 1][i] : Int.random(in: 5..<(5 + (1 << 22)), using: &random) }
            var clustered = (0..<n).map { 500_000 + $0 * 3 }.shuffled(using: &random)
            if n > 0 { clustered[n / 2] = 7 }
            let dense = Array((0..<n).shuffled(using: &random))
            for values in [spread, wide, span22, clustered, dense] {
                let hits = values.map { UInt32($0) }
                #expect(hits.withUnsafeBufferPointer { RadixSort.sortedAscending($0) } == values.sorted(), "n \(n)")
            }
        }
    }

    @Test func radixSortIsStableAndCarriesPayload() {
        var random = SeededRandom(seed: 7)
        var keys = (0..<5000).map { _ in UInt64.random(in: 0..<(1 << 40), using: &random) / (1 << 30) }
        var payload = keys.indices.map { UInt32($0) }
        let expected = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
        RadixSort.sort(&keys, carrying: &payload)
        #expect(payload == expected.map { UInt32($0) })
        var hits = (0..<3000).map { _ in Int.random(in: 0..<1_000_000, using: &random) }
        let sortedHits = hits.sorted()
        RadixSort.sortAscending(&hits)
        #expect(hits == sortedHits)
        var few = [5, 3, 9, 1]
        RadixSort.sortAscending(&few)
        #expect(few == [1, 3, 5, 9])
    }
}
