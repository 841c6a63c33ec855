import Foundation
import Testing
@_spi(Testing) @testable import TesseraCore

/// The parser's error message with its position, or nil when `text` parses.
private func jsonError(_ text: String) -> String? {
    do {
        _ = try JSONParser.parse(text)
        return nil
    } catch {
        return "\(error)"
    }
}

private func exactWrite(_ v: JSONValue) -> String {
    JSONWriter.write(v, options: JSONWriter.Options(integralDoublesAsIntegers: false))
}


@Suite("JSON parser")
struct JSONParserTests {
    @Test func scalarsKeepIntegersApartFromDoubles() throws {
        #expect(try JSONParser.parse("1") == .int(1))
        #expect(try JSONParser.parse("1.0") == .double(1.0))
        #expect(try JSONParser.parse("-0") == .int(0))
        #expect(try JSONParser.parse("-0.0") == .double(-0.0))
        #expect(try JSONParser.parse("1e2") == .double(100))
        #expect(try JSONParser.parse("1E-2") == .double(0.01))
        #expect(try JSONParser.parse("140.35") == .double(140.35))
        #expect(try JSONParser.parse("0.001") == .double(0.001))
        #expect(try JSONParser.parse("9223372036854775807") == .int(Int.max))
        #expect(try JSONParser.parse("-9223372036854775808") == .int(Int.min))
        #expect(try JSONParser.parse("9223372036854775808") == .double(9223372036854775808.0))
        #expect(try JSONParser.parse("123456789012345678901234567890") == .double(1.2345678901234568e+29))
        #expect(try JSONParser.parse("0.1234567890123456789012") == .double(0.12345678901234568))
        #expect(try JSONParser.parse("1.7976931348623157e308") == .double(.greatestFiniteMagnitude))
        #expect(try JSONParser.parse("5e-324") == .double(.leastNonzeroMagnitude))
        #expect(try JSONParser.parse(" true ") == .bool(true))
        #expect(try JSONParser.parse("false") == .bool(false))
        #expect(try JSONParser.parse("null") == .null)
    }

    @Test func stringsAndEscapes() throws {
        #expect(try JSONParser.parse(#""plain""#) == .string("plain"))
        #expect(try JSONParser.parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try JSONParser.parse(#""\u00e9\u4E2D""#) == .string("é中"))
        #expect(try JSONParser.parse(#""\ud83d\ude00 ok""#) == .string("😀 ok"))
        #expect(try JSONParser.parse("\"Café 日本 😀\"") == .string("Café 日本 😀"))
        #expect(try JSONParser.parse(#""""#) == .string(""))
    }

