import Testing
@_spi(Testing) @testable import TesseraCore

/// The loader's duplicate finder agrees with a dictionary, on the table path and on the
/// dictionary fallback that hostile (colliding) ids would force.
@Suite struct DuplicateIDsTests {
    /// The first repeat as a dictionary finds it.
    func reference(_ ids: [ItemID]) -> (Int, Int)? {
        var seen: [ItemID: Int] = [:]
        for (k, id) in ids.enumerated() {
            if let f = seen[id] { return (f, k) }
            seen[id] = k
        }
        return nil
    }

    @Test func agreesWithADictionaryOnRandomIds() {
        var random = BenchRandom(seed: 7)
        func next(_ bound: Int) -> Int { random.below(bound) }
        var repeats = 0
        for round in 0..<400 {
            let count = next(300)
            let ids: [ItemID] = (0..<count).map { _ in
                let v = next(round % 2 == 0 ? 100_000 : 2 * max(count, 1))
                switch next(3) {
                case 0: return .int(v)
                case 1: return .string(String(v))   // "5" and 5 are different ids
                default: return .string("a long identifier, past eight bytes: \(v)")
                }
            }
            let expected = reference(ids)
            if expected != nil { repeats += 1 }
            for probe in [64, 0] {
                let found = DuplicateIDs.first(in: ids, maximumProbe: probe)
                #expect(found?.first == expected?.0 && found?.second == expected?.1, "round \(round), probe \(probe)")
            }
        }
        #expect(repeats > 100 && repeats < 380)
    }

    @Test func tellsStringsAndIntegersAndEmptyStringsApart() {
        #expect(DuplicateIDs.first(in: [.int(5), .string("5"), .string(""), .int(0)]) == nil)
        let found = DuplicateIDs.first(in: [.string(""), .int(1), .string("")])
        #expect(found?.first == 0 && found?.second == 2)
    }

    /// All-integer ids go through a bitmap when they span few values per id, through the table
    /// when spread out or when `max − min` overflows: every case agrees with a dictionary, for
    /// an array of ids and for a dataset's id column.
    @Test func integerIdsAgreeOnTheBitmapAndTheTable() {
        var random = BenchRandom(seed: 11)
        func next(_ bound: Int) -> Int { random.below(bound) }
        var repeats = 0
        for round in 0..<400 {
            let count = 2 + next(300)
            let spread = [count, 16 * count, 17 * count, 1 << 40][round % 4]
            var ids: [ItemID] = (0..<count).map { _ in .int(next(spread) - spread / 3) }
            if round % 10 == 9 { ids[next(count)] = .int(round % 20 == 9 ? Int.min : Int.max) }
            let expected = reference(ids)
            if expected != nil { repeats += 1 }
            let found = DuplicateIDs.first(in: ids)
            #expect(found?.first == expected?.0 && found?.second == expected?.1, "round \(round)")
            var column = IDColumn()
            for id in ids { column.append(id) }
            let inColumn = DuplicateIDs.first(in: column)
            #expect(inColumn?.first == expected?.0 && inColumn?.second == expected?.1, "round \(round), column")
        }
        #expect(repeats > 100 && repeats < 380)
        let found = DuplicateIDs.first(in: [.int(3), .int(9), .int(4), .int(9), .int(3)])
        #expect(found?.first == 1 && found?.second == 3)
    }
}
