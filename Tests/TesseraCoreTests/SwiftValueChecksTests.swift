import Testing
import TesseraCore   // not @testable: what a user's package can write

/// Values a Swift caller builds by hand get the checks a Lua script's get: a clear error, never
/// frames of negative size; and the values a caller compares with or calls with have inits.
@Suite struct SwiftValueChecksTests {
    static let card = Compositional.Item(size: .init(width: .fractionalWidth(1), height: .fractionalHeight(1)))
    static let context = LayoutContext(dataset: Dataset(items: (0..<4).map { Item(id: .int($0), size: Size(width: 100, height: 50)) }),
                                       collectionSize: Size(width: 375, height: 812))

    @Test func aNegativeInsetLargerThanTheContentLeavesNoContentRatherThanANegativeSize() throws {
        let result = try FlowLayout().inset(EdgeInsets(top: -300, left: 0, bottom: 0, right: 0)).layout(Self.context)
        #expect(result.contentSize == Size(width: 300, height: 0))
        #expect(try result.allFrames == [Rect(x: 0, y: -300, width: 100, height: 50), Rect(x: 100, y: -300, width: 100, height: 50),
                                         Rect(x: 200, y: -300, width: 100, height: 50), Rect(x: 0, y: -250, width: 100, height: 50)])
    }

    @Test func aNegativeCompositionalGroupSizeIsRefused() {
        let group = Compositional.Group.horizontal(.init(width: .fractionalWidth(-1), height: .absolute(10)), [.item(Self.card)])
        #expect(throws: LayoutError.invalidParameter(name: "width", allowed: "a width of a finite number of 0 or more",
                                                     got: "fractionalWidth(-1.0)", subject: "a compositional group", verb: "needs")) {
            try CompositionalLayout(section: .init(group: group)).layout(Self.context)
        }
    }

    @Test func aNegativeOrInfiniteSizeDeepInTheBlueprintIsRefused() {
        let bad = Compositional.Item(size: .init(width: .absolute(10), height: .absolute(-10)))
        let inner = Compositional.Group.vertical(.init(width: .absolute(10), height: .absolute(20)), [.item(bad)])
        let outer = Compositional.Group.horizontal(.init(width: .fractionalWidth(1), height: .absolute(20)), [.group(inner)])
        #expect(throws: LayoutError("a compositional item needs a height of a finite number of 0 or more, got absolute(-10.0)")) {
            try CompositionalLayout(section: .init(group: outer)).layout(Self.context)
        }
        let header = Compositional.BoundaryItem(kind: "header", size: .init(width: .fractionalWidth(1), height: .estimated(.infinity)),
                                                alignment: .top)
        let row = Compositional.Group.horizontal(.init(width: .fractionalWidth(1), height: .absolute(20)), [.item(Self.card)])
        #expect(throws: LayoutError("a compositional boundary item needs a height of a finite number of 0 or more, got estimated(inf)")) {
            try CompositionalLayout(section: .init(group: row, boundaryItems: [header])).layout(Self.context)
        }
        #expect(throws: LayoutError("a compositional boundary item needs a height of a finite number of 0 or more, got estimated(inf)")) {
            try CompositionalLayout(section: .init(group: row), configuration: .init(boundaryItems: [header])).layout(Self.context)
        }
    }

    @Test func aCustomGroupsProviderCanBeCalledWithAnEnvironmentOfYourOwn() throws {
        let group = Compositional.Group.custom(.init(width: .fractionalWidth(1), height: .absolute(40))) { environment in
            [Compositional.CustomItem(frame: Rect(x: 0, y: 0, width: environment.effectiveContentSize.width / 2, height: 40))]
        }
        guard case .custom(let provider) = group.arrangement else { Issue.record("not a custom group"); return }
        let environment = Compositional.CustomGroupEnvironment(contentSize: Size(width: 320, height: 40),
                                                               effectiveContentSize: Size(width: 300, height: 40))
        #expect(try provider(environment) == [Compositional.CustomItem(frame: Rect(x: 0, y: 0, width: 150, height: 40))])
        #expect(environment.layoutDirection == .leftToRight)
    }

    @Test func engineStatsCompareWithCountsOfYourOwn() throws {
        let engine = CollectionEngine(provider: BasicProvider(data: ItemSource(dataset: Self.context.item(at: 0).map { Dataset(items: [$0]) }!)),
                                      viewport: Size(width: 375, height: 812))
        try engine.layout()
        #expect(engine.stats == EngineStats(created: 1, reused: 0))
        #expect(EngineStats() == EngineStats(created: 0, reused: 0))
    }
}
