import Foundation
import Testing
import TesseraCore
import TesseraRender

/// Two sections of two items each: "a" and "b<" in "Fruit", "c" and "d" in "Veg".
private func sectionedRun(elements: [LayoutElement] = [], secondTitle: String? = nil, frames: [Rect]? = nil) throws -> LayoutRun {
    let items = ["a", "b<", "c", "d"].enumerated().map { k, id in
        Item(id: .string(id), fields: ["id": .string(id), "name": .string("n\(k)"), "rank": .int(10 * k)])
    }
    let dataset = Dataset(items: items, sections: [
        .init(id: .string("s0"), fields: ["title": .string("Fruit")], range: 0..<2),
        .init(id: .string("s1"), fields: secondTitle.map { ["title": .string($0)] } ?? [:], range: 2..<4),
    ])
    let frames = frames ?? [Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 100, y: 0, width: 100, height: 50.123),
                            Rect(x: 0, y: 60, width: 100, height: 50), Rect(x: 100, y: 60, width: 100, height: 50)]
    let result = try FramesResult(frames: frames, elements: elements, sections: [0..<2, 2..<4])
    return LayoutRun(layoutName: "test", dataset: dataset, viewport: Size(width: 200, height: 100), result: result,
                     milliseconds: 1)
}

private func between(_ text: String, _ start: String, _ end: String) -> String? {
    guard let a = text.range(of: start), let b = text.range(of: end, range: a.upperBound..<text.endIndex) else { return nil }
    return String(text[a.upperBound..<b.lowerBound])
}

@Suite struct HTMLPageTests {
    @Test func framesLabelsAndSectionsAreCompactData() throws {
        let page = try HTMLPage(run: try sectionedRun(), viewport: Rect(x: 0, y: 10, width: 200, height: 100)).render()
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(between(page, "\"frames\":[", "]") == "0,0,100,50,100,0,100,50.12,0,60,100,50,100,60,100,50")
        #expect(between(page, "\"labels\":[", "]") == #""a","b\u003c","c","d""#)
        #expect(between(page, "\"sections\":[", "],\"elements\"") == #"{"section":0,"frame":[0,0,200,50.12],"title":"Fruit","titledByHeader":false},"#
                + #"{"section":1,"frame":[0,60,200,50],"title":"s1","titledByHeader":false}"#)
        #expect(page.contains(#""viewport":[200,100],"content":[200,110],"offset":[0,10]"#))
        // No item markup: nodes are made by the script, near the viewport only.
        #expect(!page.contains("class=\"item\""))
    }

