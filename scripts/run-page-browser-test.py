#!/usr/bin/env python3
"""`tessera run --format html` in a real browser, as a person sees it: a transposed layout (it
scrolls sideways) whose section headers pin, left to right and right to left (--rtl: the page
scrolls from offset 0 towards negative x, where the content is). Scrolled to an x, the page draws each header where
the engine does (`run --format json --offset`'s `visibleElements`): stuck to the visible left
edge while its section shows, pushed left by the section's end, at rest otherwise. A label too
long for its card ends in an ellipsis. Sections without headers are titled in their top right
corner (a box as wide as the title's text and padding, measured in the page's font), leaving the
first item's label in view, and no label runs under a title: it moves under,
is cut short of it or is left off, as in the svg picture. An item's tooltip reads as its hover title in the svg
picture (two decimals), and section backgrounds carry no text.

Usage: scripts/run-page-browser-test.py TESSERA [SCREENSHOT_DIR]
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import TITLED, Browser, Checks, check_title_labels, write_files  # noqa: E402

SCRIPT = """local t = require("tessera")
return t.transpose(t.sections{ default = t.flow{ spacing = 4 }, header = { height = 30, pinned = true } })
"""
DATA = {"source": "run page browser test", "licence": "CC0-1.0", "sections": [
    {"id": "a", "items": [{"id": "a%d-with-a-long-label" % k, "w": 50, "h": 50} for k in range(4)]},
    {"id": "b", "items": [{"id": "b%d" % k, "w": 50, "h": 50} for k in range(6)]},
]}
VIEWPORT = (120, 200)


def main():
    tessera = os.path.abspath(sys.argv[1])
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    work, paths = write_files("tessera-run-page-", {"row.lua": SCRIPT, "items.json": DATA})
    viewport = "%dx%d" % VIEWPORT

    def run(*flags):
        done = subprocess.run([tessera, "run", "row.lua", "--data", "items.json", "--viewport", viewport, *flags],
                              cwd=work, capture_output=True, text=True)
        if done.returncode != 0:
            raise AssertionError("tessera run %s failed: %s" % (" ".join(flags), done.stderr))
        return done.stdout

    def engine_headers(x):
        """Each header's x as the engine draws it at content offset (x, 0), by section."""
        report = json.loads(run("--format", "json", "--offset", "%g,0" % x))
        return {e["section"]: e["frame"][0] for e in report["visibleElements"] if e["kind"] == "header"}

    checks = Checks()
    with open(os.path.join(work, "row.html"), "w") as page:
        page.write(run("--format", "html"))
    browser = Browser(900, 700)
    try:
        browser.call("Page.navigate", url="file://" + os.path.join(work, "row.html"))
        browser.wait("document.querySelector('.supplementary') !== null", "the page's headers")
        headers_js = ("Object.fromEntries([...document.querySelectorAll('.supplementary')]"
                      ".map(n => [/section (\\d+)/.exec(n.title)[1], parseFloat(n.style.left)]))")
        content_width = json.loads(run("--format", "json"))["contentSize"][0]
        checked = 0
        # From the start to the end, through each header's pinned stretch and its push.
        for x in range(0, int(content_width) - VIEWPORT[0] + 1, 13):
            browser.eval("location.hash = '#x=%d&y=0'" % x)
            browser.wait("document.getElementById('status').textContent.startsWith('offset %d,')" % x, "offset %d" % x)
            drawn = {int(s): left for s, left in browser.eval(headers_js).items()}
            expected = engine_headers(x)
            for section, left in expected.items():
                checks("at x %d the header of section %d is drawn where the engine draws it" % (x, section),
                       drawn.get(section) == left, "page %s, engine %s" % (drawn, expected))
                checked += 1
        checks("some headers were pinned away from rest", any(engine_headers(x).get(0, 0) > 0 for x in (26, 52)))
        browser.eval("location.hash = '#x=52&y=0'")
        browser.wait("document.getElementById('status').textContent.startsWith('offset 52,')", "offset 52")
        if shots:
            browser.screenshot(os.path.join(shots, "run-page-transposed.png"), clip=(0, 0, 400, 320))
        # A label longer than its card ends in an ellipsis, as in the svg picture, not cut mid-letter.
        cut = browser.eval("(() => { const n = [...document.querySelectorAll('#layer > div.item')]"
                           ".find(n => n.scrollWidth > n.clientWidth); return n ? getComputedStyle(n).textOverflow : null; })()")
        checks("a label too long for its card ends in an ellipsis", cut == "ellipsis", str(cut))
        # Counts read as the text output writes them: display-number.js's displayCount on the cases
        # it shares with NumberText.grouped's test, and the status line's counts through it.
        fixture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests/TesseraRenderTests/Fixtures/display-counts.json")
        with open(fixture) as shared_file:
            shared = shared_file.read()
        wrong = browser.eval("(%s).cases.map(([n, text]) => [n, text, displayCount(n)]).filter(([, text, got]) => text !== got)" % shared)
        checks("the page writes the %d shared counts as NumberText.grouped does" % len(json.loads(shared)["cases"]), wrong == [], str(wrong))
        status = browser.eval("document.getElementById('status').textContent")
        checks("the status line counts items and nodes",
               re.fullmatch(r"offset 52,0: \d+ items visible \(orange\), \d+ nodes near the viewport", status) is not None, status)
        # Right to left (--rtl): the content hangs off the left edge and the page scrolls there,
        # from offset 0 (its first items at the right) to minus the content's width plus the
        # viewport's, each header where the engine draws it.
        with open(os.path.join(work, "rtl.html"), "w") as page:
            page.write(run("--format", "html", "--rtl"))
        browser.call("Page.navigate", url="file://" + os.path.join(work, "rtl.html"))
        browser.wait("document.querySelector('.supplementary') !== null", "the right-to-left page's headers")
        checks("the right-to-left page opens at offset 0",
               browser.eval("document.getElementById('status').textContent").startswith("offset 0,0:"))
        last = -(int(content_width) - VIEWPORT[0])
        for x in list(range(0, last - 1, -13)) + [last]:
            browser.eval("location.hash = '#x=%d&y=0'" % x)
            browser.wait("document.getElementById('status').textContent.startsWith('offset %d,')" % x, "offset %d" % x)
            drawn = {int(s): left for s, left in browser.eval(headers_js).items()}
            report = json.loads(run("--format", "json", "--rtl", "--offset", "%g,0" % x))
            expected = {e["section"]: e["frame"][0] for e in report["visibleElements"] if e["kind"] == "header"}
            for section, left in expected.items():
                checks("right to left, at x %d the header of section %d is drawn where the engine draws it" % (x, section),
                       drawn.get(section) == left, "page %s, engine %s" % (drawn, expected))
                checked += 1
            shown = browser.eval("document.querySelectorAll('#layer > div.item.on').length")
            checks("right to left, at x %d the page shows the engine's visible items" % x,
                   shown == len(report["visible"]), "page %s, engine %s" % (shown, report["visible"]))
        browser.eval("location.hash = '#x=0&y=0'")
        browser.wait("document.getElementById('status').textContent.startsWith('offset 0,')", "offset 0")
        browser.eval("document.getElementById('view').scrollLeft = 0")   # the scroll box's left end
        browser.wait("!document.getElementById('status').textContent.startsWith('offset 0,')", "a scroll to the left end")
        status = browser.eval("document.getElementById('status').textContent")
        checks("right to left, the scroll box's left end is the content's left end (offset %d)" % last,
               status.startswith("offset %d," % last), status)
        # Sections without headers: each title sits in its section's top right corner, so the
        # first item's label, in the top left one, shows.
        with open(os.path.join(work, "plain.html"), "w") as page:
            page.write(subprocess.run([tessera, "run", "flow", "--data", "items.json", "--viewport", "200x300", "--format", "html"],
                                      cwd=work, capture_output=True, text=True, check=True).stdout)
        browser.call("Page.navigate", url="file://" + os.path.join(work, "plain.html"))
        browser.wait("document.querySelector('.title') !== null", "the plain page's section titles")
        first_label = browser.eval("(() => { const n = document.querySelector('#layer > div.item[data-index=\"0\"]'), r = n.getBoundingClientRect();"
                                   " const hit = document.elementFromPoint(r.left + 4, r.top + 6); return hit === n; })()")
        checks("the first item's label is not under its section's title", first_label is True)
        corner = browser.eval("(() => { const [t, s] = ['title', 'section'].map(k => [...document.querySelectorAll('#layer > div.' + k)].find(n => n.title.startsWith('section 0:')));"
                              " return [t.getBoundingClientRect().right, t.getBoundingClientRect().top,"
                              " s.getBoundingClientRect().right, s.getBoundingClientRect().top]; })()")
        checks("the title is in its section's top right corner", corner[:2] == corner[2:], str(corner))
        # Labels clear of the titles, as in the svg picture: no label's box meets a title's; one
        # the title met moves just under it when its card is tall enough, else it is cut short of
        # it, else left off. Again after a scroll away and back, which mounts the titles anew.
        with open(os.path.join(work, "titled.json"), "w") as data:
            json.dump(TITLED, data)
        with open(os.path.join(work, "titled.html"), "w") as page:
            page.write(subprocess.run([tessera, "run", "flow", "--data", "titled.json", "--label", "name", "--viewport", "300x400", "--format", "html"],
                                      cwd=work, capture_output=True, text=True, check=True).stdout)
        browser.call("Page.navigate", url="file://" + os.path.join(work, "titled.html"))
        browser.wait("document.querySelector('.title') !== null", "the titled page's section titles")
        if shots:
            browser.screenshot(os.path.join(shots, "run-page-titles.png"), clip=(0, 0, 360, 460))
        for when in ("at first", "after a scroll away and back"):
            if when != "at first":
                browser.eval("location.hash = '#x=0&y=2000'")
                browser.wait("!document.getElementById('status').textContent.startsWith('offset 0,0:')", "a scroll down")
                browser.eval("location.hash = '#x=0&y=0'")
                browser.wait("document.getElementById('status').textContent.startsWith('offset 0,0:')", "a scroll back")
            # The whole label is the tooltip's, less the frame after it and the isolates around it.
            check_title_labels(browser, checks, when, "n.title.split(': ').slice(1).join(': ').replace(/ \\([^)]*\\)$/, '').replace(/^\\u2068(.*)\\u2069$/, '$1')")
        # Numbers a person reads: an item's tooltip is the svg picture's hover title for it, two
        # decimals where the JSON has seventeen digits; a section's background is drawn bare, as
        # in the svg, its kind not written under the items.
        split = [tessera, "run", "split", "--data", "items.json", "--viewport", "200x300", "--param", "leftSideRatio=0.3333333", "--sizing", "fillWidth"]
        with open(os.path.join(work, "split.html"), "w") as page:
            page.write(subprocess.run(split + ["--format", "html"], cwd=work, capture_output=True, text=True, check=True).stdout)
        svg = subprocess.run(split + ["--format", "svg"], cwd=work, capture_output=True, text=True, check=True).stdout
        frame = json.loads(subprocess.run(split, cwd=work, capture_output=True, text=True, check=True).stdout)["items"][0]["frame"]
        checks("the split item's frame has more than two decimals in JSON", any(len(repr(v).split(".")[-1]) > 2 for v in frame if v % 1), str(frame))
        svg_title = re.search(r"<title>(0: [^<]*)</title>", svg)
        browser.call("Page.navigate", url="file://" + os.path.join(work, "split.html"))
        browser.wait("document.querySelector('#layer > div.decoration') !== null", "the split page's backgrounds")
        tooltip = browser.eval("document.querySelector('#layer > div.item[data-index=\"0\"]').title")
        checks("an item's tooltip reads as its svg hover title", svg_title is not None and tooltip == svg_title.group(1),
               "page %r, svg %r" % (tooltip, svg_title and svg_title.group(1)))
        written = browser.eval("[...document.querySelectorAll('#layer > div.decoration')].map(n => n.textContent)")
        checks("backgrounds carry no text", len(written) > 0 and all(t == "" for t in written), str(written))
        checks("the page runs without errors", browser.errors == [], "\n".join(browser.errors))
    finally:
        browser.close()
    print("run page browser test: %d checks passed (%d header positions)" % (len(checks), checked))


if __name__ == "__main__":
    main()
