import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

extension TesseraModule {
    /// ctx.supplementary(kind, section, x, y, w, h [, {zIndex = 1, pinned = false, pinEdge = "top",
    /// pinUntil = y, label = "text", item = i}])
    /// and ctx.decoration(kind, section, x, y, w, h [, {zIndex = 0}]): plain functions (no
    /// colon) that add a header, footer or badge (anchored to item `i` when given), or a
    /// background, to the result. `section` is 1-based.
    static let contextSupplementary: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in try addElement(.supplementary, box, args) }
    }

    static let contextDecoration: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in try addElement(.decoration, box, args) }
    }

    private static func addElement(_ category: ElementCategory, _ box: ContextBox, _ args: LuaArguments) throws -> Int32 {
        let kind = try args.string(1, "kind")
        let section = try args.integer(2, "section", minimum: 1)
        guard section <= box.sections.count else {
            throw args.indexError(.argument(2, "section"), at: 2, "a section index", first: 1, last: box.sections.count,
                                  empty: "the data has no sections")
        }
        let frame = Rect(x: try args.number(3, "x"), y: try args.number(4, "y"),
                         width: try args.number(5, "w", .nonNegative), height: try args.number(6, "h", .nonNegative))
        let known = category == .supplementary ? ["zIndex", "pinned", "pinEdge", "pinUntil", "label", "item"] : ["zIndex"]
        var element = LayoutElement(category: category, kind: kind, section: section - 1, frame: frame)
        if let options = try args.optTable(7, "options", known: known) {
            element.zIndex = try options.integer("zIndex", default: element.zIndex)
            if category == .supplementary {
                element.pinned = try options.bool("pinned", default: false)
                element.pinEdge = try options.option("pinEdge", default: .top)
                if options.has("pinEdge"), !element.pinned {
                    throw args.error(.field("pinEdge"), "is set but pinned is not true; pinEdge says where a pinned element sticks, so add pinned = true")
                }
                // A group of the script's own: the pin ends where the script says, not at the
                // dataset section's end.
                if let until = try options.optNumber("pinUntil") {
                    guard element.pinned else {
                        throw args.error(.field("pinUntil"), "is set but pinned is not true; pinUntil ends a pin, so add pinned = true")
                    }
                    element.pinUntil = until
                }
                element.label = try options.optString("label")
                let range = box.sections[section - 1].range
                // What `item` must be, built only for an error.
                func itemIndex() -> String { "the index of an item of section \(section)" }
                if let i = try options.optInteger("item", mustBe: itemIndex()) {
                    // Compared without subtracting: i - 1 traps for math.mininteger.
                    guard i > range.lowerBound, i <= range.upperBound else {
                        throw args.indexError(.field("item"), at: -1, itemIndex(), first: range.lowerBound + 1, last: range.upperBound,
                                              empty: "section \(section) is empty", got: String(i))
                    }
                    element.index = i - 1
                }
            }
        }
        box.elements.append(element)
        return 0
    }
}