    @Test func overviewCountsItemsPerBandOverTheScrollRange() throws {
        // 200 x 110 of content scrolls furthest down in a 200 x 100 viewport: 25 bands of 4.4
        // (one per 4 px of a 100 px strip); the rows 0-50.12 and 60-110 cross bands 0-11 and
        // 13-24, two items each (the svg's darkest shade), band 12 none.
        let page = try HTMLPage(run: try sectionedRun(), viewport: nil).render()
        let two = Array(repeating: "2", count: 12).joined(separator: ","), dark = Array(repeating: "0.75", count: 12).joined(separator: ",")
        #expect(between(page, "\"overview\":", "},\"sections\"")
                == "{\"axis\":\"y\",\"start\":0,\"length\":110,\"counts\":[\(two),0,\(two)],\"opacity\":[\(dark),0,\(dark)]")
    }

    @Test func overviewRunsAlongTheAxisThePageScrollsFurthest() throws {
        // Three 100 px items in a row, right to left in a 100 x 50 viewport: the content spans
        // -200...100, so the strip runs across from -200 over 300, 25 bands of 12. Bands 8
        // (96-108 from the start) and 16 hold the ends of two items; every other band one.
        let dataset = Dataset(items: (0..<3).map { Item(id: .int($0), size: Size(width: 100, height: 50)) })
        let viewport = Size(width: 100, height: 50)
        let result = try MirroredLayout(RowLayout()).layout(LayoutContext(dataset: dataset, collectionSize: viewport,
                                                                         sizing: ItemSizing(rule: .intrinsic)))
        let page = try HTMLPage(run: LayoutRun(layoutName: "rtl", dataset: dataset, viewport: viewport, result: AnyLayoutResult(result),
                                               milliseconds: 1), viewport: nil).render()
        func run(_ v: String, _ n: Int) -> [String] { Array(repeating: v, count: n) }
        let counts = run("1", 8) + ["2"] + run("1", 7) + ["2"] + run("1", 8)
        let opacity = run("0.45", 8) + ["0.75"] + run("0.45", 7) + ["0.75"] + run("0.45", 8)
        #expect(between(page, "\"overview\":", "},\"sections\"")
                == "{\"axis\":\"x\",\"start\":-200,\"length\":300,\"counts\":[\(counts.joined(separator: ","))],"
                + "\"opacity\":[\(opacity.joined(separator: ","))]")
    }

    @Test func overviewOfNoItemsHasEmptyBands() throws {
        let result = try FramesResult(frames: [])
        let page = try HTMLPage(run: LayoutRun(layoutName: "empty", dataset: Dataset(items: []), viewport: Size(width: 200, height: 100),
                                               result: result, milliseconds: 1), viewport: nil).render()
        let zeros = Array(repeating: "0", count: 25).joined(separator: ",")
        #expect(between(page, "\"overview\":", "},\"sections\"")
                == "{\"axis\":\"y\",\"start\":0,\"length\":100,\"counts\":[\(zeros)],\"opacity\":[\(zeros)]")
    }

    @Test func labelsComeFromOneField() throws {
        let run = try sectionedRun()
        let byRank = try HTMLPage(run: run, viewport: nil, labels: ItemLabels(field: "rank")).render()
        #expect(between(byRank, "\"labels\":[", "]") == #""0","10","20","30""#)
        let byIndex = try HTMLPage(run: run, viewport: nil, labels: ItemLabels(field: ItemLabels.indexField)).render()
        #expect(between(byIndex, "\"labels\":[", "]") == #""0","1","2","3""#)
        let missing = try HTMLPage(run: run, viewport: nil, labels: ItemLabels(field: "colour")).render()
        #expect(between(missing, "\"labels\":[", "]") == #""","","","""#)
    }

    @Test func elementsAreListedWithKindSectionFrameAndZ() throws {
        let run = try sectionedRun(elements: [
            .supplementary("header", section: 1, frame: Rect(x: 0, y: 55, width: 200, height: 5), pinned: true),
            .decoration("background", section: 0, frame: Rect(x: 0, y: 0, width: 200, height: 50.123), zIndex: -1),
            .supplementary("badge", section: 0, index: 1, frame: Rect(x: 190, y: 0, width: 10, height: 10)),
        ])
        let page = try HTMLPage(run: run, viewport: nil).render()
        // The pinned header's end is its section's bottom: 110 (items at 60 + 50).
        // A section's own header shows what the section is called: its title, else its id (section
        // 1 has no title field); the badge keeps its kind. That section's box has no title of its own.
        #expect(between(page, "\"elements\":[", "],\"pinnedItems\"")
                == #"{"category":"supplementary","kind":"header","section":1,"frame":[0,55,200,5],"zIndex":1,"pinLimit":110,"pinEdge":"top","title":"s1"},"#
                + #"{"category":"decoration","kind":"background","section":0,"frame":[0,0,200,50.12],"zIndex":-1},"#
                + #"{"category":"supplementary","kind":"badge","section":0,"index":1,"frame":[190,0,10,10],"zIndex":1}"#)
        #expect(between(page, "\"sections\":[", "],\"elements\"") == #"{"section":0,"frame":[0,0,200,50.12],"title":"Fruit","titledByHeader":false},"#
                + #"{"section":1,"frame":[0,60,200,50],"title":"s1","titledByHeader":true}"#)
        let titled = try HTMLPage(run: try sectionedRun(elements: [
            .supplementary("header", section: 0, frame: Rect(x: 0, y: 0, width: 200, height: 5)),
            .supplementary("badge", section: 0, index: 1, frame: Rect(x: 190, y: 0, width: 10, height: 10)),
        ]), viewport: nil).render()
        #expect(between(titled, "\"elements\":[", ",{") == #"{"category":"supplementary","kind":"header","section":0,"frame":[0,0,200,5],"zIndex":1,"title":"Fruit"}"#)
        #expect(between(titled, "\"sections\":[", "],\"elements\"") == #"{"section":0,"frame":[0,0,200,50.12],"title":"Fruit","titledByHeader":true},"#
                + #"{"section":1,"frame":[0,60,200,50],"title":"s1","titledByHeader":false}"#)
    }
}

@Suite struct HTMLPinningTests {
    /// Ten 100x50 items in one column; items 0 and 5 stick.
    private func stickyRun() throws -> LayoutRun {
        let dataset = Dataset.synthetic(count: 10) { _ in Size(width: 100, height: 50) }
        let layout = PinnedLayout(FlowLayout(), isPinned: { $0 % 5 == 0 })
        let result = try layout.layout(LayoutContext(dataset: dataset, collectionSize: Size(width: 100, height: 120)))
        return LayoutRun(layoutName: "sticky", dataset: dataset, viewport: Size(width: 100, height: 120), result: result,
                         milliseconds: 0)
    }

    @Test func stickyItemsAndTheirHeadersCarryTheirPinEnds() throws {
        let page = try HTMLPage(run: try stickyRun(), viewport: nil).render()
        // Header 0 is pushed up by the next sticky item (y 250); the last one by the content's end.
        #expect(between(page, "\"elements\":[", "],\"pinnedItems\"")
                == #"{"category":"supplementary","kind":"header","section":0,"index":0,"frame":[0,0,100,50],"zIndex":1,"pinLimit":250,"pinEdge":"top"},"#
                + #"{"category":"supplementary","kind":"header","section":0,"index":5,"frame":[0,250,100,50],"zIndex":1,"pinLimit":500,"pinEdge":"top"}"#)
        #expect(between(page, "\"pinnedItems\":[", "]") == #"{"index":0,"pinLimit":250},{"index":5,"pinLimit":500}"#)
    }

