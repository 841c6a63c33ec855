import Testing
import TesseraCore
@testable import tessera

/// A page's shelf offsets follow their sections, by id, across a save that renumbers them.
@Suite("PageShelves.renumbered")
struct PageShelvesRenumberedTests {
    let a = Point(x: 120, y: 0), b = Point(x: 40, y: 5), c = Point(x: 0, y: 7.5)

    func ids(_ names: String...) -> [ItemID] { names.map { .string($0) } }

    @Test func aSectionInsertedAboveMovesTheOffsetsDown() {
        let moved = PageShelves.renumbered([0: a, 2: c], from: ids("A", "B", "C"), to: ids("N", "A", "B", "C"), sideways: [0, 1, 3])
        #expect(moved == [1: a, 3: c])
    }

    @Test func aSectionRemovedTakesItsOffsetAndMovesTheOnesBelowUp() {
        let moved = PageShelves.renumbered([0: a, 1: b, 2: c], from: ids("A", "B", "C"), to: ids("A", "C"), sideways: [0, 1])
        #expect(moved == [0: a, 1: c])
    }

    @Test func aShelfThatNoLongerScrollsSidewaysLosesItsOffset() {
        let moved = PageShelves.renumbered([0: a, 2: c], from: ids("A", "B", "C"), to: ids("A", "B", "C"), sideways: [2])
        #expect(moved == [2: c])
        // Nor when it moved to a number another section scrolled sideways at.
        #expect(PageShelves.renumbered([1: b], from: ids("A", "B"), to: ids("B", "A"), sideways: [1]) == [:])
    }

    @Test func anUnchangedPictureKeepsTheSameOffsets() {
        let offsets = [0: a, 1: b, 2: c]
        #expect(PageShelves.renumbered(offsets, from: ids("A", "B", "C"), to: ids("A", "B", "C"), sideways: [0, 1, 2]) == offsets)
        #expect(PageShelves.renumbered([:], from: ids("A"), to: ids("B"), sideways: [0]) == [:])
    }

    /// A repeated id pairs in order (its n-th section with the n-th); an offset at a number the
    /// old picture has no section for, or whose id the new picture lacks, is dropped; ids of
    /// either kind do not meet (`5` is not `"5"`).
    @Test func repeatedAndUnknownIdsPairInOrderOrAreDropped() {
        let old: [ItemID] = [.string("A"), .string("A"), .int(5)]
        let new: [ItemID] = [.string("N"), .string("A"), .string("5"), .string("A"), .int(5)]
        #expect(PageShelves.renumbered([0: a, 1: b, 2: c], from: old, to: new, sideways: [1, 2, 3, 4]) == [1: a, 3: b, 4: c])
        // The second A is gone: the first keeps its offset.
        #expect(PageShelves.renumbered([0: a, 1: b], from: old, to: ids("A", "B"), sideways: [0, 1]) == [0: a])
        #expect(PageShelves.renumbered([3: a, 99: b, Int.max: c, -1: a, 1: b], from: ids("A", "B"), to: ids("A", "B"), sideways: [0, 1]) == [1: b])
        #expect(PageShelves.renumbered([0: a, 1: b], from: ids("A", "B"), to: [], sideways: []) == [:])
        // A sideways number with no section in the new picture moves nothing to it.
        #expect(PageShelves.renumbered([0: a], from: ids("A"), to: ids("B"), sideways: [0, 7]) == [:])
    }
}
