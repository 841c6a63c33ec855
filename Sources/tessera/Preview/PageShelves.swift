import TesseraCore
import TesseraRender

/// The shelves' offsets a page's `scroll` message carries (`shelves: [[section, x, y]]`, each
/// shelf being a section that scrolls sideways), where a save plays them. Page messages are
/// untrusted: an entry that is not three numbers, a section that is not a whole number from 0,
/// an offset that is not finite, a section that does not scroll sideways in the last good
/// picture (`sideways`), or one given twice refuses the whole message with the reason, as every
/// other malformed page message is, and none of it is kept. The shelves of a picture a save has
/// since replaced (`sideways` nil) are not held to the last good picture's sections: the page
/// could not know them.
enum PageShelves {
    /// The offsets by section in `shelves` (the message's field; none when it is absent), each
    /// section one of `sideways` (any section when nil). O(entries + sideways sections).
    /// - Throws: `PreviewMessageError` naming the first entry wrong and what it holds.
    static func offsets(in shelves: JSONValue?, sideways: [Int]?) throws(PreviewMessageError) -> [Int: Point] {
        guard let shelves else { return [:] }
        guard case .array(let entries) = shelves else {
            throw PreviewMessageError("scroll: expected shelves to be an array of [section, x, y], got \(shelves.briefDescription)")
        }
        let scrolling = sideways.map(Set.init)
        var offsets: [Int: Point] = [:]
        var first: [Int: Int] = [:]
        for (k, entry) in entries.enumerated() {
            guard case .array(let parts) = entry, parts.count == 3,
                  let section = parts[0].number.flatMap({ Int(whole: $0, in: 0...Int.max) }),
                  let x = parts[1].number, let y = parts[2].number, x.isFinite, y.isFinite else {
                throw PreviewMessageError("scroll: expected shelves[\(k)] to be [section, x, y] with a whole section from 0 and finite x and y, "
                                          + "got \(JSONWriter.write(entry).prefix(80))")
            }
            if let scrolling, let sideways, !scrolling.contains(section) {
                let those = sideways.isEmpty ? "the last good picture has none" : listed(sideways.map(String.init))
                throw PreviewMessageError("scroll: expected shelves[\(k)]'s section to be one that scrolls sideways (\(those)), got \(section)")
            }
            if let earlier = first[section] {
                throw PreviewMessageError("scroll: expected each section once in shelves, got \(section) in shelves[\(earlier)] and shelves[\(k)]")
            }
            first[section] = k
            offsets[section] = Point(x: x, y: y)
        }
        return offsets
    }
}
