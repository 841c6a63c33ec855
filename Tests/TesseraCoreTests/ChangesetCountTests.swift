import Testing
import TesseraCore

@Suite struct ChangesetCountTests {
    @Test("changes are counted per kind: sections, items, and both")
    func counts() {
        let p = { ItemPath(section: $0, item: $1) }
        let batch = Changeset(sectionsDeleted: [2], sectionsInserted: [0, 1],
                              itemsDeleted: [p(0, 0)], itemsInserted: [p(1, 0), p(1, 1)],
                              itemsMoved: [IndexMove(source: p(0, 2), target: p(1, 2))], itemsUpdated: [p(0, 1)])
        #expect(batch.sectionChangeCount == 3)
        #expect(batch.itemChangeCount == 5)
        #expect(batch.changeCount == 8 && !batch.isEmpty)
        #expect(Changeset().sectionChangeCount == 0 && Changeset().itemChangeCount == 0)
    }
}
