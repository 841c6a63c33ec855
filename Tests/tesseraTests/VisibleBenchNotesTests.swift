import Testing
import TesseraCore
@testable import tessera

/// `tessera bench visible`'s rows carry the notes the JSON reference names: a query row's time
/// per returned item is `ns_per_hit`, as the compositional query row's is.
@Suite struct VisibleBenchNotesTests {
    @Test func aQueryRowNamesItsFiguresAsTheReferenceDoes() throws {
        let frames = (0..<300).map { Rect(x: Double($0 % 3) * 125, y: Double($0 / 3) * 100, width: 120, height: 95) }
        let queries = (0..<20).map { Rect(x: 0, y: Double($0) * 300, width: 375, height: 812) }
        var rows: [BenchResult] = []
        try VisibleBench.measure(name: "grid", frames: frames, queries: queries, indexQueries: 20, quick: true) { rows.append($0) }
        #expect(rows.map(\.name) == ["grid: index build", "grid: viewport query"])
        let notes = try #require(rows.last?.notes)
        #expect(notes.keys.sorted() == ["frames_mb", "frames_plus_index_mb", "hits_per_query", "index_mb", "ns_per_hit", "query_us"])
        #expect(notes["hits_per_query"] == Double(queries.map { q in frames.filter { $0.overlapsWithPositiveArea(q) }.count }.reduce(0, +)) / 20)
    }
}
