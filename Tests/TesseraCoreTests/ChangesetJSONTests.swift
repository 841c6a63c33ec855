import Testing
import TesseraCore

/// A changeset's JSON value with its indices offset (Lua's 1-based view of a diff).
@Suite struct ChangesetJSONTests {
    let changeset = Changeset(sectionsDeleted: [3], sectionsInserted: [0], sectionsMoved: [IndexMove(source: 1, target: 2)],
                              itemsDeleted: [ItemPath(section: 0, item: 4)], itemsInserted: [ItemPath(section: 1, item: 0)],
                              itemsMoved: [IndexMove(source: ItemPath(section: 2, item: 7), target: ItemPath(section: 3, item: 1))],
                              itemsUpdated: [ItemPath(section: 0, item: 1)])

    @Test func indexBaseOffsetsEveryIndexButNoCount() {
        #expect(JSONWriter.write(changeset.jsonValue(indexBase: 1)) == """
            {"sections":{"deleted":[4],"inserted":[1],"moved":[[2,3]],"updated":[]},\
            "items":{"deleted":[[1,5]],"inserted":[[2,1]],"moved":[[[3,8],[4,2]]],"updated":[[1,2]]},\
            "summary":{"deleted":1,"inserted":1,"moved":1,"updated":1,\
            "sections":{"deleted":1,"inserted":1,"moved":1,"updated":0}}}
            """)
    }

    @Test func indexBaseZeroIsTheJSONValueAndItReadsBack() throws {
        #expect(changeset.jsonValue(indexBase: 0) == changeset.jsonValue)
        #expect(try Changeset(json: changeset.jsonValue(indexBase: 0)) == changeset)
        #expect(Changeset().jsonValue(indexBase: 1) == Changeset().jsonValue)
    }
}