    /// Two sections of two 50-point rows (0..120 and 120..240), each with a 20-point footer
    /// pinned to the visible bottom; the page carries each footer's start as its limit.
    @Test func bottomPinnedFootersCarryTheirSectionStarts() throws {
        typealias C = Compositional
        let cell = C.Item(size: C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let row = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(50)), [.item(cell)])
        let footer = C.BoundaryItem(kind: "footer", size: C.LayoutSize(width: .fractionalWidth(1), height: .absolute(20)),
                                alignment: .bottom, pinned: true)
        let layout = CompositionalLayout { _, _, _ in C.Section(group: row, boundaryItems: [footer]) }
        let dataset = Dataset(items: (0..<4).map { Item(id: .int($0)) },
                              sections: [.init(id: .int(0), range: 0..<2), .init(id: .int(1), range: 2..<4)])
        let viewport = Size(width: 200, height: 100)
        let result = try layout.layout(LayoutContext(dataset: dataset, collectionSize: viewport))
        let page = try HTMLPage(run: LayoutRun(layoutName: "footers", dataset: dataset, viewport: viewport, result: result,
                                               milliseconds: 0), viewport: nil).render()
        #expect(between(page, "\"elements\":[", "],\"pinnedItems\"")
                == #"{"category":"supplementary","kind":"footer","section":0,"frame":[0,100,200,20],"zIndex":1,"pinLimit":0,"pinEdge":"bottom","title":"0"},"#
                + #"{"category":"supplementary","kind":"footer","section":1,"frame":[0,220,200,20],"zIndex":1,"pinLimit":120,"pinEdge":"bottom","title":"1"}"#)
        #expect(page.contains("case PIN_BOTTOM: return [x, Math.min(y, Math.max(vy + vh - h, end)), w, h];"))
    }

    /// Sticky items transposed (a flow that scrolls sideways: items 0 and 1 in the first
    /// column, item 5 starting the third at x 200): the headers pin to the left, header 0
    /// pushed left by item 5's, the last by the content's end, and the page says so.
    @Test func aTransposedLayoutsPinsAreLeftPinsWithLimitsInX() throws {
        let dataset = Dataset.synthetic(count: 10) { _ in Size(width: 100, height: 50) }
        let layout = TransposeLayout(PinnedLayout(FlowLayout(), isPinned: { $0 % 5 == 0 }))
        let viewport = Size(width: 120, height: 100)
        let result = try layout.layout(LayoutContext(dataset: dataset, collectionSize: viewport))
        let page = try HTMLPage(run: LayoutRun(layoutName: "sticky row", dataset: dataset, viewport: viewport, result: result,
                                               milliseconds: 0), viewport: nil).render()
        #expect(between(page, "\"elements\":[", "],\"pinnedItems\"")
                == #"{"category":"supplementary","kind":"header","section":0,"index":0,"frame":[0,0,100,50],"zIndex":1,"pinLimit":200,"pinEdge":"left"},"#
                + #"{"category":"supplementary","kind":"header","section":0,"index":5,"frame":[200,50,100,50],"zIndex":1,"pinLimit":500,"pinEdge":"left"}"#)
        #expect(between(page, "\"pinnedItems\":[", "]")
                == #"{"index":0,"pinLimit":200,"pinEdge":"left"},{"index":5,"pinLimit":500,"pinEdge":"left"}"#)
        #expect(page.contains("case PIN_LEFT: return [Math.max(x, Math.min(vx, end - w)), y, w, h];"))
    }
}

@Suite struct SVGPictureTests {
    @Test func itemsAreLabelledWithTheChosenFieldOnly() throws {
        let svg = try SVGPicture(run: try sectionedRun(), viewport: nil, labels: ItemLabels(field: "name")).render()
        for k in 0..<4 { #expect(svg.contains(">n\(k)</text>")) }
        // A person reads two decimals, as in the text output; the renderer gets the exact size.
        #expect(svg.contains("<title>1: \u{2068}n1\u{2069} (100, 0, 100, 50.12)</title>"))
        #expect(svg.contains("width=\"100\" height=\"50.123\""))
        #expect(!svg.contains(">b&lt;</text>"))
    }

    /// A right-to-left override (or an embedding or isolate) in a label or a section's title is
    /// shown as its escape, as text output shows it, not obeyed: `ab\u202ecd` would draw as
    /// `abdc`. The picture holds none of them raw but its own isolates around hover titles.
    @Test func bidiControlsInLabelsAndTitlesAreShownNotObeyed() throws {
        let items = ["ab\u{202E}cd", "e\u{2067}f\u{2069}", "g", "h"].map { Item(id: .string($0), fields: ["id": .string($0)]) }
        let dataset = Dataset(items: items, sections: [.init(id: .string("s\u{202D}0"), fields: [:], range: 0..<2),
                                                       .init(id: .string("s1"), fields: ["title": .string("t\u{202E}it")], range: 2..<4)])
        let frames = [Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 100, y: 0, width: 100, height: 50),
                      Rect(x: 0, y: 60, width: 100, height: 50), Rect(x: 100, y: 60, width: 100, height: 50)]
        let run = LayoutRun(layoutName: "test", dataset: dataset, viewport: Size(width: 200, height: 100),
                            result: try FramesResult(frames: frames, sections: [0..<2, 2..<4]), milliseconds: 1)
        let svg = try SVGPicture(run: run, viewport: nil).render()
        #expect(svg.contains(##"<text x="2" y="12" font-size="11" fill="#1a1a1a">ab\u202ecd</text>"##))
        #expect(svg.contains("<title>0: \u{2068}ab\\u202ecd\u{2069} (0, 0, 100, 50)</title>"))
        #expect(svg.contains("<title>1: \u{2068}e\\u2067f\\u2069\u{2069} (100, 0, 100, 50)</title>"))
        #expect(svg.contains("<title>section 0: \u{2068}s\\u202d0\u{2069} (0, 0, 200, 50)</title>"))
        #expect(svg.contains("<title>section 1: \u{2068}t\\u202eit\u{2069} (0, 60, 200, 50)</title>"))
        #expect(!svg.unicodeScalars.contains { isBidiControl($0) && $0 != "\u{2068}" && $0 != "\u{2069}" })
        let page = try HTMLPage(run: run, viewport: nil).render()
        #expect(between(page, "\"labels\":[", "]") == #""ab\\u202ecd","e\\u2067f\\u2069","g","h""#)
        #expect(page.contains(#""title":"t\\u202eit""#))
        #expect(!page.unicodeScalars.contains(where: isBidiControl))
    }