    @Test func objectsKeepKeyOrderAndNesting() throws {
        let v = try JSONParser.parse(#"{"z": 1, "a": [true, null, {"m": "x"}], "k": {}, "e": []}"#)
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(Array(o.keys) == ["z", "a", "k", "e"])
        #expect(o["a"] == .array([.bool(true), .null, .object(["m": .string("x")])]))
        #expect(o["k"] == .object([:]))
        #expect(o["e"] == .array([]))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.int(1)]))
    }

    @Test func syntaxErrorsNameLineColumnAndExpectation() {
        #expect(jsonError("") == "line 1, column 1: expected a JSON value, found end of input")
        #expect(jsonError("{\n  \"a\": 1\n  \"b\": 2\n}") == "line 3, column 3: expected ',' or '}' after an object member, found '\"'")
        #expect(jsonError(#"{"a": 1]"#) == "line 1, column 8: expected ',' or '}' after an object member, found ']'")
        #expect(jsonError(#"{"a": 1,}"#) == "line 1, column 9: expected a string key after ',' in an object, found '}'")
        #expect(jsonError("{a: 1}") == "line 1, column 2: expected a string key or '}', found 'a'")
        #expect(jsonError(#"{"a" 1}"#) == "line 1, column 6: expected ':' after an object key, found '1'")
        #expect(jsonError(#"{"a": }"#) == "line 1, column 7: expected a JSON value after ':', found '}'")
        #expect(jsonError("[1, 2,]") == "line 1, column 7: expected a JSON value after ',' in an array, found ']'")
        #expect(jsonError("[1 2]") == "line 1, column 4: expected ',' or ']' after an array element, found '2'")
        #expect(jsonError("[") == "line 1, column 2: expected a JSON value or ']', found end of input")
        #expect(jsonError("[NaN]") == "line 1, column 2: expected a JSON value or ']', found 'NaN'")
        #expect(jsonError("[Infinity]") == "line 1, column 2: expected a JSON value or ']', found 'Infinity'")
        // -Infinity is named whole, at its '-', as the value it stands for; a '-' before another word is not.
        #expect(jsonError("[-Infinity]") == "line 1, column 2: expected a JSON value or ']', found '-Infinity'")
        #expect(jsonError("-Infinity") == "line 1, column 1: expected a JSON value, found '-Infinity'")
        #expect(jsonError("[-Infinite]") == "line 1, column 3: expected a digit after '-', found 'Infinite'")
        #expect(jsonError("tru") == "line 1, column 1: expected a JSON value, found 'tru'")
        #expect(jsonError("1 2") == "line 1, column 3: expected the end of input after the top-level value, found '2'")
        #expect(jsonError("// comment\n1") == "line 1, column 1: expected a JSON value, found '/'")
    }

    @Test func numberErrors() {
        #expect(jsonError("01") == "line 1, column 2: expected '.', 'e' or the end of the number after a leading 0, found '1'")
        #expect(jsonError("-") == "line 1, column 2: expected a digit after '-', found end of input")
        #expect(jsonError("-a") == "line 1, column 2: expected a digit after '-', found 'a'")
        #expect(jsonError("1.") == "line 1, column 3: expected a digit after '.', found end of input")
        #expect(jsonError(".5") == "line 1, column 1: expected a JSON value, found '.'")
        #expect(jsonError("+1") == "line 1, column 1: expected a JSON value, found '+'")
        #expect(jsonError("1e+") == "line 1, column 4: expected a digit in the exponent, found end of input")
        #expect(jsonError("[1e999]") == "line 1, column 2: expected a number within the range of a double, found 1e999")
    }

    @Test func stringErrors() {
        #expect(jsonError("[\"abc") == "line 1, column 6: expected a closing '\"' for the string that starts at line 1, column 2, found end of input")
        #expect(jsonError("\"a\nb\"") == "line 1, column 3: expected an escape such as \\n or \\u0000 instead of a raw control character in a string, found U+000A")
        #expect(jsonError(#""\x""#) == #"line 1, column 3: expected one of \" \\ \/ \b \f \n \r \t \u after '\' in a string, found 'x'"#)
        #expect(jsonError(#""\u12G4""#) == #"line 1, column 6: expected 4 hex digits after '\u', found 'G4'"#)
        #expect(jsonError(#""\ud83d""#) == #"line 1, column 8: expected a low surrogate (\uDC00-\uDFFF) after the high surrogate \uD83D, found '"'"#)
        #expect(jsonError(#""\ud83d\u0041""#) == #"line 1, column 8: expected a low surrogate (\uDC00-\uDFFF) after the high surrogate \uD83D, found \u0041"#)
        #expect(jsonError(#""\ude00""#) == #"line 1, column 2: expected a high surrogate (\uD800-\uDBFF) before a low surrogate, found a lone \uDE00"#)
        #expect(throws: JSONParseError(line: 1, column: 3, offset: 2, expected: "valid UTF-8 text", found: "the byte 0xFF")) {
            try JSONParser.parse([0x22, 0x61, 0xFF, 0x22])
        }
        // Overlong encoding of "/" and an encoded surrogate are not UTF-8 either.
        #expect(throws: JSONParseError(line: 1, column: 2, offset: 1, expected: "valid UTF-8 text", found: "the byte 0xC0")) {
            try JSONParser.parse([0x22, 0xC0, 0xAF, 0x22])
        }
        #expect(throws: JSONParseError(line: 1, column: 2, offset: 1, expected: "valid UTF-8 text", found: "the byte 0xED")) {
            try JSONParser.parse([0x22, 0xED, 0xA0, 0x80, 0x22])
        }
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(jsonError("[\"日本\", x]") == "line 1, column 8: expected a JSON value after ',' in an array, found 'x'")
        #expect(jsonError("[1,\r\n 2,\r\n ?]") == "line 3, column 2: expected a JSON value after ',' in an array, found '?'")
    }

    @Test func duplicateKeysAreAnError() {
        #expect(jsonError("{\"w\": 1,\n \"w\": 2}") == "line 2, column 2: expected unique keys in an object, found \"w\" twice")
    }

    @Test func nestingIsLimited() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(jsonError(deep) == "line 1, column 513: expected at most 512 levels of nesting, found deeper nesting")
    }

    @Test func parseParameterReadsJSONThenListsThenStrings() {
        #expect(JSONValue.parseParameter("3") == .int(3))
        #expect(JSONValue.parseParameter("2.5") == .double(2.5))
        #expect(JSONValue.parseParameter("true") == .bool(true))
        #expect(JSONValue.parseParameter("[1,2]") == .array([.int(1), .int(2)]))
        #expect(JSONValue.parseParameter(#"{"top":8}"#) == .object(["top": .int(8)]))
        #expect(JSONValue.parseParameter(#""quoted""#) == .string("quoted"))
        #expect(JSONValue.parseParameter("a,b") == .array([.string("a"), .string("b")]))
        #expect(JSONValue.parseParameter("a, b ,c") == .array([.string("a"), .string("b"), .string("c")]))
        #expect(JSONValue.parseParameter("1,2") == .array([.string("1"), .string("2")]))
        #expect(JSONValue.parseParameter("spaceBetween") == .string("spaceBetween"))
        #expect(JSONValue.parseParameter("") == .string(""))
    }
}

