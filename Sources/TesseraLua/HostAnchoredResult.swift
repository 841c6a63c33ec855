import TesseraCore

/// A result that calls Lua at query time (a compositional section's `visibleItemsHandler`) keeps
/// its Lua host alive through this wrapper, so it still answers after the layout value that made
/// it is gone. Every query is forwarded unchanged; the handler itself takes the host's lock.
struct HostAnchoredResult: LayoutResult, @unchecked Sendable {
    let base: any LayoutResult
    /// Held only to keep the host open; used through the handlers, which lock it.
    let host: LuaHost

    /// `result`, wrapped when its queries call Lua.
    static func anchored(_ result: any LayoutResult, host: LuaHost) -> any LayoutResult {
        guard let compositional = result as? CompositionalResult, compositional.hasVisibleItemsHandlers else { return result }
        return HostAnchoredResult(base: result, host: host)
    }

    var count: Int { base.count }
    var contentSize: Size { base.contentSize }
    var elements: [LayoutElement] { base.elements }
    var orthogonalSections: [OrthogonalSection] { base.orthogonalSections }
    func frame(at index: Int) throws -> Rect { try base.frame(at: index) }
    func frame(at index: Int, scroll: ScrollState) throws -> Rect { try base.frame(at: index, scroll: scroll) }
    func visible(in rect: Rect) throws -> [Int] { try base.visible(in: rect) }
    func section(ofItem index: Int) -> Int { base.section(ofItem: index) }
    func zIndex(ofItem index: Int) -> Int { base.zIndex(ofItem: index) }
    func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] { try base.elements(in: rect, scroll: scroll) }
}
