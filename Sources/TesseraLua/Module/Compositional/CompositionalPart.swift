import CLua
import OrderedCollections
import LuaBridge
import TesseraCore

/// A part of a compositional layout built in Lua.
final class CompositionalPart {
    /// How many parts deep it is built (a group in a group counts each); see ProviderTree.swift.
    var depth = 1
    enum Value {
        case item(Compositional.Item)
        case group(Compositional.Group)
        case section(Compositional.Section)
        /// A t.boundary{} as it is in `headers`, and in `footers` (where an alignment or kind
        /// it does not give defaults to the bottom and "footer").
        case boundary(Compositional.BoundaryItem, asFooter: Compositional.BoundaryItem)
        case decoration(Compositional.Decoration)
        case dimension(Compositional.Dimension)
        case flexible(Double)
    }
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension LuaHost {
    /// [-0, +1, m] Pushes a part built from the values read so far (its depth checked).
    func pushPart(_ value: CompositionalPart.Value, _ args: LuaArguments) throws {
        let part = CompositionalPart(value)
        part.depth = try nextNestingDepth(args)
        pushBox(part, meta: boxMetaRef)
    }
    /// The part at `index`; reading it counts towards the depth of the value built next.
    func part(at index: Int32) -> CompositionalPart.Value? {
        guard let part = box(at: index, meta: boxMetaRef, as: CompositionalPart.self) else { return nil }
        deepestLayoutRead = max(deepestLayoutRead, part.depth)
        return part.value
    }
}