@Suite("JSON writer")
struct JSONWriterTests {
    @Test func numbersUseShortestRoundTripAndIntegralWithoutFraction() {
        #expect(JSONWriter.write([0.0, 0.0, 120.0, 140.35]) == "[0,0,120,140.35]")
        #expect(JSONWriter.write([0.0, 0.0, 120.0, 140.35], options: .pretty) == "[0, 0, 120, 140.35]")
        #expect(JSONWriter.format(0.1) == "0.1")
        #expect(JSONWriter.format(1.0 / 3.0) == "0.3333333333333333")
        #expect(JSONWriter.format(-2.5) == "-2.5")
        #expect(JSONWriter.format(-0.0) == "0")
        #expect(JSONWriter.format(1e-7) == "1e-07")
        #expect(JSONWriter.format(123456789.0) == "123456789")
        #expect(JSONWriter.format(9007199254740991.0) == "9007199254740991")
        #expect(JSONWriter.format(9007199254740992.0) == "9007199254740992.0")   // 2^53: description
        #expect(JSONWriter.format(1e16) == "1e+16")
        #expect(JSONWriter.format(1e300) == "1e+300")
        #expect(JSONWriter.format(120.0, integralAsInteger: false) == "120.0")
        #expect(JSONWriter.write(.int(Int.min)) == "-9223372036854775808")
        #expect(JSONWriter.write([.int(3), .double(3)], options: JSONWriter.Options(integralDoublesAsIntegers: false)) == "[3,3.0]")
    }