    /// A label or title that holds the six characters `\u202e` shows its backslash escaped
    /// (`\\u202e`), so it reads otherwise than one holding U+202E, which shows as `\u202e`.
    @Test func aLiteralEscapeInALabelReadsOtherwiseThanTheControl() throws {
        let ids = ["a\u{202E}b", #"a\u202eb"#]
        let items = ids.map { Item(id: .string($0), fields: ["id": .string($0), "tags": .array([.string($0)])]) }
        let dataset = Dataset(items: items, sections: [.init(id: .string("s0"), fields: ["title": .string("t\u{202E}")], range: 0..<1),
                                                       .init(id: .string("s1"), fields: ["title": .string(#"t\u202e"#)], range: 1..<2)])
        let frames = [Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 0, y: 60, width: 100, height: 50)]
        let run = LayoutRun(layoutName: "test", dataset: dataset, viewport: Size(width: 200, height: 120),
                            result: try FramesResult(frames: frames, sections: [0..<1, 1..<2]), milliseconds: 1)
        let svg = try SVGPicture(run: run, viewport: nil).render()
        #expect(svg.contains(##"<text x="2" y="28" font-size="11" fill="#1a1a1a">a\u202eb</text>"##))
        #expect(svg.contains(##"<text x="2" y="88" font-size="11" fill="#1a1a1a">a\\u202eb</text>"##))
        #expect(svg.contains("<title>section 0: \u{2068}t\\u202e\u{2069} (0, 0, 100, 50)</title>"))
        #expect(svg.contains("<title>section 1: \u{2068}t\\\\u202e\u{2069} (0, 60, 100, 50)</title>"))
        let page = try HTMLPage(run: run, viewport: nil).render()
        #expect(between(page, "\"labels\":[", "]") == #""a\\u202eb","a\\\\u202eb""#)
        #expect(page.contains(#""title":"t\\u202e""#) && page.contains(#""title":"t\\\\u202e""#))
        // A label that is JSON text keeps JSON's own escapes.
        let tags = ItemLabels(field: "tags")
        #expect(tags.label(at: 0, in: dataset) == #"["a\u202eb"]"#)
        #expect(tags.label(at: 1, in: dataset) == #"["a\\u202eb"]"#)
    }

    @Test func sectionsAreOutlinedAndTitled() throws {
        let svg = try SVGPicture(run: try sectionedRun(), viewport: nil).render()
        #expect(svg.contains("<title>section 0: \u{2068}Fruit\u{2069} (0, 0, 200, 50.12)</title>"))
        #expect(svg.contains("<title>section 1: \u{2068}s1\u{2069} (0, 60, 200, 50)</title>"))
        // "Fruit" is 4690 of DejaVu Sans's 2048 units to the em: 25.19 px at 11 px, and 4 px either side.
        #expect(svg.contains("<rect x=\"163.8095703\" y=\"2\" width=\"33.19042969\" height=\"14\" rx=\"2\" fill=\"#333333\"/>"
                             + "<text x=\"180.4047852\" y=\"13\" font-size=\"11\" text-anchor=\"middle\" fill=\"#ffffff\">Fruit</text>"))
        #expect(svg.contains(">b&lt;</text>"))
    }

    /// A section's title sits in its top right corner, clear of the first item's label in the
    /// top left one (it hid it).
    @Test func aSectionTitleLeavesTheFirstItemsLabelClear() throws {
        let svg = try SVGPicture(run: try sectionedRun(), viewport: nil).render()
        #expect(svg.contains("<text x=\"2\" y=\"12\" font-size=\"11\" fill=\"#1a1a1a\">a</text>"))
        #expect(svg.contains("<text x=\"180.4047852\" y=\"13\" font-size=\"11\" text-anchor=\"middle\" fill=\"#ffffff\">Fruit</text>"))
    }

    /// The caption groups its counts' digits as the density strip's band titles do ("1,234 items a
    /// band"), so a picture writes a count one way; the page's summary line too. 1,234 cards of
    /// 10 x 10, a hundred to a row, all in a 1000 x 1000 viewport.
    @Test func theCaptionGroupsItsCountsDigits() throws {
        let dataset = Dataset(items: (0..<1234).map { Item(id: .int($0), fields: [:]) })
        let frames = (0..<1234).map { Rect(x: Double($0 % 100) * 10, y: Double($0 / 100) * 10, width: 10, height: 10) }
        let result = try FramesResult(frames: frames, elements: [], sections: [0..<1234])
        let run = LayoutRun(layoutName: "test", dataset: dataset, viewport: Size(width: 1000, height: 1000), result: result, milliseconds: 1)
        let svg = try SVGPicture(run: run, viewport: nil).render().components(separatedBy: "\n")
        #expect(Array(svg[2...3]) == [
            "<text x=\"10\" y=\"16\" font-size=\"13\" fill=\"#1a1a1a\">test: 1,234 items, content 1000 x 130</text>",
            "<text x=\"10\" y=\"32\" font-size=\"12\" fill=\"#d0021b\">viewport 1000 x 1000 at 0,0: 1,234 visible (orange)</text>",
        ])
        #expect(try HTMLPage(run: run, viewport: nil).render().contains("<p>test: 1,234 items, content 1000 x 130. <span id=\"status\">"))
    }

    /// A narrow card in the section's top-right corner had its label under the title's dark box:
    /// "b<" (20.2 px with 2 px either side, from x 160) met "Fruit" (from x 163.81, y 2 to 16),
    /// so it is written just under the title, 28 rather than 12; the first card's stays.
    @Test func aSectionTitleNeverCoversAnItemsLabel() throws {
        let frames = [Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 160, y: 0, width: 40, height: 40),
                      Rect(x: 0, y: 60, width: 100, height: 50), Rect(x: 100, y: 60, width: 100, height: 50)]
        let svg = try SVGPicture(run: try sectionedRun(frames: frames), viewport: nil).render()
        #expect(svg.contains("<text x=\"162\" y=\"28\" font-size=\"11\" fill=\"#1a1a1a\">b&lt;</text>"))
        #expect(svg.contains("<text x=\"2\" y=\"12\" font-size=\"11\" fill=\"#1a1a1a\">a</text>"))
        #expect(svg.contains("<text x=\"180.4047852\" y=\"13\" font-size=\"11\" text-anchor=\"middle\" fill=\"#ffffff\">Fruit</text>"))
    }

