import CLua
import LuaBridge
import TesseraCore

// The checks of the engine methods that name an item or an element by hand: e:frame and
// e:scrollTo take one check, so they take and refuse the same targets in the same words, and
// e:measure names an unknown id the same way.

extension LuaArguments {
    /// The item at `slot` as e:frame and e:scrollTo name one: a 1-based index (an integer) or
    /// an id (a string; an integer id by its text, `"14"`), among `engine`'s items as of its last
    /// pass. Returns its 0-based flattened index, and its id when named by one.
    ///
    ///     engine:frame: argument #1 (index) must be an item index from 1 to 20, got 21
    ///     engine:scrollTo: argument #1 (id) must be the id of one of the 20 items, got "m200" (did you mean "m20"?)
    ///
    /// - Complexity: O(1) for an index; `CollectionEngine.index(of:)`'s for an id, and O(n) to
    ///   word a refusal.
    func engineItem(_ slot: Int32, of engine: CollectionEngine) throws -> (index: Int, id: ItemID?) {
        let count = engine.itemCount
        if lua_type(L, slot) == LUA_TSTRING {
            let id = ItemID.string(try string(slot, "id"))
            if let index = try engine.index(of: id) { return (index, id) }
            throw error(.argument(slot, "id"), at: slot, mustBe: count == 0 ? "the id of an item (the engine has none)" : "the id of one of the \(NumberText.counted(count, "item"))",
                        got: describeIdentifier(id), hint: try engine.elementHint(for: id, headers: false))
        }
        guard let index = LuaStack.integer(L, slot) else {
            throw error(.argument(slot, "target"), at: slot, mustBe: "an item index (an integer) or an id (a string)")
        }
        guard index >= 1, index <= count else {
            throw error(slot, "index", mustBe: count == 0 ? "an item index (the engine has no items)" : "an item index from 1 to \(NumberText.grouped(count))")
        }
        return (index - 1, nil)
    }

    /// Throws unless an element of `engine`'s last pass has the id `id` (a cell's, or a headers
    /// provider's header's, `"0-header"`) or, when `kept`, a measurement is kept for it; `subject`
    /// names where the id was given. Checked only while the last pass laid out the data as it is
    /// now: before the first pass, or after a change no pass has laid out yet, the ids to come
    /// are unknown, and the measurement waits for its element as Swift's `measure` keeps it.
    /// - Complexity: `CollectionEngine.holdsElement`'s, and O(n) to word a refusal.
    func checkElement(_ id: ItemID, of engine: CollectionEngine, _ subject: Subject, at slot: Int32, kept: Bool = false) throws {
        guard engine.laidOutCurrentData, !(kept && engine.measuredSize(of: id) != nil), try !engine.holdsElement(id) else { return }
        let items = engine.itemCount, headers = engine.headerIDs.count
        let expected = items + headers == 0 ? "the id of an element (the engine has none)"
            : headers == 0 ? "the id of one of the \(NumberText.counted(items, "item"))"
            : "the id of one of the \(NumberText.counted(items, "item")) or \(NumberText.counted(headers, "header"))"
        throw error(subject, at: slot, mustBe: expected, got: describeIdentifier(id), hint: try engine.elementHint(for: id, headers: true))
    }
}
