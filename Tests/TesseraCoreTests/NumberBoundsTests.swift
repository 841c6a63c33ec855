import Testing
@testable import TesseraCore

/// Numbers from scripts, datasets and the command line: every one that becomes an Int goes
/// through the checked conversion, and every size they ask for is bounded, so none of them
/// traps, allocates without limit or writes a non-finite number.
@Suite struct NumberBoundsTests {
    @Test func wholeAcceptsOnlyWholeNumbersInRange() {
        #expect(Int(whole: 3.0) == 3)
        #expect(Int(whole: -0.0) == 0)
        #expect(Int(whole: 2.5) == nil)
        #expect(Int(whole: .nan) == nil)
        #expect(Int(whole: .infinity) == nil)
        #expect(Int(whole: -.infinity) == nil)
        #expect(Int(whole: 0x1p63) == nil)              // Int.max + 1: the trap of Int(_:)
        #expect(Int(whole: -0x1p63) == Int.min)
        #expect(Int(whole: 9.223372036854775e18) == 9_223_372_036_854_774_784)
        #expect(Int(whole: 1e300) == nil)
        #expect(Int(whole: 5, in: 1...4) == nil)
        #expect(Int(whole: 4, in: 1...4) == 4)
    }

    @Test func clampingSaturatesIntoTheRange() {
        #expect(Int(clamping: 2.7, into: 0...10) == 2)
        #expect(Int(clamping: 2.2, rounding: .up, into: 0...10) == 3)
        #expect(Int(clamping: -2.5, rounding: .toNearestOrAwayFromZero, into: -10...10) == -3)
        #expect(Int(clamping: .nan, into: 1...10) == 1)
        #expect(Int(clamping: .infinity, into: 1...10) == 10)
        #expect(Int(clamping: -.infinity, into: 1...10) == 1)
        #expect(Int(clamping: 1e300, into: 0...Int.max) == Int.max)
        #expect(Int(clamping: 0x1p63, into: Int.min...Int.max) == Int.max)
        #expect(Int(clamping: -1e300, into: Int.min...Int.max) == Int.min)
    }

    // MARK: Compositional groups