    /// Integral numbers are written digit by digit; the text is `String(n)`'s, exactly within
    /// ±(2^53 − 1) and the double's own description past it.
    @Test func integralNumbersAtTheEdgesOfTheIntegerRange() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (-1, "-1"), (9, "9"), (10, "10"), (-10, "-10"),
            (9_007_199_254_740_991, "9007199254740991"), (-9_007_199_254_740_991, "-9007199254740991"),
            (9_007_199_254_740_992, "9007199254740992.0"), (-9_007_199_254_740_992, "-9007199254740992.0"),
            (1e15, "1000000000000000"), (-1e15, "-1000000000000000"), (1e16, "1e+16"), (-1e16, "-1e+16"),
            (1e21, "1e+21"), (4_503_599_627_370_495.5, "4503599627370495.5"), (0.5, "0.5"), (-0.5, "-0.5"),
        ]
        for (v, text) in cases {
            #expect(JSONWriter.format(v) == text, "\(v)")
        }
        for k in 0...15 {
            let p = Int(pow(10.0, Double(k)))
            for n in [p - 1, p, p + 1, -(p - 1), -p, -(p + 1)] {
                #expect(JSONWriter.format(Double(n)) == String(n))
                #expect(JSONWriter.write(.int(n)) == String(n))
            }
        }
        #expect(JSONWriter.write(.int(Int.max)) == "9223372036854775807")
        #expect(JSONWriter.write(.array([.int(-7), .double(-7), .double(-7.25)])) == "[-7,-7,-7.25]")
    }

    @Test func stringsAreEscaped() {
        #expect(JSONWriter.write(.string("a\"b\\c\nd\re\tf\u{8}\u{C}\u{1}\u{1F}")) == #""a\"b\\c\nd\re\tf\b\f\u0001\u001f""#)
        #expect(JSONWriter.write(.string("é/日本/😀")) == "\"é/日本/😀\"")
    }

    @Test func compactOutput() {
        let v: JSONValue = ["id": "a", "section": 0, "frame": [0.0, 0.0, 120.0, 140.35], "tags": [], "meta": [:], "ok": true, "none": nil]
        #expect(JSONWriter.write(v) == #"{"id":"a","section":0,"frame":[0,0,120,140.35],"tags":[],"meta":{},"ok":true,"none":null}"#)
    }

    @Test func prettyOutputKeepsShallowValuesInlineAndRecordsOnePerLine() {
        let v: JSONValue = [
            "viewport": [375, 812],
            "contentSize": [375.0, 10240.5],
            "items": [["id": "a", "section": 0, "frame": [0.0, 0.0, 120.0, 140.35]],
                      ["id": 7, "section": 0, "frame": [120.0, 0.0, 1.5, 2.0]]],
            "empty": [],
            "visible": [0, 1, 2],
            "nested": ["moved": [[[2, 7], [3, 1]]]],
        ]
        #expect(JSONWriter.write(v, options: .pretty) == """
        {
          "viewport": [375, 812],
          "contentSize": [375, 10240.5],
          "items": [
            {"id": "a", "section": 0, "frame": [0, 0, 120, 140.35]},
            {"id": 7, "section": 0, "frame": [120, 0, 1.5, 2]}
          ],
          "empty": [],
          "visible": [0, 1, 2],
          "nested": {
            "moved": [
              [[2, 7], [3, 1]]
            ]
          }
        }
        """)
    }

    @Test func roundTripIsExact() throws {
        let v: JSONValue = [
            "ints": [0, -1, .int(Int.max), .int(Int.min)],
            "doubles": [0.5, -0.0, 120.0, 1e-300, 1.7976931348623157e308, 0.1, .double(2.0 / 3.0)],
            "strings": ["", "quote\" slash\\ nl\n", "\u{0}\u{7F}", "é日本😀", "\u{2028}"],
            "nested": ["a": ["b": ["c": [nil, true, false]]]],
        ]
        #expect(try JSONParser.parse(exactWrite(v)) == v)
        #expect(try JSONParser.parse(JSONWriter.write(v, options: JSONWriter.Options(pretty: true, integralDoublesAsIntegers: false))) == v)
        // With the default number format, integral doubles read back as integers, nothing else changes.
        let frames: JSONValue = [[0.0, 12.5, 120.0, 140.35]]
        #expect(try JSONParser.parse(JSONWriter.write(frames)) == [[0, 12.5, 120, 140.35]])
    }

    @Test func randomDoublesRoundTripBitForBit() throws {
        var rng = SplitMix64(seed: 42)
        var values: [JSONValue] = []
        for k in 0..<20_000 {
            let d: Double
            switch k % 3 {
            case 0: d = Double(bitPattern: rng.next())                                  // any exponent
            case 1: d = Double(rng.next() % 100_000_000) / 100                          // "money"-like decimals
            default: d = Double.random(in: -1e6...1e6, using: &rng)                     // typical coordinates
            }
            if d.isFinite { values.append(.double(d)) }
        }
        let parsed = try JSONParser.parse(exactWrite(.array(values)))
        guard case .array(let back) = parsed else { Issue.record("not an array"); return }
        #expect(back.count == values.count)
        for (a, b) in zip(values, back) {
            guard case .double(let x) = a, case .double(let y) = b, x.bitPattern == y.bitPattern else {
                Issue.record("\(a) read back as \(b)")
                return
            }
        }
    }
}

/// `JSONValue(parsing:)` and `jsonText(pretty:)`: JSON text in and out for code of a user's, which
/// has the parser's errors and no way to write a NaN.
@Suite struct JSONValueTextTests {
    @Test func textRoundTripsExactly() throws {
        let value: JSONValue = ["id": "a", "frame": [0, 0.5, .double(120), 1e300], "tags": [], "ok": true, "none": nil]
        #expect(value.jsonText() == #"{"id":"a","frame":[0,0.5,120.0,1e+300],"tags":[],"ok":true,"none":null}"#)
        #expect(try JSONValue(parsing: try #require(value.jsonText())) == value)
        #expect(try JSONValue(parsing: try #require(value.jsonText(pretty: true))) == value)
        // Pretty: spaced, and indented where a value nests deeper (an array of objects, one a line).
        #expect(value.jsonText(pretty: true) == #"{"id": "a", "frame": [0, 0.5, 120.0, 1e+300], "tags": [], "ok": true, "none": null}"#)
        #expect(JSONValue.object(["items": [["id": 1], ["id": 2]]]).jsonText(pretty: true) == """
            {
              "items": [
                {"id": 1},
                {"id": 2}
              ]
            }
            """)
    }

    @Test func nonFiniteDoublesHaveNoText() {
        #expect(JSONValue.double(.nan).jsonText() == nil)
        #expect(JSONValue.object(["a": [1, .double(-.infinity)]]).jsonText() == nil)
    }

    @Test func parseErrorsSayWhere() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: "{\"a\": }") }
        let error = #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[1,\n 2,,]") }
        #expect(error?.line == 2 && error?.column == 4)
    }
}
