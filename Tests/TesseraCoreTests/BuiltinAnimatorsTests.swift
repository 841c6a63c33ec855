import Testing
@testable import TesseraCore

/// Named animators from Swift, with parameters typed like a script's.
@Suite struct BuiltinAnimatorsTests {
    @Test func namesMakeTheNativeAnimators() throws {
        #expect(BuiltinAnimators.names == ["fade", "scale", "wobble"])
        let fade = try #require(try BuiltinAnimators.make("fade", params: ["duration": .double(0.5)], source: "app") as? FadeAnimator)
        #expect(fade == FadeAnimator(alpha: 0, duration: 0.5))
        let scale = try #require(try BuiltinAnimators.make("scale", params: [:], source: "app") as? FadeAnimator)
        #expect(scale == FadeAnimator.scaling(0.5, alpha: 0, duration: 0.3))
        #expect(try BuiltinAnimators.make("wobble", params: ["sensitivityX": .int(2)], source: "app") is WobbleAnimator)
        #expect(try BuiltinAnimators.make("spin", params: [:], source: "app") == nil)
    }

    @Test func badParametersAreNamed() throws {
        #expect(throws: LayoutError("app: unknown param 'alfa'; known params: alpha, duration")) {
            _ = try BuiltinAnimators.make("fade", params: ["alfa": .int(1)], source: "app")
        }
        // A word gets the same expectation as a number out of range.
        for (duration, shown) in [(JSONValue.int(-1), "-1"), (.double(3600.5), "3600.5"), (.string("slow"), #""slow""#),
                                  (.double(.nan), "nan")] {
            #expect(throws: LayoutError("app: param 'duration' expects a number of seconds from 0 to 3,600, got \(shown)")) {
                _ = try BuiltinAnimators.make("scale", params: ["duration": duration], source: "app")
            }
        }
        #expect(throws: LayoutError("app: param 'alpha' expects a number, got true")) {
            _ = try BuiltinAnimators.make("fade", params: ["alpha": .bool(true)], source: "app")
        }
        #expect(try BuiltinAnimators.make("fade", params: ["duration": .int(3600)], source: "app") as? FadeAnimator == FadeAnimator(duration: 3600))
    }
}