    /// Item labels are cut where DejaVu Sans runs past the box, not at 6 px a character: in a
    /// 60 x 20 box, eight "W" (79 px) keep four and the ellipsis, 18 "i" (55 px) are written whole.
    @Test func anItemLabelIsCutByItsMeasuredWidth() throws {
        let names = ["WWWWWWWW", String(repeating: "i", count: 18)]
        let dataset = Dataset(items: names.enumerated().map { k, name in Item(id: .int(k), fields: ["name": .string(name)]) })
        let frames = [Rect(x: 0, y: 0, width: 60, height: 20), Rect(x: 0, y: 30, width: 60, height: 20)]
        let result = try FramesResult(frames: frames, elements: [], sections: [0..<2])
        let run = LayoutRun(layoutName: "test", dataset: dataset, viewport: Size(width: 60, height: 50), result: result, milliseconds: 1)
        let svg = try SVGPicture(run: run, viewport: nil, labels: ItemLabels(field: "name")).render()
        let texts = svg.components(separatedBy: "\n").filter { $0.contains("fill=\"#1a1a1a\">") && !$0.hasPrefix("<text") }
            .map { String($0[$0.range(of: "</rect>")!.upperBound...]) }
        #expect(texts == [
            "<text x=\"2\" y=\"12\" font-size=\"11\" fill=\"#1a1a1a\"><tspan unicode-bidi=\"isolate\">WWWW</tspan>…</text>",
            "<text x=\"2\" y=\"42\" font-size=\"11\" fill=\"#1a1a1a\">iiiiiiiiiiiiiiiiii</text>",
        ])
    }

    /// A one-letter title sits on a box as wide as tall, not a blot of outlined glyph: an "i"
    /// (3.06 px) gets 14 px; a "W" (10.88 px) gets its width and 4 px either side.
    @Test func aOneLetterTitleReadsOnItsBox() throws {
        let narrow = try SVGPicture(run: try sectionedRun(secondTitle: "i"), viewport: nil).render()
        #expect(narrow.contains("<rect x=\"183\" y=\"62\" width=\"14\" height=\"14\" rx=\"2\" fill=\"#333333\"/>"
                                + "<text x=\"190\" y=\"73\" font-size=\"11\" text-anchor=\"middle\" fill=\"#ffffff\">i</text>"))
        let wide = try SVGPicture(run: try sectionedRun(secondTitle: "W"), viewport: nil).render()
        #expect(wide.contains("<rect x=\"178.1235352\" y=\"62\" width=\"18.87646484\" height=\"14\" rx=\"2\" fill=\"#333333\"/>"
                              + "<text x=\"187.5617676\" y=\"73\" font-size=\"11\" text-anchor=\"middle\" fill=\"#ffffff\">W</text>"))
    }

    /// A section whose own header is labelled with its title gets no second label on its box
    /// (it sat over the first card); the other section keeps its box title.
    @Test func aSectionTitledByItsHeaderIsNotTitledTwice() throws {
        let header = LayoutElement.supplementary("header", section: 0, frame: Rect(x: 0, y: 0, width: 200, height: 20))
        let svg = try SVGPicture(run: try sectionedRun(elements: [header]), viewport: nil).render()
        #expect(!svg.contains("fill=\"#ffffff\">Fruit</text>"))
        #expect(svg.contains("text-anchor=\"middle\" fill=\"#ffffff\">s1</text>"))
        #expect(svg.components(separatedBy: ">Fruit</text>").count == 2)   // once, on the header
    }

    @Test func supplementariesDrawAfterTheItemsTheyCover() throws {
        let header = LayoutElement.supplementary("header", section: 1, frame: Rect(x: 0, y: 55, width: 200, height: 10))
        let svg = try SVGPicture(run: try sectionedRun(elements: [header]), viewport: nil).render()
        let headerAt = try #require(svg.range(of: "<title>supplementary header of section 1 (0, 55, 200, 10)</title>"))
        let lastItemAt = try #require(svg.range(of: "<title>3: \u{2068}d\u{2069} "))
        #expect(lastItemAt.lowerBound < headerAt.lowerBound)
    }

    @Test func aPinnedHeaderDrawsOnTopAtItsPinnedPlace() throws {
        let run = try sectionedRun(elements: [
            .supplementary("header", section: 1, frame: Rect(x: 0, y: 55, width: 200, height: 5), pinned: true),
            .decoration("background", section: 1, frame: Rect(x: 0, y: 60, width: 200, height: 50), zIndex: -1),
        ])
        // Scrolled to y = 80 the header of section 1 sticks to the top of the viewport.
        let svg = try SVGPicture(run: run, viewport: Rect(x: 0, y: 80, width: 200, height: 20)).render()
        let header = try #require(svg.range(of: "<title>supplementary header of section 1 (pinned) (0, 80, 200, 5)</title>"))
        let background = try #require(svg.range(of: "<title>decoration background of section 1 (0, 60, 200, 50)</title>"))
        let item = try #require(svg.range(of: "<title>3: \u{2068}d\u{2069} (100, 60, 100, 50)</title>"))
        #expect(background.lowerBound < item.lowerBound)
        #expect(item.lowerBound < header.lowerBound)
        // Pushed up by the section's end near the bottom: y = 110 - 5.
        let late = try SVGPicture(run: run, viewport: Rect(x: 0, y: 108, width: 200, height: 20)).render()
        #expect(late.contains("<title>supplementary header of section 1 (pinned) (0, 105, 200, 5)</title>"))
    }

    /// A right-to-left row wider than the viewport hangs off the left edge: the picture draws the
    /// content's box there (x −(the row's width − the viewport's)) and shows the viewport with
    /// half a viewport around it, to its left (the content's side), not empty space to its right.
    @Test func aRightToLeftRowIsDrawnToTheLeftOfItsViewport() throws {
        let items = (0..<20).map { Item(id: .int($0), size: Size(width: 100, height: 50)) }
        let dataset = Dataset(items: items)
        let viewport = Size(width: 200, height: 100)
        let result = try MirroredLayout(RowLayout()).layout(LayoutContext(dataset: dataset, collectionSize: viewport,
                                                                         sizing: ItemSizing(rule: .intrinsic)))
        let svg = try SVGPicture(run: LayoutRun(layoutName: "rtl", dataset: dataset, viewport: viewport, result: AnyLayoutResult(result),
                                                milliseconds: 1), viewport: nil).render()
        // 20 items of 100 end at the viewport's right edge, 200: the row starts at 200 − 2000.
        #expect(svg.contains("<rect x=\"-1800\" y=\"0\" width=\"2000\" height=\"50\" fill=\"#ffffff\""))
        #expect(svg.contains("<clipPath id=\"region\"><rect x=\"-100\" y=\"0\" width=\"300\" height=\"100\"/>"))
    }
}

