import CLua
import LuaBridge
import TesseraCore

/// The host as closures stored in native layouts (t.split's functions, t.sections' chooser) hold
/// it: weakly, since the host's registry keeps those layouts. `@unchecked Sendable`: the
/// closures run only inside a layout pass of one of the host's layouts, which holds the host's
/// lock (`ScriptedLayout.layout`) or runs on the host's thread (Lua laying out a layout).
struct WeakHost: @unchecked Sendable {
    weak var host: LuaHost?
    init(_ host: LuaHost) { self.host = host }
}

/// A Lua value pinned in the registry (`luaL_ref`) so Swift can hold it across calls.
/// Released (`luaL_unref`) when the reference goes away; after the host is gone it is inert.
/// `@unchecked Sendable`: it holds only a registry slot number and a weak host; every use goes
/// through the host, and releasing the slot (`deinit`) holds the host's lock.
public final class LuaReference: Equatable, @unchecked Sendable {
    weak var host: LuaHost?
    let ref: Int32

    init(host: LuaHost, ref: Int32) {
        self.host = host
        self.ref = ref
    }

    deinit { if let host { host.locked { host.unref(ref) } } }

    public static func == (a: LuaReference, b: LuaReference) -> Bool {
        guard let host = a.host, host === b.host else { return a === b }
        return host.rawEqual(a, b)
    }
}

/// What a provider's Lua callbacks (`id`, a size function, a view kind's `when`) keep: the host
/// and the provider's box, weakly (the box's registry entry keeps the functions). The callbacks
/// sit in `Sendable` values (`ItemSource`, `SizeSource`, `ViewRegistration`), but run only inside
/// a pass of the engine showing the provider, on the thread that owns the engine and its host.
/// `@unchecked Sendable` on that ground, as `WeakHost`.
struct ProviderCallbackOwner: @unchecked Sendable {
    weak var host: LuaHost?
    weak var box: ProviderBox?
    init(_ host: LuaHost, _ box: ProviderBox) { self.host = host; self.box = box }
}

/// What a headers provider's header size function keeps: the host and the provider, weakly, on
/// the same ground as `ProviderCallbackOwner`.
struct HeaderCallbackOwner: @unchecked Sendable {
    weak var host: LuaHost?
    weak var provider: HeadersProvider?
}
