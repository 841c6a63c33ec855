import Testing
@testable import TesseraCore

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

    @Test func agrees_with_a_dictionary_on_random_ids() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
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

    @Test func tells_strings_and_integers_and_empty_strings_apart() {
        #expect(DuplicateIDs.first(in: [.int(5), .string("5"), .string(""), .int(0)]) == nil)
        let found = DuplicateIDs.first(in: [.string(""), .int(1), .string("")])
        #expect(found?.first == 0 && found?.second == 2)
    }
}
