import Foundation
import Testing
import TesseraCore

/// The App Store screen driven through the engine in the REPL, as the engine chapter of the tutorial shows it: header
/// views, shelves scrolled sideways (at rest on a page after a velocity), taps on headers, a
/// pinned header that keeps its view. Real dataset, exact frames.
@Suite struct EngineReplTests {
    static let setup = """
        taps = {}
        p = t.provider{ data = data, layout = L, tap = function(x, i) taps[#taps + 1] = (x.category or "cell") .. " " .. (x.kind or x.id) .. " " .. i end }
        e = t.engine{ provider = p, viewport = {375, 812} }
        function show(v) return string.format("%d %s %s %s s%d %s [%s]", v.view, v.category, v.kind, tostring(v.id), v.section, v.index and ("#" .. v.index) or "-", table.concat(v.frame, " ")) end
        function count(list, kind) local n = 0 for _, x in ipairs(list) do if x.kind == kind then n = n + 1 end end return n end
        """

    func repl(_ lines: String) throws -> [String] {
        let run = try runTessera(["repl", "--data", "datasets/appstream-bookworm.json", "--layout", "layouts/appstore.lua"],
                                 input: Self.setup + "\n" + lines + "\n", timeout: 120)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test func theFirstPassHasAViewForEveryVisibleHeader() throws {
        let out = try repl("""
            ev = e:layout()
            print(#ev, count(ev, "header"), #e:views(), count(e:views(), "header"))
            for _, v in ipairs(e:views()) do if v.kind == "header" then print(show(v), v.zIndex, v.pinned) end end
            """)
        // The exact lines printed, written out: each test states its own.
        #expect(out == [
            "13\t3\t13\t3",
            "10 supplementary header Game-header s1 - [0 0 375 50]\t2\ttrue",
            "11 supplementary header Education-header s2 - [0 374.8 375 50]\t2\ttrue",
            "12 supplementary header Science-header s3 - [0 668.4 375 50]\t2\ttrue",
        ])
    }

    @Test func theSecondShelfScrollsSidewaysAndRestsOnAPageAfterAVelocity() throws {
        let out = try repl("""
            ev = e:scrollSection(2, 300, 0)
            print(#ev, e.sectionOffsets[2][1])
            for _, v in ipairs(e:views()) do if v.section == 2 and v.category == "cell" then print(show(v)) end end
            _ = e:scrollSection(2, 300, 0, { velocity = 2 })
            print(e.sectionOffsets[2][1])
            for _, v in ipairs(e:views()) do if v.section == 2 and v.category == "cell" then print(show(v)) end end
            print(e:scrollSection(1, 400, 0, { velocity = -1 }) ~= nil, e.sectionOffsets[1][1])
            """)
        // The exact lines printed, written out: each test states its own.
        #expect(out == [
            // The first pass (13 inserts) runs first, then the shelf's scroll (6 scrolls).
            "19\t300",
            "2 cell cell ul.desktop s2 #424 [-281 428.8 337 73.2]",
            "3 cell cell aghermann.desktop s2 #425 [-281 510 337 73.2]",
            "4 cell cell aladin.desktop s2 #426 [-281 591.2 337 73.2]",
            "5 cell cell algobox.desktop s2 #427 [64 428.8 337 73.2]",
            "6 cell cell altusmetrum-altosui.desktop s2 #428 [64 510 337 73.2]",
            "7 cell cell amide.desktop s2 #429 [64 591.2 337 73.2]",
            // Let go at 300 moving forward: the next page of 345 (a 337-point page and its 8-point gap).
            "345",
            "2 cell cell ul.desktop s2 #424 [-326 428.8 337 73.2]",
            "3 cell cell aghermann.desktop s2 #425 [-326 510 337 73.2]",
            "4 cell cell aladin.desktop s2 #426 [-326 591.2 337 73.2]",
            "5 cell cell algobox.desktop s2 #427 [19 428.8 337 73.2]",
            "6 cell cell altusmetrum-altosui.desktop s2 #428 [19 510 337 73.2]",
            "7 cell cell amide.desktop s2 #429 [19 591.2 337 73.2]",
            "13 cell cell anarchism.desktop s2 #430 [364 428.8 337 73.2]",
            "14 cell cell org.kde.artikulate.desktop s2 #431 [364 510 337 73.2]",
            "15 cell cell ase-gui.desktop s2 #432 [364 591.2 337 73.2]",
            "true\t345",
        ])
    }

    @Test func aTapOnAHeaderReachesTheProvidersTapAndAPinnedHeaderKeepsItsView() throws {
        let out = try repl("""
            _ = e:layout()
            index, id, view = e:tap(20, 400)
            print(index, id, view.category, view.kind, view.section, taps[1])
            print(e:tap(30, 100), taps[2])
            for _, y in ipairs({100, 300, 360}) do
              _ = e:scroll(0, y)
              for _, v in ipairs(e:views()) do if v.id == "Game-header" then print(y, show(v)) end end
            end
            """)
        // The exact lines printed, written out: each test states its own.
        #expect(out == [
            "nil\tEducation-header\tsupplementary\theader\t2\tsupplementary header 2",
            // A cell's tap gets the item and its index.
            "1\tcell com.play0ad.zeroad 1",
            "100\t10 supplementary header Game-header s1 - [0 100 375 50]",
            "300\t10 supplementary header Game-header s1 - [0 300 375 50]",
            // Pushed up by the end of its section.
            "360\t10 supplementary header Game-header s1 - [0 324.8 375 50]",
        ])
    }
}
