/// Lua code the host runs once per state, with the full standard library, before any script.
/// It returns the functions the host needs from Lua: the sandbox environment factory and a
/// few helpers that are simplest as Lua loops. Scripts never see the real `_G`.
enum Prelude {
    static let chunkName = "=[tessera]"   // TB_PRELUDE_CHUNK in LuaBridge.h

    /// prelude.lua, beside this file (compiled in by SwiftPM: `.embedInCode`).
    static let source = String(decoding: PackageResources.prelude_lua, as: UTF8.self)
}
