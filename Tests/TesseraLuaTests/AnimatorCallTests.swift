import CLua
import LuaBridge
import Testing
import TesseraCore
@testable import TesseraLua

/// The fast reader of hook results agrees with the JSON path: the same description for every
/// result that path accepts, and nil (so the JSON path reports) for every result it rejects.
@Suite struct AnimatorCallTests {
    /// A random Lua value for a description field: mostly valid, sometimes not.
    static func value(_ key: String, _ rng: inout SplitMix) -> String {
        let numbers = ["0", "0.3", "1", "2.5", "-1", "0/0", "1/0", "'x'", "true"]
        switch key {
        case "from", "to", "transform":
            if rng.next(10) == 0 { return ["{}", "3", "{1, 2}"][rng.next(3)] }
            let keys = ["frame", "alpha", "scale", "rotation", "tx", "ty", "zIndex", "alhpa"]
            let fields = (0..<(1 + rng.next(3))).map { _ -> String in
                let k = keys[rng.next(rng.next(12) == 0 ? keys.count : keys.count - 1)]
                if k == "frame" {
                    return "frame = " + ["{0, 1, 2, 3}", "{0, 1, -2, 3}", "{0, 1, 2}", "{0, 1, 2, 3, 4}", "{x = 1}", "{0, 1, 2, 3, x = 1}"][rng.next(rng.next(2) == 0 ? 6 : 1)]
                }
                return "\(k) = " + numbers[rng.next(rng.next(4) == 0 ? numbers.count : 4)]
            }
            return "{" + fields.joined(separator: ", ") + "}"
        case "curve": return ["'linear'", "'easeIn'", "'easeOut'", "'easeInOut'", "'spring'", "'bouncy'", "3"][rng.next(7)]
        default: return numbers[rng.next(rng.next(4) == 0 ? numbers.count : 4)]
        }
    }

    @Test func theFastReaderAgreesWithTheJSONPath() throws {
        let host = try LuaHost()
        let L = host.L
        let env = try host.newEnvironment()
        AnimatorCall.pushKeyList(L)
        let keys = AnimatorCall.pushKeys(L, list: lua_gettop(L))
        var rng = SplitMix(seed: 14)
        let names = ["from", "to", "duration", "delay", "curve", "damping", "response", "transform", "durtion"]
        var accepted = 0, rejected = 0
        for _ in 0..<600 {
            let fields = (0..<rng.next(5)).map { _ -> String in
                let k = names[rng.next(rng.next(15) == 0 ? names.count : names.count - 1)]
                return "\(k) = \(Self.value(k, &rng))"
            }
            let source = "return {" + Set(fields.map { String($0.prefix { $0 != " " }) }).sorted().compactMap { key in
                fields.first { $0.hasPrefix(key + " ") }
            }.joined(separator: ", ") + "}"
            guard case .table(let table)? = try host.evaluate(source, environment: env).first else { Issue.record("not a table: \(source)"); continue }
            host.push(table)
            defer { tb_pop(L, 1) }
            let fast = AnimatorCall.fastDescription(L, lua_gettop(L), keys: keys)
            let slow: AnimationDescription?
            do {
                let json = try AnimatorScript.plainData(L, -1) ?? AnimatorScript.json(L, -1, path: "r")
                slow = try AnimationDescription(json: json, what: "r")
            } catch { slow = nil }
            #expect(fast == slow, "\(source)")
            if slow == nil { rejected += 1 } else { accepted += 1 }
        }
        #expect(accepted > 150 && rejected > 150, "both kinds are exercised: \(accepted) accepted, \(rejected) rejected")
    }
}

/// A small deterministic generator.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
