import Testing
import OrderedCollections
@testable import TesseraCore

/// Every message that names an id writes it as a dataset does: the integer 5 as `5`, the string
/// "5" as `"5"`, escaped, and a long one cut with its length.
@Suite struct MessageIdentifierTests {
    let huge = String(repeating: "a", count: 1 << 20)
    var hugeText: String { "\"" + String(repeating: "a", count: 64) + "\"… (1,048,576 characters)" }

    @Test func integersAreBareAndStringsQuotedAndEscaped() {
        #expect(describeIdentifier(5) == "5")
        #expect(describeIdentifier("5") == #""5""#)
        #expect(describeIdentifier(ItemID.int(5)) == "5")
        #expect(describeIdentifier(ItemID.string("5")) == #""5""#)
        #expect(describeIdentifier(ItemID.string("a\"b\nc")) == #""a\"b\nc""#)
        #expect(describeIdentifier(ItemID.scoped("0", .int(5))) == #""0-5""#)
        #expect(describeIdentifier(Occurrence(ItemID.int(5), index: 1)) == "5 (occurrence 2)")
        #expect(describeIdentifier(Occurrence(ItemID.string("5"))) == #""5""#)
        #expect(describeIdentifier(String(repeating: "a", count: 64)) == "\"" + String(repeating: "a", count: 64) + "\"")
        #expect(describeIdentifier(huge) == hugeText)
        // Cut by characters: an emoji is never split.
        #expect(describeIdentifier(String(repeating: "👍🏽", count: 65)) == "\"" + String(repeating: "👍🏽", count: 64) + "\"… (65 characters)")
    }

    /// One rule for every control character: JSON's escapes below U+0020, and the same `\u00xx`
    /// form for DEL and the C1 controls, which JSON leaves raw; U+00A0 is no control.
    @Test func everyControlCharacterIsEscaped() {
        #expect(describeIdentifier("a\u{01}b\u{1F}") == #""a\u0001b\u001f""#)
        #expect(describeIdentifier("a\u{7F}b\u{80}c\u{9B}[2Jd\u{9F}") == #""a\u007fb\u0080c\u009b[2Jd\u009f""#)
        #expect(describeIdentifier("\u{A0}é\u{7E}") == "\"\u{A0}é~\"")
        #expect(messageQuoted("tab\there\u{85}") == #""tab\there\u0085""#)
    }

    /// A right-to-left override, an embedding or an isolate in a user's text is shown as its
    /// escape, in messages (still JSON) and in pictures (bare), so the text reads as the data
    /// holds it; the marks, which right-to-left text needs, are left alone.
    @Test func bidiControlsAreShownNotObeyed() throws {
        #expect(describeIdentifier("ab\u{202E}cd\u{202A}\u{2066}e\u{2069}") == #""ab\u202ecd\u202a\u2066e\u2069""#)
        #expect(try JSONParser.parse(messageQuoted("ab\u{202E}cd")) == .string("ab\u{202E}cd"))
        #expect(bidiControlsShown("ab\u{202E}cd\u{2067}\u{2068}") == #"ab\u202ecd\u2067\u2068"#)
        #expect(bidiControlsShown("\u{5D0}\u{200F}1\u{200E}\u{61C}\u{2029}") == "\u{5D0}\u{200F}1\u{200E}\u{61C}\u{2029}")
        #expect(describeIdentifier("\u{5D0}\u{200F}") == "\"\u{5D0}\u{200F}\"")
    }

    /// Where a picture shows a bidirectional control as its escape, it shows a backslash as
    /// `\\`, as messages do: a text holding the six characters `\u202e` does not read as one
    /// holding U+202E. JSON text keeps its own escapes (a string's backslash is already `\\`).
    @Test func aLiteralEscapeIsToldFromTheControlItSpells() throws {
        #expect(bidiControlsShown("a\u{202E}b") == #"a\u202eb"#)
        #expect(bidiControlsShown(#"a\u202eb"#) == #"a\\u202eb"#)
        #expect(bidiControlsShown(#"\\u202e\"# + "\u{202E}") == #"\\\\u202e\\\u202e"#)
        #expect(bidiControlsShown(#"C:\dir"#) == #"C:\\dir"#)
        #expect(bidiControlsShown("plain é") == "plain é")
        #expect(messageQuoted(#"a\u202eb"#) == #""a\\u202eb""#)
        #expect(bidiControlsShown(json: JSONWriter.write(.array([.string(#"\u202e"#), .string("\u{202E}")]))) == #"["\\u202e","\u202e"]"#)
    }

