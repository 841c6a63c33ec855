import Foundation
import Testing
@_spi(Testing) import TesseraCore

/// `NumberText.picture`, the rule for the numbers a renderer reads in the svg picture
/// (coordinates, sizes), on the cases of Fixtures/picture-numbers.json; and
/// `NumberText.display`, the rule for every number a person reads, on the cases
/// Fixtures/display-numbers.json shares with the pages' display-number.js (the preview's
/// browser test runs them through `displayNumber` in the page).
@Suite struct PictureNumberTests {
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    }

    /// Each case's value (`"-0"`, `"nan"`, `"inf"`, `"-inf"` for those JSON lacks) and its text,
    /// from the fixture file `name`.
    static func cases(_ name: String = "picture-numbers.json") throws -> [(value: Double, text: String)] {
        let json = try JSONParser.parse(String(contentsOf: fixture(name), encoding: .utf8))
        guard case .array(let rows)? = json["cases"] else { throw CocoaError(.fileReadCorruptFile) }
        return try rows.map { row in
            guard case .array(let pair) = row, pair.count == 2, let text = pair[1].string else { throw CocoaError(.fileReadCorruptFile) }
            let special: [String: Double] = ["-0": -0.0, "nan": .nan, "inf": .infinity, "-inf": -.infinity]
            guard let value = pair[0].number ?? pair[0].string.flatMap({ special[$0] }) else { throw CocoaError(.fileReadCorruptFile) }
            return (value, text)
        }
    }

    @Test func theCasesReadAsTheSvgWritesThem() throws {
        let cases = try Self.cases()
        #expect(cases.count == 44)
        for (value, text) in cases {
            #expect(NumberText.picture(value) == text, "\(value)")
        }
    }

    /// Two decimals, halves away from zero, on the same arithmetic as the pages (1.005 is
    /// 100.49999999999999 hundredths: 1), values from 1e13 unrounded, whole ones beyond 2^53
    /// with an exponent, as Swift's description writes them.
    @Test func theSharedDisplayCasesReadAsThePagesReadThem() throws {
        let cases = try Self.cases("display-numbers.json")
        #expect(cases.count == 44)
        for (value, text) in cases {
            #expect(NumberText.display(value) == text, "\(value)")
        }
        #expect(NumberText.display(frame: Rect(x: 0, y: 3402.285714285714, width: 117.66666666666667, height: 88.42857142857143))
                == "(0, 3402.29, 117.67, 88.43)")
    }

    @Test func binaryNoiseGoesAndIntegersHaveNoFraction() {
        #expect(NumberText.picture(235.60000000000008) == "235.6")
        #expect(NumberText.picture(0.1 + 0.2) == "0.3")
        #expect(NumberText.picture(10) == "10")
        #expect(NumberText.picture(-0.0) == "0")
        #expect(NumberText.picture(347.1428571428571) == "347.1428571")
    }

    /// Values from 1e-3 to 1e9 of either sign: each text reads back within half a unit of its
    /// tenth significant digit, with no trailing zeros after a point, no ".0" and no "-0".
    @Test func theTextReadsBackCloseToTheValue() throws {
        let scales: [Double] = [1e-3, 1e-2, 0.1, 1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8]
        var random = BenchRandom(seed: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<20_000 {
            let state = random.nextState()
            let v = Double(state >> 11) * 0x1p-53 * scales[Int((state >> 40) % 12)] * (state >> 63 == 0 ? 1 : -1)
            let text = NumberText.picture(v)
            let back = try #require(Double(text))
            #expect(abs(back - v) <= abs(v) * 5.000001e-10, "\(v) as \(text)")
            #expect(text != "-0" && !(text.contains(".") && text.hasSuffix("0")), "\(v) as \(text)")
        }
    }
}
