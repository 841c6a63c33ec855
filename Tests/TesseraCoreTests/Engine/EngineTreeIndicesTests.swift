import Testing
@testable import TesseraCore

/// `EngineTree.indices(of:)`, the walk a reload runs for the cells that left, answers as
/// `index(of:)` does: the first index of each id, nothing for an id no item has.
@Suite struct EngineTreeIndicesTests {
    /// 200 items whose ids repeat (`id(i)`), laid out in a flow.
    static func tree(_ id: @escaping @Sendable (Int) -> ItemID) throws -> EngineTree {
        var data = ItemSource(values: (0..<200).map { .int($0) })
        data.identifier = { id($0) }
        let provider = BasicProvider(data: data, layout: FlowLayout(), size: .fixed(.absolute(50), .absolute(50)))
        return try EngineTree.laidOut(provider, in: Size(width: 200, height: 400), guides: .zero, measured: MeasuredSizes())
    }

    /// What `index(of:)` answers for each of `ids` (a tree of its own: the table it builds
    /// would answer `indices(of:)` too).
    static func expected(_ ids: [ItemID], _ id: @escaping @Sendable (Int) -> ItemID) throws -> [ItemID: Int] {
        let tree = try tree(id)
        var found: [ItemID: Int] = [:]
        for wanted in ids { if let i = try tree.index(of: wanted) { found[wanted] = i } }
        return found
    }

    @Test(arguments: [5, 16, 17, 40])
    func integer_ids_get_their_first_index(count: Int) throws {
        let id: @Sendable (Int) -> ItemID = { .int(($0 * 7) % 60) }
        // Some ids repeat among the items, some are asked twice, some no item has.
        let ids = [ItemID.int(999)] + (1..<count).map { ItemID.int(($0 * 11) % 75) } + [.int(11), .int(22)]
        let found = try Self.tree(id).indices(of: ids)
        #expect(found == (try Self.expected(ids, id)))
        #expect(found.count < Set(ids).count, "some ids are absent")
    }

    @Test func integer_and_string_ids_mixed() throws {
        let id: @Sendable (Int) -> ItemID = { $0 % 3 == 0 ? .string("s\($0 % 40)") : .int($0 % 50) }
        let ids = (0..<30).map { $0 % 2 == 0 ? ItemID.string("s\($0 * 3 % 45)") : .int($0 * 3 % 55) }
        #expect(try Self.tree(id).indices(of: ids) == (try Self.expected(ids, id)))
    }
}
