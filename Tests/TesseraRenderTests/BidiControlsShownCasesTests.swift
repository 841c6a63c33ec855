import Foundation
import Testing
import TesseraCore

/// `bidiControlsShown`, the rule for a user's text in pictures, on the cases
/// Fixtures/bidi-controls-shown.json shares with the preview page's `bidiControlsShown`
/// (preview-state.js; the preview's browser test runs them through the page), which shows an
/// item's id and data in the inspector as the labels show them.
@Suite struct BidiControlsShownCasesTests {
    /// The fixture's pairs of text and shown text under `key`.
    static func cases(_ key: String) throws -> [(text: String, shown: String)] {
        let json = try JSONParser.parse(String(contentsOf: PictureNumberTests.fixture("bidi-controls-shown.json"), encoding: .utf8))
        guard case .array(let rows)? = json[key] else { throw CocoaError(.fileReadCorruptFile) }
        return try rows.map { row in
            guard case .array(let pair) = row, pair.count == 2, let text = pair[0].string, let shown = pair[1].string else {
                throw CocoaError(.fileReadCorruptFile)
            }
            return (text, shown)
        }
    }

    @Test func aUsersTextShowsItsBidiControlsAndBackslashesAsThePageDoes() throws {
        let cases = try Self.cases("cases")
        #expect(cases.count == 9)
        for (text, shown) in cases {
            #expect(bidiControlsShown(text) == shown, "\(text.debugDescription)")
        }
    }

    @Test func jsonTextShowsItsBidiControlsAndKeepsItsBackslashesAsThePageDoes() throws {
        let cases = try Self.cases("json")
        #expect(cases.count == 3)
        for (text, shown) in cases {
            #expect(bidiControlsShown(json: text) == shown, "\(text.debugDescription)")
        }
    }
}
