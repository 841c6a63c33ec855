import Foundation
import Testing
import TesseraCore

/// The Lua API fuzzer's layout script (scripts/fuzz/lua-api.lua) reaches the bodies of ctx's
/// plain functions: it calls `ctx.set`, `ctx.supplementary` and `ctx.decoration` with a dot and
/// their own number of arguments, so some calls are accepted and their elements are in the
/// output. Called method-style, with `ctx` as a first argument, every call stopped at
/// argument #1 and no element was ever emitted.
@Suite struct LuaFuzzerScriptTests {
    @Test func theFuzzersCtxCallsEmitElements() throws {
        let r = try runTessera(["run", "scripts/fuzz/lua-api.lua", "--data", "datasets/examples/photos.jsonl",
                                "--param", "seed=8", "--param", "calls=300", "--format", "json"],
                               environment: ["TESSERA_PATH": repositoryRoot.appendingPathComponent("scripts/fuzz").path])
        #expect(r.status == 0, "\(r.stderr)")
        let output = try JSONParser.parse(r.stdout)
        for key in ["supplementaries", "decorations"] {
            guard case .array(let elements)? = output[key] else { Issue.record("no \(key): \(r.stdout.prefix(300))"); continue }
            #expect(!elements.isEmpty, "\(key)")
        }
    }
}
