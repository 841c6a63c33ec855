import Testing
@testable import TesseraCore

/// A folder tree, as an app would hold it.
private struct Folder {
    var name: String
    var children: [Folder] = []
}

private let library = [
    Folder(name: "Music", children: [
        Folder(name: "Jazz", children: [Folder(name: "Blue Train"), Folder(name: "Kind of Blue")]),
        Folder(name: "Rock"),
    ]),
    Folder(name: "Photos", children: [Folder(name: "2023"), Folder(name: "2024")]),
    Folder(name: "Notes"),
]

@Suite("Outline snapshots")
struct SnapshotOutlineTests {
    @Test("a hierarchy built in one call from a key path, and its queries")
    func buildFromKeyPath() throws {
        let outline = try SectionSnapshot(library, id: \.name, children: \.children)
        #expect(outline.items == ["Music", "Jazz", "Blue Train", "Kind of Blue", "Rock", "Photos", "2023", "2024", "Notes"])
        #expect(outline.rootItems == ["Music", "Photos", "Notes"])
        #expect(outline.visibleItems == ["Music", "Photos", "Notes"])
        #expect(outline.level(of: "Kind of Blue") == 2)
        #expect(outline.level(of: "Notes") == 0)
        #expect(outline.level(of: "Nope") == nil)
        #expect(try outline.parent(of: "Jazz") == "Music")
        #expect(try outline.parent(of: "Music") == nil)
        #expect(throws: SnapshotError.itemNotFound(item: #""Nope""#)) { try outline.parent(of: "Nope") }
        #expect(try outline.children(of: "Photos") == ["2023", "2024"])
        #expect(outline.index(of: "Rock") == 4)
        #expect(outline.contains("2024") && !outline.contains("2025"))
        let jazz = try outline.snapshot(of: "Jazz")
        #expect(jazz.rootItems == ["Blue Train", "Kind of Blue"])
        let music = try outline.snapshot(of: "Music", includingParent: true)
        #expect(music.items == ["Music", "Jazz", "Blue Train", "Kind of Blue", "Rock"])
        #expect(music.level(of: "Blue Train") == 2)
    }

