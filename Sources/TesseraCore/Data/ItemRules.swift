import OrderedCollections

/// The rules a dataset item follows wherever it comes from (a data file, code, a script), in one
/// place so every route that checks items says the same thing:
/// - an item has an `id`, a string or an integer (`5` and `"5"` are different ids);
/// - `w`, `h`, `width` and `height`, when present, are numbers from 0 to `Item.largestSize`.
///
/// Each check answers with the problem's message ("expected ..., found ...") and the field it
/// concerns, so a caller adds where the item is (a file and JSON path, a line, an index).
package enum ItemRules {
    /// The fields that hold an intrinsic size and must be numbers from 0 to `Item.largestSize`.
    package static let sizeFields = ["w", "h", "width", "height"]
    /// What a size field must be, as messages say it.
    package static let sizeExpectation = "expected a number \(Item.sizeRange)"

    /// A problem with an item: the field it concerns (nil for the item as a whole) and the message.
    package struct Problem: Error, Equatable, Sendable {
        package var field: String?
        package var message: String
    }

    /// The id `value` gives (an item's or a section's), or the problem with it.
    package static func identifier(_ value: JSONValue, field: String = "id") -> Result<ItemID, Problem> {
        switch value {
        case .int(let n): return .success(.int(n))
        case .string(let s): return .success(.string(s))
        default:
            // 1.0 and 1e3 are numbers with a fraction or an exponent, not integers, although whole.
            // Past 64 bits a literal integer is read as a double: its digits are gone.
            if case .double(let d) = value, d.isFinite, d.rounded() == d, abs(d) >= 0x1p63 {
                return .failure(Problem(field: field, message: "expected a string or an integer, found a whole number beyond the 64-bit integers (\(value.briefDescription)); write such an id as a string"))
            }
            // Only below 2^53 is the double the very integer written; above, suggesting one would name another id.
            if case .double(let d) = value, abs(d) < 0x1p53, let whole = Int(whole: d) {
                return .failure(Problem(field: field, message: "expected a string or an integer, found the number \(value.briefDescription), written with a fraction or an exponent (write \(whole) for an integer id)"))
            }
            return .failure(Problem(field: field, message: "expected a string or an integer, found \(value.briefDescription)"))
        }
    }

    /// The problem with size field `field`'s value, or nil when it is a number from 0 to `Item.largestSize`.
    package static func sizeProblem(_ field: String, _ value: JSONValue) -> Problem? {
        if let d = value.number, Item.isAllowedSize(d) { return nil }
        return Problem(field: field, message: "\(sizeExpectation), found \(value.briefDescription)")
    }

    /// An item's id from its fields (a JSON object), or its first problem: not an object, no
    /// `id`, an id that is neither a string nor an integer, then the size fields in the order
    /// `sizeFields` lists them.
    package static func check(_ value: JSONValue) -> Result<ItemID, Problem> {
        guard case .object(let fields) = value else {
            return .failure(Problem(field: nil, message: "expected an item object, found \(value.briefDescription)"))
        }
        return check(fields: fields)
    }

    /// The same for an item's fields, in one pass over them (no key is hashed): the id and the
    /// first size problem in the order `sizeFields` lists them are noted, then reported as above.
    package static func check(fields: OrderedDictionary<String, JSONValue>) -> Result<ItemID, Problem> {
        var idValue: JSONValue?
        var firstSize: (rank: Int, problem: Problem)?
        for (key, value) in fields {
            let rank: Int
            switch key {
            case "id": idValue = value; continue
            case "w": rank = 0
            case "h": rank = 1
            case "width": rank = 2
            case "height": rank = 3
            default: continue
            }
            if rank < firstSize?.rank ?? .max, let problem = sizeProblem(key, value) { firstSize = (rank, problem) }
        }
        guard let idValue else {
            return .failure(Problem(field: nil, message: "expected an \"id\" field (a string or an integer), found none"))
        }
        let id = identifier(idValue)
        guard case .success = id else { return id }
        if let firstSize { return .failure(firstSize.problem) }
        return id
    }
}
