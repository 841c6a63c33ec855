import TesseraCore

/// What the data says about a script that failed on a missing field: Lua's "attempt to perform
/// arithmetic on a nil value (field 'rating')" names the field, not the item, and a dataset
/// where some items lack a field, or where no item has a misspelt one, is the usual cause.
enum MissingFieldNote {
    /// "; 1 of the 12 items has no field 'rating', the first ctx:item(2) (id "b"): give it one
    /// in the data, or read it with a default (ctx:item(i).rating or 0)" when `message` is Lua's
    /// about a nil `field 'NAME'` and some of the items lack NAME; "; no item has a field 'ratng'
    /// (did you mean rating?)" when none has it and one field is close; else nil (the nil may
    /// come from a table of the script's own). Asked only once a script failed. A context over
    /// a dataset is read from the items' shapes, building no item: O(items), a million items in
    /// milliseconds; any other is asked item by item, as `note(for:count:item:)`.
    static func note(for message: String, context: LayoutContext) -> String? {
        guard let (dataset, base) = context.itemStorage else {
            return note(for: message, count: context.count, item: context.item(at:))
        }
        guard context.count > 0, let name = fieldName(in: message) else { return nil }
        let range = base..<(base + context.count)
        let (lacking, first) = dataset.itemsLacking(field: name, in: range)
        guard let first else { return nil }
        return wording(message, name: name, count: context.count, lacking: lacking, first: first - base,
                       id: dataset.id(at: first), fields: { dataset.fieldNames(in: range) })
    }

    /// `note(for:context:)` for items given one at a time: O(items × fields), each item built.
    static func note(for message: String, count: Int, item: (Int) -> Item?) -> String? {
        guard count > 0, let name = fieldName(in: message) else { return nil }
        var lacking = 0
        var first: Int?
        var fields: [String] = []
        var seen = Set<String>()
        for i in 0..<count {
            guard let item = item(i) else { return nil }
            if item.fields[name] == nil {
                lacking += 1
                if first == nil { first = i }
            }
            for key in item.fields.keys where seen.insert(key).inserted { fields.append(key) }
        }
        guard let first else { return nil }
        return wording(message, name: name, count: count, lacking: lacking, first: first, id: item(first)!.id,
                       fields: { fields })
    }

    /// The field Lua's message says was nil ("a nil value (field 'rating')"), else nil; nil too
    /// for the '?' Lua writes for a key it cannot name (an array's slot): no field to look for.
    private static func fieldName(in message: String) -> String? {
        let marker = "a nil value (field '"
        guard let start = message.firstRange(of: marker)?.upperBound,
              let end = message[start...].firstIndex(of: "'"), start < end else { return nil }
        let name = String(message[start..<end])
        return name == "?" ? nil : name
    }

    /// The note for `lacking` of `count` items lacking field `name`, the first of them item
    /// `first` (0-based) with id `id`; `fields` (the names the items have) asked only when all lack it.
    private static func wording(_ message: String, name: String, count: Int, lacking: Int, first: Int, id: ItemID,
                                fields: () -> [String]) -> String? {
        if lacking == count {
            // A name of one or two letters is close to too many fields to mean one of them.
            guard name.count >= 3 else { return nil }
            let hint = DidYouMean.hint(for: name, among: fields())
            return hint.isEmpty ? nil : "; no item has a field '\(name)'\(hint)"
        }
        let shown = if case .int = id { id.description } else { "\"\(shortenedForMessage(id.description))\"" }
        let read = LuaName.isName(name.utf8) ? ".\(name)" : "[\"\(name)\"]"
        let fallback = message.contains("concatenate") ? "\"\"" : "0"
        let (verb, them) = lacking == 1 ? ("has", "it") : ("have", "them")
        return "; \(NumberText.grouped(lacking)) of the \(NumberText.grouped(count)) items \(verb) no field '\(name)', "
            + "the first ctx:item(\(first + 1)) (id \(shown)): give \(them) one in the data, or read it with a default (ctx:item(i)\(read) or \(fallback))"
    }
}