    @Test("expand and collapse decide what is visible")
    func expandAndCollapse() throws {
        var outline = try SectionSnapshot(library, id: \.name, children: \.children)
        try outline.expand(["Music", "Jazz"])
        #expect(outline.visibleItems == ["Music", "Jazz", "Blue Train", "Kind of Blue", "Rock", "Photos", "Notes"])
        try outline.collapse(["Music"])
        #expect(outline.visibleItems == ["Music", "Photos", "Notes"])
        #expect(outline.isExpanded("Jazz") && !outline.isVisible("Jazz"))
        try outline.expand(["Music"])
        #expect(outline.isVisible("Kind of Blue"))
        #expect(outline.expandedItems == ["Music", "Jazz"])
        #expect(outline.visualDescription().split(separator: "\n") == [
            "*+ Music",
            "  *+ Jazz",
            "    *  Blue Train",
            "    *  Kind of Blue",
            "  *  Rock",
            "*- Photos",
            "     2023",
            "     2024",
            "*  Notes",
        ])
        #expect(throws: SnapshotError.itemNotFound(item: #""Nope""#)) { try outline.expand(["Nope"]) }
    }

    @Test("append with a recursive path, insert, replace and delete children")
    func mutations() throws {
        var outline = SectionSnapshot<String>()
        try outline.append(["a", "b"])
        try outline.append(["a1", "a2"], to: "a")
        try outline.insert(["a0"], before: "a1")
        try outline.insert(["c"], after: "a")
        #expect(outline.items == ["a", "a0", "a1", "a2", "c", "b"])
        var replacement = SectionSnapshot<String>()
        try replacement.append(["x", "y"])
        try replacement.append(["x1"], to: "x")
        try outline.replace(childrenOf: "a", using: replacement)
        #expect(outline.items == ["a", "x", "x1", "y", "c", "b"])
        try outline.delete(["x", "b"])
        #expect(outline.items == ["a", "y", "c"])
        #expect(outline.count == 3)
        outline.deleteAll()
        #expect(outline.items.isEmpty)
    }

    @Test("deleting items with their ancestors and siblings in one call")
    func deleteMany() throws {
        var outline = try SectionSnapshot(library, id: \.name, children: \.children)
        try outline.expand(["Music", "Jazz"])
        try outline.delete(["Blue Train", "Jazz", "Rock", "Notes", "Blue Train"])
        #expect(outline.items == ["Music", "Photos", "2023", "2024"])
        #expect(outline.expandedItems == ["Music"])
        #expect(try outline.children(of: "Music") == [])
        #expect(outline.count == 4)
        #expect(throws: SnapshotError.itemNotFound(item: #""Jazz""#)) { try outline.delete(["Jazz"]) }
    }

    @Test("duplicate children are errors naming where the item already is")
    func duplicateChildren() throws {
        var outline = try SectionSnapshot(library, id: \.name, children: \.children)
        let before = outline
        #expect(throws: SnapshotError.duplicateOutlineItem(item: #""Rock""#, existingParent: #""Music""#, existingIndex: 1)) {
            try outline.append(["Pop", "Rock"], to: "Photos")
        }
        #expect(throws: SnapshotError.duplicateOutlineItem(item: #""Notes""#, existingParent: nil, existingIndex: 2)) {
            try outline.insert(["Notes"], after: "2023")
        }
        #expect(throws: SnapshotError.duplicateOutlineItemInInput(item: #""Live""#, existingParent: #""Pop""#, existingIndex: 0)) {
            try outline.append([Folder(name: "Pop", children: [Folder(name: "Live")]), Folder(name: "Live")],
                               to: "Music", id: \.name, children: \.children)
        }
        #expect(outline == before)
        #expect(SnapshotError.duplicateOutlineItem(item: #""Rock""#, existingParent: #""Music""#, existingIndex: 1).description
            == #"duplicate item id "Rock": it is already child 1 of "Music" in the outline."#)
        #expect(throws: SnapshotError.duplicateOutlineItemInInput(item: #""Jazz""#, existingParent: #""Music""#, existingIndex: 0)) {
            try SectionSnapshot([Folder(name: "Music", children: [Folder(name: "Jazz")]), Folder(name: "Jazz")],
                                id: \.name, children: \.children)
        }
    }

    @Test("expand and collapse state survives a data update")
    func expansionSurvivesUpdate() throws {
        var outline = try SectionSnapshot(library, id: \.name, children: \.children)
        try outline.expand(["Music", "Jazz", "Photos"])
        try outline.collapse(["Photos"])
        // New data: an album added under Jazz, Rock removed, Photos gains a folder and moves last,
        // a new root appears. Rebuilding from data knows nothing about expansion.
        let changed = [
            Folder(name: "Music", children: [
                Folder(name: "Jazz", children: [Folder(name: "Blue Train"), Folder(name: "A Love Supreme"), Folder(name: "Kind of Blue")]),
            ]),
            Folder(name: "Notes"),
            Folder(name: "Podcasts", children: [Folder(name: "Episode 1")]),
            Folder(name: "Photos", children: [Folder(name: "2023"), Folder(name: "2024"), Folder(name: "2025")]),
        ]
        let rebuilt = try SectionSnapshot(changed, id: \.name, children: \.children)
        #expect(rebuilt.visibleItems == ["Music", "Notes", "Podcasts", "Photos"])   // what the seed library showed
        outline.update(with: rebuilt)
        #expect(outline.visibleItems == ["Music", "Jazz", "Blue Train", "A Love Supreme", "Kind of Blue", "Notes", "Podcasts", "Photos"])
        #expect(outline.expandedItems == ["Music", "Jazz"])
        #expect(!outline.isExpanded("Photos"))

        // Replacing a parent's children keeps the state of children that come back.
        try outline.expand(["Podcasts", "Photos"])
        var photos = SectionSnapshot<String>()
        try photos.append(["2024", "2025", "2026"])
        try outline.expand(["2024"])
        try outline.replace(childrenOf: "Photos", using: photos)
        #expect(outline.isExpanded("2024"))
        #expect(outline.visibleItems.suffix(3) == ["2024", "2025", "2026"])

        // And the list a collection shows diffs as inserts only, with the expansion kept.
        var before = Snapshot<String, String>()
        try before.appendSections(["library"])
        try before.replaceItems(inSection: "library", with: try SectionSnapshot(library, id: \.name, children: \.children))
        var after = before
        try after.replaceItems(inSection: "library", with: outline)
        #expect(after.itemIdentifiers == ["Music", "Jazz", "Blue Train", "A Love Supreme", "Kind of Blue", "Notes",
                                          "Podcasts", "Episode 1", "Photos", "2024", "2025", "2026"])
        let batch = try checkDiff(before, after)
        #expect(batch == Changeset(
            itemsInserted: [1, 2, 3, 4, 6, 7, 9, 10, 11].map { ItemPath(section: 0, item: $0) },
            itemsMoved: [IndexMove(source: ItemPath(section: 0, item: 2), target: ItemPath(section: 0, item: 5))]))
    }
}