    @Test func snapshotErrorsTellTheIntegerFromTheString() throws {
        var byInt = Snapshot<String, Int>()
        try byInt.appendSections(["5"])
        try byInt.appendItems([5])
        var byString = Snapshot<Int, String>()
        try byString.appendSections([5])
        try byString.appendItems(["5"])
        func message(_ body: () throws -> Void) -> String? {
            do { try body() } catch { return "\(error)" }
            return nil
        }
        #expect(message { try byInt.appendItems([5]) } == #"duplicate item id 5: it is already in section "5" at index 0."#)
        #expect(message { try byString.appendItems(["5"]) } == #"duplicate item id "5": it is already in section 5 at index 0."#)
        #expect(message { try byInt.deleteItems([6]) } == "item id 6 is not in the snapshot.")
        #expect(message { try byString.deleteItems(["line\nbreak"]) } == #"item id "line\nbreak" is not in the snapshot."#)
        #expect(message { try byString.deleteSections([huge.count]) } == "section id 1048576 is not in the snapshot.")
        #expect(message { try byInt.deleteSections([huge]) } == "section id \(hugeText) is not in the snapshot.")
        #expect(message { try byInt.moveItem(5, beforeItem: 5) } == "cannot move 5 relative to itself.")
        #expect(message { _ = try Changeset(from: ["a\"", "b", "a\""], to: [String]()) }
                == #"duplicate item id "a\"": it occurs at positions 0 and 2 of the given list."#)
    }

    @Test func datasetErrorsNameIdsTheSameWay() throws {
        let items = [Item(id: .string(huge)), Item(id: .int(5)), Item(id: .string(huge))]
        #expect(throws: DatasetError(file: "<memory>", path: "items[2].id",
                                     message: "expected a unique id (or a duplicate policy), found \(hugeText) again (first at items[0])",
                                     kind: .repeatedID)) {
            try Dataset(validating: items)
        }
        let twice = Dataset(items: [Item(id: .string("x\ny")), Item(id: .string("x\ny"))],
                            sections: [Dataset.Section(id: .int(5), range: 0..<1), Dataset.Section(id: .string("5"), range: 1..<2)])
        #expect(throws: SnapshotError.duplicateItem(item: #""x\ny""#, existingSection: "5", existingIndex: 0)) {
            try DatasetDiff.snapshot(of: twice)
        }
        let sections = Dataset(items: [], sections: [Dataset.Section(id: .string("5"), range: 0..<0),
                                                     Dataset.Section(id: .string("5"), range: 0..<0)])
        #expect(throws: SnapshotError.duplicateSectionInInput(section: #""5""#, firstPosition: 0, secondPosition: 1)) {
            try DatasetDiff.snapshot(of: sections)
        }
    }

    @Test func engineErrorsNameIdsTheSameWay() throws {
        let engine = CollectionEngine(provider: numbers([1, 2]), viewport: Size(width: 100, height: 100))
        try engine.layout()
        #expect(throws: LayoutError.invalid(#"no item has the id "1\n"; scrollTo expects the id of one of the 2 items"#)) {
            try engine.scrollTo(ItemID.string("1\n"))
        }
        #expect(throws: LayoutError.invalid("no item has the id 9; scrollTo expects the id of one of the 2 items")) {
            try engine.scrollTo(ItemID.int(9))
        }
    }

    @Test func measuredSizesNameTheirKeyCut() throws {
        let doc: JSONValue = .object([huge: [375, -1], "a": .array(Array(repeating: 7, count: 100))])
        #expect(throws: DatasetError(file: "sizes.json", path: hugeText,
                                     message: "expected [width, height] with numbers from 0 to 1e7, found [375,-1]")) {
            try MeasuredSizesFile.sizes(in: doc, file: "sizes.json")
        }
        let long: JSONValue = .object(["a\"b": .array(Array(repeating: 7, count: 100))])
        #expect(throws: DatasetError(file: "sizes.json", path: #""a\"b""#,
                                     message: "expected [width, height] with numbers from 0 to 1e7, found [" + String(repeating: "7,", count: 31) + "7… (201 characters)")) {
            try MeasuredSizesFile.sizes(in: long, file: "sizes.json")
        }
    }

    @Test func splitParametersNameSectionKeysAsIds() throws {
        func message(_ values: OrderedDictionary<String, JSONValue>) -> String? {
            var p = LayoutParameters(layoutName: "split", values: values)
            do { _ = try SplitLayout(parameters: &p) } catch { return "\(error)" }
            return nil
        }
        #expect(message(["side": .object(["x'\"y": "up"])])
                == #"split param 'side' for section "x'\"y" expects "left" or "right", got "up""#)
        #expect(message(["side": .object([huge: "up"])])
                == #"split param 'side' for section \#(hugeText) expects "left" or "right", got "up""#)
        #expect(message(["leftSideRatio": .object(["wide\n": "half"])])
                == #"split param 'leftSideRatio' breakpoints map minimum widths to ratios, got "wide\n": "half""#)
    }
}