    @Test func aCountGroupAboveTheLeafLimitIsAnErrorNotAnAllocation() throws {
        let group = C.Group.horizontal(abs_(375, 50), [item(abs_(10, 10))], count: 1_000_000_000)
        #expect(throws: LayoutError("a compositional count group needs a count from 1 to 1,000,000, got 1000000000")) {
            try compositional(C.Section(group: group), counts: [3])
        }
    }

    @Test func aRepeatingGroupOfTinyItemsStopsAtTheLeafLimit() throws {
        // 1e-9-point items fill a 375-point group 3.75e11 times over.
        let group = C.Group.horizontal(abs_(375, 50), [item(abs_(1e-9, 10))])
        #expect(throws: LayoutError("a compositional group holds more than 1,000,000 items (its count or its subitems' sizes ask for more)")) {
            try compositional(C.Section(group: group), counts: [3])
        }
    }

    @Test func nestedCountGroupsCountTheirLeavesTogether() throws {
        let inner = C.Group.vertical(abs_(10, 50), [item(abs_(10, 10))], count: 2_000)
        let outer = C.Group.horizontal(abs_(375, 50), [.group(inner)], count: 1_000)
        #expect(throws: LayoutError("a compositional group holds more than 1,000,000 items (its count or its subitems' sizes ask for more)")) {
            try compositional(C.Section(group: outer), counts: [3])
        }
    }

    @Test func subitemLengthsAddingUpPastTheLargestNumberAreLengthOverflow() throws {
        // One item 1e308 long with 1e308 of leading edge spacing: a footprint of infinity.
        let wide = item(abs_(1e308, 10), edges: C.EdgeSpacing(leading: .fixed(1e308)))
        let group = C.Group.horizontal(abs_(1e308, 50), [wide])
        do {
            _ = try compositional(C.Section(group: group), counts: [1])
            Issue.record("an infinite length was laid out")
        } catch LayoutError.unsolvableGroup(.lengthOverflow) {
            #expect(LayoutError.unsolvableGroup(.lengthOverflow).description == "a compositional group's subitem lengths and "
                    + "spacing add up past the largest number (inf); expected sizes and spacings that fit")
        }
    }

    @Test func theLeafLimitIsCarriedByTheError() throws {
        let group = C.Group.horizontal(abs_(375, 50), [item(abs_(1e-9, 10))])
        do {
            _ = try compositional(C.Section(group: group), counts: [3])
            Issue.record("laid out")
        } catch LayoutError.unsolvableGroup(.tooManyItems(let limit)) {
            #expect(limit == C.Group.maxLeaves)
        }
    }

    // MARK: Timelines

    private let base = ViewState(frame: Rect(x: 0, y: 0, width: 10, height: 10))

    @Test func samplesOfALongAnimationAreRefusedBeforeTheyAreMade() throws {
        let track = AnimationTrack(id: "a", view: 1, event: .insert, duration: 3600, from: base, to: base)
        let timeline = Timeline(tracks: [track])
        #expect(try timeline.sampleCount(validatingFPS: 60) == 216_001)
        #expect(throws: AnimationFormatError("the animation lasts 3600 s: at 60 frames per second its samples would hold more than 200,000 view states (1 view per frame); use a lower frame rate (--fps) or a shorter animation")) {
            try timeline.sampleTimes(fps: 60)
        }
        #expect(try timeline.sampleTimes(fps: 50).count == 180_001)
    }

    @Test func anInfiniteDurationHasASaturatedSampleCount() throws {
        let track = AnimationTrack(id: "a", view: 1, event: .insert, delay: 1e308, duration: 1e308, from: base, to: base)
        let timeline = Timeline(tracks: [track])
        #expect(timeline.duration == .infinity)
        #expect(try timeline.sampleCount(validatingFPS: 1000) == Int.max)
        #expect(throws: AnimationFormatError("the animation lasts inf s: at 1000 frames per second its samples would hold more than 200,000 view states (1 view per frame); use a lower frame rate (--fps) or a shorter animation")) {
            try timeline.sampleTimes(fps: 1000)
        }
    }

    @Test func interpolatingBetweenFarApartStatesStaysFinite() {
        let from = ViewState(frame: Rect(x: -1.7e308, y: 0, width: 0, height: 0), tx: 1.7e308)
        let to = ViewState(frame: Rect(x: 1.7e308, y: 0, width: 0, height: 0), tx: -1.7e308)
        let half = from.interpolated(to: to, fraction: 0.5)
        #expect(half.frame.x == 0 && half.tx == 0)
        let overshoot = from.interpolated(to: to, fraction: 1.2)
        #expect(overshoot.frame.x == .greatestFiniteMagnitude && overshoot.tx == -.greatestFiniteMagnitude)
    }

    @Test(arguments: [
        (#"{"duration": 1e308}"#, "fade.lua: duration must be a non-negative number of seconds of at most 3,600, got 1e+308"),
        (#"{"delay": 3601}"#, "fade.lua: delay must be a non-negative number of seconds of at most 3,600, got 3601"),
        (#"{"curve": "spring", "response": 1e9}"#, "fade.lua: response must be a positive number of seconds of at most 3,600, got 1000000000.0"),
        (#"{"curve": "spring", "damping": 0}"#, "fade.lua: damping must be a positive damping ratio (1 is critical damping) of at most 1e15, got 0"),
        (#"{"from": {"tx": 1e308}}"#, "fade.lua: from: tx must be a number from -1e15 to 1e15, got 1e+308"),
        (#"{"to": {"frame": [-1e308, 0, 1, 1]}}"#, "fade.lua: to: frame must be {x, y, w, h} with numbers from -1e15 to 1e15 and a non-negative size"),
    ])
    func animationNumbersAreBounded(json: String, message: String) throws {
        let value = try JSONParser.parse(json)
        #expect(throws: AnimationFormatError(message)) { try AnimationDescription(json: value, what: "fade.lua") }
    }

    @Test func descriptionsBuiltInSwiftAreCheckedBeforeTheyArePlayed() {
        #expect(AnimationDescription(duration: 0.3).problem == nil)
        #expect(AnimationDescription(duration: -1).problem == "duration must be a non-negative number of seconds of at most 3,600, got -1")
        #expect(AnimationDescription(delay: .infinity).problem == "delay must be a non-negative number of seconds of at most 3,600, got inf")
        #expect(AnimationDescription(from: PartialViewState(tx: .nan)).problem == "from: every property must be a finite number")
        #expect(AnimationDescription(to: PartialViewState(frame: Rect(x: 0, y: 0, width: .infinity, height: 1))).problem
                == "to: every property must be a finite number")
    }

    @Test func aSpringThatNeverSettlesRunsForAtMostTheLongestDuration() {
        let spring = AnimationDescription(curve: .spring(Spring(dampingRatio: 1e-300, response: 1)))
        #expect(spring.resolvedDuration == AnimationDescription.maxSeconds)
    }

    // MARK: Sizing

    @Test func aSizingRuleThatOverflowsNamesTheItemAndTheRule() throws {
        // Built in code: a dataset file refuses such a height (past `Item.largestSize`).
        let dataset = Dataset(items: [Item(id: "a", size: Size(width: 1e-300, height: 1e300))], sourceName: "tall.jsonl")
        let context = LayoutContext(dataset: dataset, collectionSize: Size(width: 375, height: 812), sizing: ItemSizing(rule: .fillWidth))
        let message = "tall.jsonl: item 0 (id \"a\") is 1e-300 x 1e+300, which the fillWidth sizing rule scales to 375 x inf for a 375 x 812 container, too large for a number; expected an item size with a less extreme aspect ratio"
        #expect(throws: LayoutError(message)) { try context.sizes(proposed: Size(width: 375, height: 812)) }
        #expect(throws: LayoutError(message)) { try context.size(at: 0, proposed: Size(width: 375, height: 812)) }
    }

    // MARK: Datasets

    @Test func aFloatIdSaysWhatItIs() {
        #expect(throws: DatasetError(file: "f.jsonl", line: 1, column: 8, path: "id", message: "expected a string or an integer, found the number 1.0, written with a fraction or an exponent (write 1 for an integer id)")) {
            try DatasetLoader.parse(text: "{\"id\": 1.0}\n", fileName: "f.jsonl", format: .jsonLines)
        }
        #expect(throws: DatasetError(file: "f.jsonl", line: 1, column: 8, path: "id", message: "expected a string or an integer, found 1.5")) {
            try DatasetLoader.parse(text: "{\"id\": 1.5}\n", fileName: "f.jsonl", format: .jsonLines)
        }
    }

    @Test func anIdBeyond64BitsIsNamedSoAndNoOtherIdIsSuggested() {
        // -2^63 - 1 reads as the double -2^63, which once suggested "write -9223372036854775808".
        for written in ["18446744073709551616", "-9223372036854775809"] {
            let shown = written.hasPrefix("-") ? "-9.223372036854776e+18" : "1.8446744073709552e+19"
            #expect(throws: DatasetError(file: "f.jsonl", line: 1, column: 8, path: "id", message: "expected a string or an integer, found a whole number beyond the 64-bit integers (\(shown)); write such an id as a string")) {
                try DatasetLoader.parse(text: "{\"id\": \(written)}\n", fileName: "f.jsonl", format: .jsonLines)
            }
        }
        #expect(throws: DatasetError(file: "f.jsonl", line: 1, column: 8, path: "id", message: "expected a string or an integer, found 1.2345678901234568e+16")) {
            try DatasetLoader.parse(text: "{\"id\": 12345678901234567.0}\n", fileName: "f.jsonl", format: .jsonLines)
        }
    }

    @Test func jsonLinesEndingInALoneCarriageReturnAreNamed() {
        #expect(throws: DatasetError(file: "cr.jsonl", line: 1, column: 11, message: "expected lines ending in LF or CRLF, found a line break that is a lone carriage return (CR); convert the file's line ends (for example with dos2unix -c mac)")) {
            try DatasetLoader.parse(text: "{\"id\":\"a\"}\r{\"id\":\"b\"}\r", fileName: "cr.jsonl", format: .jsonLines)
        }
        // A CR that is only whitespace inside an object still reads; CRLF line ends too.
        #expect(throws: Never.self) { try DatasetLoader.parse(text: "{\"id\":\r\"a\"}\r\n{\"id\":\"b\"}\r\n", fileName: "ok.jsonl", format: .jsonLines) }
    }
}
