// Finding a value in JSON text by its path (`sections[2].items[5].id`), by walking the text
// again from its start. For errors noticed after the text was read (a repeated id, an item
// without one): reading keeps no position per value, so a valid file costs nothing for it, and
// the walk is paid only when there is an error to place.

/// One step of a path into a JSON document: a member of an object or an element of an array.
enum JSONPathStep: Equatable {
    case key(String)
    case index(Int)
}

extension JSONParser {
    /// The 1-based line and column where the value at `path` starts in the document `bytes`;
    /// nil when the document has no such value (or is not valid JSON up to it).
    /// - Complexity: O(offset of the value); meant for error messages only.
    static func lineAndColumn(of path: [JSONPathStep], in bytes: [UInt8]) -> (line: Int, column: Int)? {
        bytes.withUnsafeBufferPointer { b in
            offset(of: path, in: b).map { lineAndColumn(b, offset: $0) }
        }
    }

    /// The byte offset where the value at `path` starts in the document `b`, or nil.
    static func offset(of path: [JSONPathStep], in b: UnsafeBufferPointer<UInt8>) -> Int? {
        var reader = JSONReader(b)
        if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { reader.i = 3 }
        reader.skipWhitespace()
        for step in path {
            switch step {
            case .key(let key): guard reader.enterMember(key) else { return nil }
            case .index(let index): guard reader.enterElement(index) else { return nil }
            }
        }
        return reader.i < b.count ? reader.i : nil
    }
}

extension JSONReader {
    /// At an object: moves the cursor to the value of its member `key`; false when the value at
    /// the cursor is not an object or has no such member.
    fileprivate mutating func enterMember(_ key: String) -> Bool {
        guard peek == UInt8(ascii: "{") else { return false }
        i += 1
        skipWhitespace()
        while peek == UInt8(ascii: "\"") {
            guard let name = try? string() else { return false }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { return false }
            i += 1
            skipWhitespace()
            if name == key { return true }
            guard skipValueAndComma() else { return false }
        }
        return false
    }

    /// At an array: moves the cursor to its element `index`; false when the value at the cursor
    /// is not an array or is shorter.
    fileprivate mutating func enterElement(_ index: Int) -> Bool {
        guard peek == UInt8(ascii: "[") else { return false }
        i += 1
        skipWhitespace()
        for _ in 0..<index {
            guard skipValueAndComma() else { return false }
        }
        return peek != UInt8(ascii: "]") && !atEnd
    }

    /// Skips the value at the cursor and the ',' after it (false when there is none: the
    /// container ends, or the text is not valid there).
    private mutating func skipValueAndComma() -> Bool {
        guard (try? value(expected: "a JSON value")) != nil else { return false }
        skipWhitespace()
        guard peek == UInt8(ascii: ",") else { return false }
        i += 1
        skipWhitespace()
        return true
    }
}