/// A shelf (section 0: four 100 x 50 items in a 200-wide scroller) above a plain section 1.
private func shelfRun() throws -> LayoutRun {
    let items = (0..<5).map { Item(id: .string("i\($0)"), fields: [:]) }
    let dataset = Dataset(items: items, sections: [
        .init(id: .string("shelf"), fields: ["title": .string("Shelf")], range: 0..<4),
        .init(id: .string("rest"), range: 4..<5),
    ])
    let frames = (0..<4).map { Rect(x: Double($0) * 100, y: 0, width: 100, height: 50) } + [Rect(x: 0, y: 60, width: 200, height: 50)]
    let result = try FramesResult(frames: frames, elements: [], sections: [0..<4, 4..<5],
                                  orthogonal: [OrthogonalSection(section: 0, frame: Rect(x: 0, y: 0, width: 200, height: 50),
                                                                 contentSize: Size(width: 400, height: 50))])
    return LayoutRun(layoutName: "shelf", dataset: dataset, viewport: Size(width: 200, height: 100), result: result, milliseconds: 1)
}

/// A shelf (section 0: four 80 x 50 items in a 100-wide scroller) above a 940-tall item: content
/// 100 x 1000, ten 100 x 100 viewports tall, so the picture has a minimap.
private func tallShelfRun() throws -> LayoutRun {
    let items = (0..<5).map { Item(id: .string("i\($0)"), fields: [:]) }
    let dataset = Dataset(items: items, sections: [.init(id: .string("shelf"), range: 0..<4), .init(id: .string("rest"), range: 4..<5)])
    let frames = (0..<4).map { Rect(x: Double($0) * 80, y: 0, width: 80, height: 50) } + [Rect(x: 0, y: 60, width: 100, height: 940)]
    let result = try FramesResult(frames: frames, elements: [], sections: [0..<4, 4..<5],
                                  orthogonal: [OrthogonalSection(section: 0, frame: Rect(x: 0, y: 0, width: 100, height: 50),
                                                                 contentSize: Size(width: 320, height: 50))])
    return LayoutRun(layoutName: "tall shelf", dataset: dataset, viewport: Size(width: 100, height: 100), result: result, milliseconds: 1)
}

/// A 200 x 90 item, a shelf (section 1: four 150 x 50 items in a 200-wide scroller at y 100) and
/// a 200 x 160 item: content 200 x 320, over three 200 x 100 viewports tall.
private func shelfInTheMiddleRun() throws -> LayoutRun {
    let items = (0..<6).map { Item(id: .string("i\($0)"), fields: [:]) }
    let dataset = Dataset(items: items, sections: [.init(id: .string("top"), range: 0..<1), .init(id: .string("shelf"), range: 1..<5),
                                                   .init(id: .string("rest"), range: 5..<6)])
    let frames = [Rect(x: 0, y: 0, width: 200, height: 90)] + (0..<4).map { Rect(x: Double($0) * 150, y: 100, width: 150, height: 50) }
        + [Rect(x: 0, y: 160, width: 200, height: 160)]
    let result = try FramesResult(frames: frames, elements: [], sections: [0..<1, 1..<5, 5..<6],
                                  orthogonal: [OrthogonalSection(section: 1, frame: Rect(x: 0, y: 100, width: 200, height: 50),
                                                                 contentSize: Size(width: 600, height: 50))])
    return LayoutRun(layoutName: "middle shelf", dataset: dataset, viewport: Size(width: 200, height: 100), result: result, milliseconds: 1)
}

