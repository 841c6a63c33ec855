import TesseraCore

/// A result that calls Lua at query time (a compositional section's `visibleItemsHandler`) keeps
/// its Lua host alive through this wrapper, so it still answers after the layout value that made
/// it is gone. Every query is forwarded unchanged (`ForwardingLayoutResult`); the handler itself takes the host's lock.
struct HostAnchoredResult: ForwardingLayoutResult, @unchecked Sendable {
    let base: any LayoutResult
    /// Held only to keep the host open; used through the handlers, which lock it.
    let host: LuaHost

    /// `result`, wrapped when its queries call Lua.
    static func anchored(_ result: any LayoutResult, host: LuaHost) -> any LayoutResult {
        guard let compositional = result.unwrapped as? CompositionalResult,
              compositional.hasVisibleItemsHandlers else { return result }
        return HostAnchoredResult(base: result, host: host)
    }
}
