import CLua
import LuaBridge
import Testing
@_spi(Testing) import TesseraCore
@testable import TesseraLua

/// The fast reader of hook results agrees with the JSON path: the same description for every
/// result that path accepts, and nil (so the JSON path reports) for every result it rejects.
@Suite struct AnimatorCallTests {
    /// A random Lua value for a description field: mostly valid, sometimes not.
    static func value(_ key: String, _ rng: inout SplitMix64) -> String {
        let numbers = ["0", "0.3", "1", "2.5", "-1", "0/0", "1/0", "'x'", "true"]
        switch key {
        case "from", "to", "transform":
            if rng.below(10) == 0 { return ["{}", "3", "{1, 2}"][rng.below(3)] }
            let keys = ["frame", "alpha", "scale", "rotation", "tx", "ty", "zIndex", "alhpa"]
            let fields = (0..<(1 + rng.below(3))).map { _ -> String in
                let k = keys[rng.below(rng.below(12) == 0 ? keys.count : keys.count - 1)]
                if k == "frame" {
                    return "frame = " + ["{0, 1, 2, 3}", "{0, 1, -2, 3}", "{0, 1, 2}", "{0, 1, 2, 3, 4}", "{x = 1}", "{0, 1, 2, 3, x = 1}"][rng.below(rng.below(2) == 0 ? 6 : 1)]
                }
                return "\(k) = " + numbers[rng.below(rng.below(4) == 0 ? numbers.count : 4)]
            }
            return "{" + fields.joined(separator: ", ") + "}"
        case "curve": return ["'linear'", "'easeIn'", "'easeOut'", "'easeInOut'", "'spring'", "'bouncy'", "3"][rng.below(7)]
        default: return numbers[rng.below(rng.below(4) == 0 ? numbers.count : 4)]
        }
    }

    @Test func theFastReaderAgreesWithTheJSONPath() throws {
        let host = try LuaHost()
        let L = host.L
        let env = try host.newEnvironment()
        AnimatorCall.pushKeyList(L)
        let keys = AnimatorCall.pushKeys(L, list: lua_gettop(L))
        var rng = SplitMix64(seed: 14)
        let names = ["from", "to", "duration", "delay", "curve", "damping", "response", "transform", "durtion"]
        var accepted = 0, rejected = 0
        for _ in 0..<600 {
            let fields = (0..<rng.below(5)).map { _ -> String in
                let k = names[rng.below(rng.below(15) == 0 ? names.count : names.count - 1)]
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