@Suite struct OrthogonalPictureTests {
    @Test func aMinimapWidenedByShelvesGrowsWiderRatherThanSmaller() throws {
        let svg = try SVGPicture(run: try shelfInTheMiddleRun(), viewport: Rect(x: 0, y: 100, width: 200, height: 100),
                                 sectionOffsets: [1: Point(x: 150, y: 0)]).render()
        // The panel: (0, 50, 200, 200) widened 0.6 viewport (120) both ways, the shelf going on
        // both ways at offset 150.
        #expect(svg.contains("<clipPath id=\"region\"><rect x=\"-120\" y=\"50\" width=\"440\" height=\"200\"/></clipPath>"))
        // The map: (-120, 0, 440, 320), 275 wide to fill the panel's 200 px height at 0.625
        // (140 wide it would be 0.318); the picture 440 + 275 + 3 * 10 wide.
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"745\" height=\"250\""))
        #expect(svg.contains("<clipPath id=\"minimap\"><rect x=\"-120\" y=\"0\" width=\"440\" height=\"320\"/></clipPath>"))
        #expect(svg.contains("<g transform=\"translate(535 40) scale(0.625)\" clip-path=\"url(#minimap)\">"))
    }

    @Test func theMinimapMapsTheShelfAsFarAsTheMainPanelShowsIt() throws {
        let svg = try SVGPicture(run: try tallShelfRun(), viewport: nil).render()
        // The main panel: the viewport and half a viewport around it within the content
        // (0, 0, 100, 150), widened 0.6 viewport to the right where the shelf goes on.
        #expect(svg.contains("<clipPath id=\"region\"><rect x=\"0\" y=\"0\" width=\"160\" height=\"150\"/></clipPath>"))
        // The minimap maps the content and that region: 160 x 1000 at 0.15 (its 150 px height),
        // to the right of the 160-wide panel.
        #expect(svg.contains("<clipPath id=\"minimap\"><rect x=\"0\" y=\"0\" width=\"160\" height=\"1000\"/></clipPath>"))
        #expect(svg.contains("<clipPath id=\"minimap-content\"><rect x=\"0\" y=\"0\" width=\"100\" height=\"1000\"/></clipPath>"))
        #expect(svg.contains("<g transform=\"translate(180 40) scale(0.15)\" clip-path=\"url(#minimap)\"><title>the whole content</title>"))
        // Beyond the content, faded: item 1 (cut by the content's edge), 2 (cut by the map's
        // edge, as by the panel's) and 3 (past it, clipped away); item 0 is inside.
        let faded = try #require(between(svg, "<g opacity=\"0.3\"><title>shelves beyond the content</title>\n", "</g>"))
        #expect(faded == "<rect x=\"80\" y=\"0\" width=\"80\" height=\"50\" fill=\"#f5a623\"/>\n"
                + "<rect x=\"160\" y=\"0\" width=\"80\" height=\"50\" fill=\"#8fb3d9\"/>\n"
                + "<rect x=\"240\" y=\"0\" width=\"80\" height=\"50\" fill=\"#8fb3d9\"/>\n")
        // The content's part opaque: item 0 whole, item 1 clipped to the content, 2 and 3 not at all.
        let map = try #require(between(svg, "<title>shelves beyond the content</title>", "<title>shown on the left</title>"))
        #expect(map.contains("\n<rect x=\"0\" y=\"0\" width=\"80\" height=\"50\" fill=\"#f5a623\"/>\n"
                             + "<g clip-path=\"url(#minimap-content)\"><rect x=\"80\" y=\"0\" width=\"80\" height=\"50\" fill=\"#f5a623\"/></g>\n"
                             + "<rect x=\"0\" y=\"60\" width=\"100\" height=\"940\" fill=\"#f5a623\"/>\n"))
        // The panel's region, outlined whole.
        #expect(map.hasSuffix("<rect x=\"0\" y=\"0\" width=\"160\" height=\"150\" fill=\"none\" stroke=\"#555\" stroke-width=\"6.666666667\">"))
    }

    /// A shelf scrolled 150 along is drawn so in the minimap too, as in the main panel.
    @Test func theMinimapDrawsAShelfAtItsOffset() throws {
        let svg = try SVGPicture(run: try tallShelfRun(), viewport: nil, sectionOffsets: [0: Point(x: 150, y: 0)]).render()
        let faded = try #require(between(svg, "<g opacity=\"0.3\"><title>shelves beyond the content</title>\n", "</g>"))
        // Item 0 is wholly before the content, 1 and 3 cut by its edges; 2 is inside.
        #expect(faded == "<rect x=\"-150\" y=\"0\" width=\"80\" height=\"50\" fill=\"#8fb3d9\"/>\n"
                + "<rect x=\"-70\" y=\"0\" width=\"80\" height=\"50\" fill=\"#f5a623\"/>\n"
                + "<rect x=\"90\" y=\"0\" width=\"80\" height=\"50\" fill=\"#f5a623\"/>\n")
        // The content's part opaque: 1 clipped, 2 whole, 3 clipped.
        let map = try #require(between(svg, "<title>shelves beyond the content</title>", "<title>shown on the left</title>"))
        #expect(map.contains("\n<g clip-path=\"url(#minimap-content)\"><rect x=\"-70\" y=\"0\" width=\"80\" height=\"50\" fill=\"#f5a623\"/></g>\n"
                             + "<rect x=\"10\" y=\"0\" width=\"80\" height=\"50\" fill=\"#f5a623\"/>\n"
                             + "<g clip-path=\"url(#minimap-content)\"><rect x=\"90\" y=\"0\" width=\"80\" height=\"50\" fill=\"#f5a623\"/></g>\n"))
    }

    @Test func aShelfIsClippedToItsScrollerWithTheRestFaded() throws {
        let svg = try SVGPicture(run: try shelfRun(), viewport: nil).render()
        #expect(svg.contains("<clipPath id=\"scroller-0\"><rect x=\"0\" y=\"0\" width=\"200\" height=\"50\"/></clipPath>"))
        // The panel grows 0.6 viewport to the right, where the shelf goes on.
        #expect(svg.contains("<clipPath id=\"region\"><rect x=\"0\" y=\"0\" width=\"320\" height=\"110\"/></clipPath>"))
        let faded = try #require(between(svg, "<g opacity=\"0.3\"><title>section 0 beyond its scroller (offset 0,0)</title>", "</g>"))
        #expect(faded.contains("<title>2: \u{2068}i2\u{2069} (200, 0, 100, 50)</title>") && faded.contains("<title>3: \u{2068}i3\u{2069} (300, 0, 100, 50)</title>"))
        #expect(!faded.contains("<title>0: ") && !faded.contains("<title>1: "))
        #expect(svg.contains("<g clip-path=\"url(#scroller-0)\"><rect x=\"100\" y=\"0\" width=\"100\" height=\"50\""))
        #expect(!svg.contains("<g clip-path=\"url(#scroller-0)\"><rect x=\"200\""))
        #expect(svg.contains("<title>scroller of section 0 at offset 0,0 (0, 0, 200, 50), content 400 x 50</title>"))
    }

    @Test func aSectionOffsetMovesTheStripBothWays() throws {
        let svg = try SVGPicture(run: try shelfRun(), viewport: nil, sectionOffsets: [0: Point(x: 150, y: 0)]).render()
        #expect(svg.contains("<clipPath id=\"region\"><rect x=\"-120\" y=\"0\" width=\"440\" height=\"110\"/></clipPath>"))
        let faded = try #require(between(svg, "<title>section 0 beyond its scroller (offset 150,0)</title>", "</g>"))
        // Item 0 is wholly before the scroller, 1 and 3 cut by its edges, 2 inside.
        #expect(faded.contains("<title>0: \u{2068}i0\u{2069} (-150, 0, 100, 50)</title>") && faded.contains("<title>1: \u{2068}i1\u{2069} (-50, 0, 100, 50)</title>")
                && faded.contains("<title>3: \u{2068}i3\u{2069} (150, 0, 100, 50)</title>") && !faded.contains("<title>2: "))
        #expect(svg.contains("<g clip-path=\"url(#scroller-0)\"><rect x=\"50\" y=\"0\" width=\"100\" height=\"50\" fill=\"#f5a623\""))
        // The plain section is neither clipped nor faded.
        #expect(svg.contains("\n<rect x=\"0\" y=\"60\" width=\"200\" height=\"50\" fill=\"#f5a623\""))
    }

    /// A card across the scroller's edge is labelled once, in one tone: in the layer holding
    /// its top-left corner, cut to its part there (item 1 starts before the scroller, faded;
    /// item 3 inside it, opaque); the label on item 3's 50 px inside is cut to fit, and written
    /// under the shelf's title ("Shelf", from x 161.35), which its end (to 162.05) ran under.
    @Test func aCardAcrossTheScrollersEdgeIsLabelledInOneTone() throws {
        let svg = try SVGPicture(run: try shelfRun(), viewport: nil, sectionOffsets: [0: Point(x: 150, y: 0)]).render()
        let faded = try #require(between(svg, "<title>section 0 beyond its scroller (offset 150,0)</title>", "</g>"))
        #expect(faded.contains(">i1</text>") && !faded.contains(">i3</text>") && faded.contains(">i0</text>"))
        #expect(svg.contains("<g clip-path=\"url(#scroller-0)\"><rect x=\"150\" y=\"0\" width=\"100\" height=\"50\""))
        #expect(svg.components(separatedBy: ">i1</text>").count == 2 && svg.components(separatedBy: ">i3</text>").count == 2)
        #expect(svg.contains("<text x=\"152\" y=\"28\" font-size=\"11\" fill=\"#1a1a1a\">i3</text></g>"))
    }

    @Test func thePageListsEachShelfWithItsOffsetAndItems() throws {
        let run = try shelfRun()
        let page = try HTMLPage(run: run, viewport: nil, sectionOffsets: [0: Point(x: 150, y: 0)]).render()
        // Section, scroller frame, content size, starting offset, items 0..<4, and how it rests:
        // step 0 (anywhere: not a compositional result), maximum 0, sign 1.
        #expect(between(page, "\"orthogonal\":[", "],\"itemZ\"") == #"{"section":0,"frame":[0,0,200,50],"contentSize":[400,50],"offset":[150,0],"#
                + #""items":[0,4],"paging":{"step":0,"maximum":0,"sign":1}}"#)
        #expect(page.contains("const shelf = /^s([0-9]+)$/.exec(key);"))
        #expect(try between(HTMLPage(run: try sectionedRun(), viewport: nil).render(), "\"orthogonal\":[", "]") == "")
        // The section box of a shelf is what its scroller shows.
        #expect(between(page, "\"sections\":[", "],\"elements\"") == #"{"section":0,"frame":[0,0,200,50],"title":"Shelf","titledByHeader":false},"#
                + #"{"section":1,"frame":[0,60,200,50],"title":"rest","titledByHeader":false}"#)
    }
}
