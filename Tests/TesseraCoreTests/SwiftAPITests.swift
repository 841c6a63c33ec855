import Testing
import TesseraCore

/// The Swift API as a library user writes it: decorators as methods, items with a typed size,
/// and one error protocol over every error the core throws.
@Suite struct SwiftAPITests {
    let context = LayoutContext(dataset: Dataset(items: (0..<7).map {
        Item(id: .int($0), size: Size(width: 40 + Double($0 % 3) * 10, height: 30 + Double($0 % 4) * 5))
    }), collectionSize: Size(width: 200, height: 300))

    /// A replayed batch gives NEW with its updates as marks; a library user compares it with NEW
    /// (which has none) by dropping them.
    @Test func aReplayedBatchEqualsNewWithoutItsMarks() throws {
        let old = try Snapshot<String, Int>(sections: [("a", [1, 2, 3]), ("b", [4])])
        let new = try Snapshot<String, Int>(sections: [("a", [1, 2]), ("b", [4, 3])])
        let batch = Changeset(from: old, to: new, isItemUpdated: { id, _, _ in id == 1 })
        let applied = try batch.apply(to: old, insertingFrom: new)
        #expect(applied.reloadedItemIdentifiers == [1])
        #expect(applied != new)
        #expect(applied.withoutMarks() == new)
        #expect(applied.withoutMarks().reloadedItemIdentifiers.isEmpty)
        #expect(applied.withoutMarks().debugDescription == #"Snapshot("a": [1, 2]; "b": [4, 3])"#)
    }

    @Test func decoratorMethodsGiveTheDecoratorsFrames() throws {
        let flow = FlowLayout(spacing: 4)
        #expect(try flow.inset(8).layout(context).allFrames
                == InsetLayout(flow, insets: EdgeInsets(all: 8)).layout(context).allFrames)
        #expect(try flow.inset(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)).layout(context).allFrames
                == InsetLayout(flow, insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)).layout(context).allFrames)
        #expect(try flow.transposed().layout(context).allFrames == TransposeLayout(flow).layout(context).allFrames)
        let sticky = try flow.pinned { $0 == 0 }.layout(context)
        #expect(try sticky.frame(at: 0, scroll: ScrollState(contentOffset: Point(x: 0, y: 100))).y == 100)
        // Chained as in Lua: layout:inset(8):transposed().
        let chained = try flow.inset(8).transposed().layout(context)
        #expect(try chained.frame(at: 0) == Rect(x: 8, y: 8, width: 40, height: 30))
        #expect(try chained.contentSize == TransposeLayout(InsetLayout(flow, insets: EdgeInsets(all: 8))).layout(context).contentSize)
    }

    /// A section provider picks each section's layout from the environment of the pass: three
    /// columns where there is room, one where there is not, whichever way the layout reads.
    @Test func aSectionsLayoutChoosesItsSectionsLayoutsFromTheEnvironment() throws {
        let layout = SectionsLayout(spacing: 4) { _, _, env in
            WaterfallLayout(columns: env.effectiveContainer.width < 90 ? 1 : 3, spacing: 2)
        }
        let sectioned = LayoutContext(dataset: Dataset(items: (0..<4).map { Item(id: .int($0), size: Size(width: 10, height: 10)) },
                                                       sections: [.init(id: .string("a"), range: 0..<3), .init(id: .string("b"), range: 3..<4)]),
                                      collectionSize: Size(width: 92, height: 300))
        #expect(try layout.layout(sectioned).allFrames == [Rect(x: 0, y: 0, width: 29.333333333333332, height: 10),
                                                           Rect(x: 31.333333333333332, y: 0, width: 29.333333333333332, height: 10),
                                                           Rect(x: 62.666666666666664, y: 0, width: 29.333333333333332, height: 10),
                                                           Rect(x: 0, y: 14, width: 29.333333333333332, height: 10)])
        var guarded = sectioned
        guarded.guides = ViewportGuides(safeArea: EdgeInsets(top: 0, left: 1, bottom: 0, right: 2))
        let mirrored = try layout.mirrored().layout(guarded).allFrames
        #expect(mirrored == [Rect(x: 0, y: 0, width: 92, height: 10), Rect(x: 0, y: 12, width: 92, height: 10),
                            Rect(x: 0, y: 24, width: 92, height: 10), Rect(x: 0, y: 38, width: 92, height: 10)])
        // The environment a provider is called with outside a pass.
        let env = Compositional.Environment(container: Size(width: 92, height: 300), effectiveContainer: Size(width: 89, height: 300))
        #expect(env.layoutDirection == .leftToRight)
        #expect(try layout.sectionProvider(0, nil, env) is WaterfallLayout)
    }

    @Test func itemsBuiltWithASizeEqualLoadedOnes() throws {
        let built = Item(id: "a", size: Size(width: 100, height: 60.5), fields: ["title": "Hello"])
        let loaded = try DatasetLoader.parse(text: #"[{"id": "a", "w": 100, "h": 60.5, "title": "Hello"}]"#,
                                             fileName: "a.json", format: .json).items[0]
        #expect(built == loaded)
        #expect(built.size == Size(width: 100, height: 60.5))
        var resized = built
        resized.size = nil
        #expect(resized.size == nil && resized.fields == ["id": "a", "title": "Hello"])
        #expect(Item(id: 7, size: nil).fields == ["id": 7])
    }

    @Test func everyCoreErrorIsATesseraErrorWithItsKindAndSentence() {
        func caught(_ body: () throws -> Void) -> (any TesseraError)? {
            do { try body() } catch let error as any TesseraError { return error } catch {}
            return nil
        }
        let dataset = caught { _ = try DatasetLoader.parse(text: "[{\"id\": 1}, {\"id\": 1}]", fileName: "d.json", format: .json) }
        #expect(dataset?.errorKind == .dataset)
        #expect(dataset?.description.hasPrefix("d.json:1:20: ") == true)
        let layout = caught { _ = try ClosureLayout { _, _ in Rect(x: 0, y: 0, width: -1, height: 1) }.layout(context) }
        #expect(layout?.errorKind == .layout)
        #expect(layout?.description.hasPrefix("closure layout produced an invalid frame") == true)
        #expect(layout?.description.hasSuffix("for item 0; expected finite numbers and a non-negative size") == true)
        let snapshot = caught { _ = try Snapshot<String, Int>(section: "s", items: [1, 1]) }
        #expect(snapshot?.errorKind == .snapshot)
        let apply = caught {
            let old = try Snapshot<String, Int>(section: "s", items: [1])
            _ = try Changeset(itemsDeleted: [ItemPath(section: 0, item: 5)]).apply(to: old, insertingFrom: old)
        }
        #expect(apply?.errorKind == .apply)
        #expect(apply?.description == "deleted item [0, 5] is out of range: OLD section 0 has 1 item.")
        let json = caught { _ = try JSONParser.parse("[1,") }
        #expect(json?.errorKind == .json)
        let animation = caught { _ = try AnimationDescription(json: 3, what: "x") }
        #expect(animation?.description == "x must be a table, got a number")
        #expect(animation?.errorKind == .animation)
    }
}
