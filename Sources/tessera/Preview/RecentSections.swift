import TesseraCore

/// The section ids (by number) of the newest good pictures, by generation: a page's scroll
/// message names the picture it drew, which a save may have replaced while the message was on
/// its way, and its shelves are carried from that picture's numbers by these ids. Ids only, not
/// the runs: a few words a section, where a run holds a frame per item.
struct RecentSections {
    /// A page's scroll is debounced by a tenth of a second and a person's saves come a few a
    /// second at most: a message is rarely more than one picture late, and never 8.
    static let count = 8
    /// Oldest first, at most `count`.
    private(set) var pictures: [(generation: Int, ids: [ItemID])] = []

    /// Adds the picture of `generation` (newer than every one added), forgetting the oldest
    /// beyond `count`.
    mutating func add(generation: Int, ids: [ItemID]) {
        pictures.append((generation, ids))
        if pictures.count > Self.count { pictures.removeFirst(pictures.count - Self.count) }
    }

    /// The section ids of the picture of `generation`; nil when it is not one of the newest.
    func ids(of generation: Int) -> [ItemID]? {
        pictures.last { $0.generation == generation }?.ids
    }
}
