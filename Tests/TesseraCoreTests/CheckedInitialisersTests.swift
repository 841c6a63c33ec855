import OrderedCollections
import Testing
import TesseraCore   // not @testable: what a user's package can write

/// Values a caller may get from a user (a settings screen, a file, a text field) have a checked
/// way in that throws a typed error naming the value, where the fast way traps; and the values a
/// user's own tests build have public initialisers.
@Suite struct CheckedInitialisersTests {
    @Test func aSpringFromUserValuesThrowsForAZeroOrNonFiniteValue() throws {
        #expect(throws: AnimationFormatError("a spring's damping ratio must be a positive, finite number, got 0")) {
            try Spring(validatingDampingRatio: 0)
        }
        #expect(throws: AnimationFormatError("a spring's damping ratio must be a positive, finite number, got nan")) {
            try Spring(validatingDampingRatio: .nan, response: 0.4)
        }
        #expect(throws: AnimationFormatError("a spring's response must be a positive, finite number, got inf")) {
            try Spring(validatingDampingRatio: 0.5, response: .infinity)
        }
        #expect(throws: AnimationFormatError("a spring's response must be a positive, finite number, got -1")) {
            try Spring(validatingDampingRatio: 0.5, response: -1)
        }
        #expect(try Spring(validatingDampingRatio: 0.5, response: 0.4) == Spring(dampingRatio: 0.5, response: 0.4))
        #expect(try Spring(validatingDampingRatio: 0.8) == Spring())
    }

    @Test func aCubicBezierFromUserValuesThrowsForAnXOutsideZeroToOneOrANonFiniteY() throws {
        #expect(throws: AnimationFormatError("a cubic Bezier curve's x1 must be a number from 0 to 1, got 1.5")) {
            try CubicBezier(validating: 1.5, 0, 0.5, 1)
        }
        #expect(throws: AnimationFormatError("a cubic Bezier curve's x2 must be a number from 0 to 1, got -0.1")) {
            try CubicBezier(validating: 0.2, 0, -0.1, 1)
        }
        #expect(throws: AnimationFormatError("a cubic Bezier curve's x1 must be a number from 0 to 1, got nan")) {
            try CubicBezier(validating: .nan, 0, 0.5, 1)
        }
        #expect(throws: AnimationFormatError("a cubic Bezier curve's y1 must be a finite number, got nan")) {
            try CubicBezier(validating: 0.2, .nan, 0.5, 1)
        }
        #expect(throws: AnimationFormatError("a cubic Bezier curve's y2 must be a finite number, got -inf")) {
            try CubicBezier(validating: 0.2, 0, 0.5, -.infinity)
        }
        #expect(try CubicBezier(validating: 0.42, 0, 1, 1) == .easeIn)
        // y may leave 0...1 (an overshooting curve), as CSS allows.
        #expect(try CubicBezier(validating: 0.3, -0.5, 0.7, 1.5) == CubicBezier(0.3, -0.5, 0.7, 1.5))
    }

    @Test func aSampleCountForAUserFrameRateThrowsForAFrameRateThatIsNotPositive() throws {
        let timeline = Timeline(tracks: [])
        for (fps, shown) in [(0.0, "0"), (-30, "-30"), (.nan, "nan"), (.infinity, "inf")] {
            let expected = AnimationFormatError("the frame rate must be a positive number of frames per second, got \(shown)")
            #expect(throws: expected) { try timeline.sampleCount(validatingFPS: fps) }
            #expect(throws: expected) { try timeline.sampleTimes(fps: fps) }
        }
        #expect(try timeline.sampleCount(validatingFPS: 60) == 1)
    }

    /// The unchecked sample count (deprecated, so calling it here warns) gives 0 for a rate
    /// `sampleTimes(fps:)` refuses, rather than stopping the program, and the checked count for
    /// any other rate.
    @Test func theDeprecatedSampleCountIsZeroForARateThatIsNotPositive() throws {
        let base = ViewState(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let timeline = Timeline(tracks: [AnimationTrack(id: "a", view: 1, event: .insert, duration: 0.5, from: base, to: base)])
        for fps in [0.0, -30, .nan, .infinity, -.infinity] {
            #expect(timeline.sampleCount(fps: fps) == 0, "\(fps)")
        }
        #expect(timeline.sampleCount(fps: 30) == 16)
        #expect(try timeline.sampleCount(validatingFPS: 30) == 16)
        #expect(try timeline.sampleTimes(fps: 30).count == 16)
    }

    @Test func aSyntheticDatasetOfAUserCountThrowsForANegativeCount() throws {
        let expected = DatasetError(file: "<generated>", path: "count", message: "expected a count of 0 or more, found -1")
        #expect(throws: expected) { try Dataset.synthetic(validatingCount: -1) { _ in Size(width: 1, height: 1) } }
        #expect(expected.description == "<generated>: count: expected a count of 0 or more, found -1.")
        let dataset = try Dataset.synthetic(validatingCount: 3) { Size(width: Double($0), height: 10) }
        #expect(dataset.ids == [.int(0), .int(1), .int(2)])
        #expect(dataset.widths == [0, 1, 2])
        #expect(try Dataset.synthetic(validatingCount: 0) { _ in .zero }.count == 0)
    }

    @Test func aContextOfUserSectionsThrowsForSectionsThatDoNotTileItsItems() throws {
        func context(count: Int, sections: [Dataset.Section]?) throws(LayoutError) -> LayoutContext {
            try LayoutContext(collectionSize: Size(width: 300, height: 400), count: count, validating: sections,
                              item: { _ in nil }, size: { _, _ in Size(width: 10, height: 10) })
        }
        let gap = [Dataset.Section(id: "a", range: 0..<2), Dataset.Section(id: "b", range: 3..<4)]
        #expect(throws: LayoutError("a context's sections must tile its 4 items in order (section 1 starts at 3, not 2)")) {
            try context(count: 4, sections: gap)
        }
        #expect(throws: LayoutError("a context's sections must tile its 4 items in order (they end at 2)")) {
            try context(count: 4, sections: [Dataset.Section(id: "a", range: 0..<2)])
        }
        #expect(throws: LayoutError("a context's sections must tile its 1 item in order (they end at 2)")) {
            try context(count: 1, sections: [Dataset.Section(id: "a", range: 0..<2)])
        }
        do {
            _ = try context(count: -1, sections: nil)
            Issue.record("a negative count was taken")
        } catch let LayoutError.invalidParameter(name, allowed, got, _, _, _) {
            #expect([name, allowed, got] == ["count", "0 or more", "-1"])
        }
        #expect(throws: LayoutError("a context's item count must be 0 or more, got -1")) { try context(count: -1, sections: nil) }
        let tiled = [Dataset.Section(id: "a", range: 0..<2), Dataset.Section(id: "b", range: 2..<4)]
        #expect(try context(count: 4, sections: tiled).sections == tiled)
        #expect(try context(count: 4, sections: nil).sections == [Dataset.Section(id: .int(0), range: 0..<4)])
    }

    @Test func aContextOverAUserRangeOfADatasetThrowsForARangeOutsideIt() throws {
        let dataset = Dataset.synthetic(count: 10) { _ in Size(width: 20, height: 30) }
        for range in [2..<12, -1..<3, 10..<11] {
            let expected = LayoutError.invalidParameter(name: "range", allowed: "a range within 0..<10", got: "\(range)",
                                                        subject: "a context's range of a dataset of 10 items", verb: "must be")
            #expect(throws: expected) { try LayoutContext(dataset: dataset, validating: range) }
        }
        #expect(LayoutError.invalidParameter(name: "range", allowed: "a range within 0..<10", got: "2..<12",
                                             subject: "a context's range of a dataset of 10 items", verb: "must be").description
                == "a context's range of a dataset of 10 items must be a range within 0..<10, got 2..<12")
        let context = try LayoutContext(dataset: dataset, validating: 7..<10, collectionSize: Size(width: 100, height: 100))
        #expect(context.count == 3)
        #expect(context.identifier(at: 0) == .int(7))
        #expect(try context.size(at: 2, proposed: context.collectionSize) == Size(width: 20, height: 30))
        #expect(try LayoutContext(dataset: dataset, validating: 10..<10).count == 0)
        // The trusted variant takes the same defaults: the viewport and the dataset's sizes.
        let trusted = LayoutContext(dataset: dataset, range: 7..<10)
        #expect(trusted.collectionSize == .defaultViewport)
        #expect([trusted.count, try LayoutContext(dataset: dataset, validating: 7..<10).count] == [3, 3])
        #expect(trusted.identifier(at: 0) == .int(7))
        #expect(try trusted.size(at: 2, proposed: trusted.collectionSize) == Size(width: 20, height: 30))
    }

    @Test func anItemsNegativeSizeIsRefusedByItsCheckedInitialiserAndByTheDatasetsValidation() throws {
        #expect(throws: DatasetError(file: "<memory>", path: "w", message: "expected a number from 0 to 1e7, found -5")) {
            try Item(validating: "z", size: Size(width: -5, height: 1))
        }
        #expect(throws: DatasetError(file: "<memory>", path: "h", message: "expected a number from 0 to 1e7, found nan")) {
            try Item(validating: "z", size: Size(width: 5, height: .nan))
        }
        // The plain initialiser takes it (datasets are built through it in loops); validating
        // the dataset refuses it, naming the item.
        let items = [Item(id: "a", size: Size(width: 1, height: 1)), Item(id: "z", size: Size(width: -5, height: 1))]
        #expect(throws: DatasetError(file: "<memory>", path: "items[1].w", message: "expected a number from 0 to 1e7, found -5")) {
            try Dataset(validating: items)
        }
    }

    @Test func aFadeAnimatorFromUserValuesThrowsWhenItIsMadeNotWhenItFirstAnimates() throws {
        #expect(throws: AnimationFormatError("a fade animator's duration must be a non-negative number of seconds of at most 3,600, got -1")) {
            try FadeAnimator(validatingDuration: -1)
        }
        #expect(throws: AnimationFormatError("a fade animator's duration must be a non-negative number of seconds of at most 3,600, got nan")) {
            try FadeAnimator(validatingDuration: .nan)
        }
        #expect(throws: AnimationFormatError("a fade animator's alpha must be a finite number, got inf")) {
            try FadeAnimator(validatingDuration: 0.3, alpha: .infinity)
        }
        #expect(throws: AnimationFormatError("a fade animator's scale must be a finite number, got nan")) {
            try FadeAnimator(validatingDuration: 0.3, scale: .nan)
        }
        #expect(try FadeAnimator(validatingDuration: 0.4, alpha: 0.2, scale: 0.5, curve: .linear)
                == FadeAnimator(alpha: 0.2, scale: 0.5, duration: 0.4, curve: .linear))
        #expect(try FadeAnimator(validatingDuration: 0.3) == FadeAnimator())
    }

    /// A fade's and a spring's settings are read-only, so the fast initialiser is the one way
    /// in besides the checked one: it stops the program at a value the checked one refuses,
    /// rather than the engine refusing it at the first reload that animates.
    @Test func aFadeAnimatorOfABadValueStopsAtItsFastInitialiser() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = FadeAnimator(duration: -1)
        } .map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("FadeAnimator: duration must be a non-negative number of seconds of at most 3,600, got -1; FadeAnimator(validatingDuration:) throws instead"))
        }
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = FadeAnimator.scaling(.nan)
        } .map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("FadeAnimator: scale must be a finite number, got nan; FadeAnimator(validatingDuration:) throws instead"))
        }
    }

    /// The built-in fades take their params through the checked initialiser: a non-finite one
    /// is an error naming the param, never a stop.
    @Test func aBuiltinFadeOfANonFiniteParamThrowsRatherThanStopping() throws {
        func message(_ name: String, _ params: OrderedDictionary<String, JSONValue>) -> String? {
            do { _ = try BuiltinAnimators.make(name, params: params, source: "app"); return nil }
            catch { return "\(error)" }
        }
        #expect(message("fade", ["alpha": .double(.infinity)]) == "app: param 'alpha' expects a finite number, got inf")
        #expect(message("scale", ["scale": .double(-.infinity)]) == "app: param 'scale' expects a finite number, got -inf")
        let made = try #require(try BuiltinAnimators.make("scale", params: ["scale": .double(0.25)], source: "app") as? FadeAnimator)
        #expect([made.alpha, made.scale, made.duration] == [0, 0.25, 0.3])
    }

    @Test func aVisibleItemsHandlerCanBeCalledWithVisibleItemsOfYourOwn() throws {
        let handler: Compositional.VisibleItemsHandler = { items, offset, _ in
            for k in items.indices { items[k].alpha = items[k].frame.minX < offset.x ? 0.5 : 1 }
        }
        var items = [Compositional.VisibleItem(index: 0, frame: Rect(x: 0, y: 0, width: 100, height: 50)),
                     Compositional.VisibleItem(index: 1, frame: Rect(x: 110, y: 0, width: 100, height: 50))]
        #expect(items[0].category == .item && items[0].kind == "" && items[0].alpha == 1)
        #expect(items[0].transform == .identity && items[0].zIndex == 0)
        try handler(&items, Point(x: 50, y: 0), Compositional.Environment(container: Size(width: 320, height: 480), effectiveContainer: Size(width: 320, height: 480)))
        #expect(items.map(\.alpha) == [0.5, 1])
        let header = Compositional.VisibleItem(category: .supplementary, kind: "header", index: nil,
                                               frame: Rect(x: 0, y: 0, width: 320, height: 44), zIndex: 2)
        #expect([header.kind, "\(header.category)", "\(header.zIndex)"] == ["header", "supplementary", "2"])
    }

    @Test func aContextOfPlainSizesLaysThemOutWithNoItems() throws {
        let sizes = [Size(width: 100, height: 40), Size(width: 150, height: 40), Size(width: 100, height: 30)]
        let context = LayoutContext(collectionSize: Size(width: 320, height: 480), sizes: sizes)
        #expect(context.count == 3)
        #expect(context.item(at: 1) == nil)
        #expect(context.identifier(at: 1) == .int(1))
        #expect(context.sections == [Dataset.Section(id: .int(0), range: 0..<3)])
        #expect(try context.sizes(proposed: .zero) == sizes)
        #expect(try FlowLayout(spacing: 8).layout(context).allFrames
                == [Rect(x: 0, y: 0, width: 100, height: 40), Rect(x: 108, y: 0, width: 150, height: 40),
                    Rect(x: 0, y: 48, width: 100, height: 30)])
        #expect(try FlowLayout().layout(LayoutContext(collectionSize: Size(width: 320, height: 480), sizes: [])).allFrames == [])
    }

    /// The engine's first name for `scrollTo(_:align:)` still does what it does (deprecated, so
    /// calling it here warns).
    @Test func theDeprecatedScrollToItemIsScrollToByIndex() throws {
        func engine() throws -> CollectionEngine {
            let data = ItemSource(dataset: Dataset.synthetic(count: 20) { _ in Size(width: 100, height: 50) })
            let engine = CollectionEngine(provider: BasicProvider(data: data, layout: FlowLayout()), viewport: Size(width: 100, height: 120))
            try engine.layout()
            return engine
        }
        let old = try engine(), new = try engine()
        let oldEvents = try old.scroll(toItem: 7, at: .center)
        let newEvents = try new.scrollTo(7, align: .center)
        #expect(old.scrollState.contentOffset == Point(x: 0, y: 315))
        #expect(new.scrollState.contentOffset == Point(x: 0, y: 315))
        #expect(oldEvents.map { "\($0.type) \($0.id)" } == newEvents.map { "\($0.type) \($0.id)" })
        #expect(throws: LayoutError.indexOutOfRange(index: 20, count: 20)) { try old.scroll(toItem: 20) }
    }
}
