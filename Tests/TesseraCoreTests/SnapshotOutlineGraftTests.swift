import Testing
@testable import TesseraCore

/// Children spelled in the id itself, for `append(_:to:recursivePath:)`: "a" has "a.1" and
/// "a.2", each of those has none.
private extension String {
    var dottedChildren: [String] { contains(".") ? [] : [self + ".1", self + ".2"] }
}

/// The outline mutations that add whole trees: a recursive path over the ids, and another
/// outline appended or inserted before or after an item. Each keeps the added tree's shape and
/// expansion, and refuses unknown anchors and repeated ids without changing anything.
@Suite("Outline snapshots: adding trees")
struct SnapshotOutlineGraftTests {
    /// "a" (with "a1") and "b", both roots.
    static func base() throws -> SectionSnapshot<String> {
        var outline = SectionSnapshot<String>()
        try outline.append(["a", "b"])
        try outline.append(["a1"], to: "a")
        return outline
    }

    /// "x" (expanded, with "x1") and "y".
    static func tree() throws -> SectionSnapshot<String> {
        var tree = SectionSnapshot<String>()
        try tree.append(["x", "y"])
        try tree.append(["x1"], to: "x")
        try tree.expand(["x"])
        return tree
    }

    @Test("append with a recursive path adds each id's children, at the top level or under a parent")
    func appendRecursivePath() throws {
        var outline = try Self.base()
        try outline.append(["c"], recursivePath: \.dottedChildren)
        #expect(outline.items == ["a", "a1", "b", "c", "c.1", "c.2"])
        try outline.append(["d"], to: "b", recursivePath: \.dottedChildren)
        #expect(outline.items == ["a", "a1", "b", "d", "d.1", "d.2", "c", "c.1", "c.2"])
        #expect(try outline.parent(of: "d.2") == "d")
        #expect(outline.level(of: "d.2") == 2)
        let before = outline
        #expect(throws: SnapshotError.itemNotFound(item: #""nope""#)) {
            try outline.append(["e"], to: "nope", recursivePath: \.dottedChildren)
        }
        #expect(throws: SnapshotError.duplicateOutlineItem(item: #""c.1""#, existingParent: #""c""#, existingIndex: 0)) {
            try outline.append(["c.1"], to: "a", recursivePath: \.dottedChildren)
        }
        #expect(throws: SnapshotError.duplicateOutlineItemInInput(item: #""e""#, existingParent: nil, existingIndex: 0)) {
            try outline.append(["e", "e"], recursivePath: \.dottedChildren)
        }
        #expect(outline == before)
    }

    @Test("appending an outline keeps its shape and expansion, at the top level or under a parent")
    func appendOutline() throws {
        var outline = try Self.base()
        try outline.append(try Self.tree(), to: "a")
        #expect(outline.items == ["a", "a1", "x", "x1", "y", "b"])
        #expect(try outline.children(of: "a") == ["a1", "x", "y"])
        #expect(try outline.parent(of: "x1") == "x")
        #expect(outline.expandedItems == ["x"])
        var top = try Self.base()
        try top.append(try Self.tree())
        #expect(top.rootItems == ["a", "b", "x", "y"])
        #expect(top.visibleItems == ["a", "b", "x", "x1", "y"])
    }

    @Test("appending an outline refuses an unknown parent and ids already there")
    func appendOutlineErrors() throws {
        var outline = try Self.base()
        let before = outline
        #expect(throws: SnapshotError.itemNotFound(item: #""nope""#)) { try outline.append(try Self.tree(), to: "nope") }
        var repeating = try Self.tree()
        try repeating.append(["a1"], to: "y")
        #expect(throws: SnapshotError.duplicateOutlineItem(item: #""a1""#, existingParent: #""a""#, existingIndex: 0)) {
            try outline.append(repeating, to: "b")
        }
        #expect(outline == before)
    }

    @Test("inserting an outline before or after an item puts its roots among that item's siblings")
    func insertOutline() throws {
        var outline = try Self.base()
        try outline.insert(try Self.tree(), before: "b")
        #expect(outline.rootItems == ["a", "x", "y", "b"])
        #expect(outline.items == ["a", "a1", "x", "x1", "y", "b"])
        var nested = try Self.base()
        try nested.insert(try Self.tree(), after: "a1")
        #expect(try nested.children(of: "a") == ["a1", "x", "y"])
        #expect(try nested.parent(of: "y") == "a")
        #expect(nested.expandedItems == ["x"])
        var first = try Self.base()
        try first.insert(try Self.tree(), before: "a")
        #expect(first.rootItems == ["x", "y", "a", "b"])
        var last = try Self.base()
        try last.insert(try Self.tree(), after: "b")
        #expect(last.rootItems == ["a", "b", "x", "y"])
    }

    @Test("inserting an outline refuses an unknown anchor and ids already there")
    func insertOutlineErrors() throws {
        var outline = try Self.base()
        let before = outline
        #expect(throws: SnapshotError.itemNotFound(item: #""nope""#)) { try outline.insert(try Self.tree(), before: "nope") }
        #expect(throws: SnapshotError.itemNotFound(item: #""nope""#)) { try outline.insert(try Self.tree(), after: "nope") }
        var repeating = try Self.tree()
        try repeating.append(["b"])
        #expect(throws: SnapshotError.duplicateOutlineItem(item: #""b""#, existingParent: nil, existingIndex: 1)) {
            try outline.insert(repeating, after: "a")
        }
        #expect(throws: SnapshotError.duplicateOutlineItem(item: #""b""#, existingParent: nil, existingIndex: 1)) {
            try outline.insert(repeating, before: "a1")
        }
        #expect(outline == before)
    }
}
