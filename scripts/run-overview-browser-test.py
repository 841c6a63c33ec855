#!/usr/bin/env python3
"""`tessera run --format html`'s overview strip in a real browser: beside the view when the page
scrolls down, below it when it scrolls sideways (here right to left, --rtl, from offset 0
towards negative x). The strip is as long as the viewport and maps the whole scroll range onto
it: scrolling the view moves the red viewport mark to exactly where that offset maps (at least
3 px long), a click on the strip centres the view on the content under the pointer, a drag
follows the pointer, and both stay within the scroll range. A page of no items has a strip of
empty bands and a mark over all of it. Hovering a band shows its count in its title ("1,235
items", "1 item"). No JavaScript error.

Usage: scripts/run-overview-browser-test.py TESSERA [SCREENSHOT_DIR]
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import Browser, Checks, write_files  # noqa: E402

SIDEWAYS = 'local t = require("tessera")\nreturn t.transpose(t.flow{ spacing = 0 })\n'
GRID = {"items": [{"id": "i%d" % k, "w": 100, "h": 50} for k in range(200)]}
# 1234 items of 1 x 1 in seven rows (200 a row, 7 px), then one 200 x 3000 below them.
COUNTED = {"items": [{"id": "d%d" % k, "w": 1, "h": 1} for k in range(1234)] + [{"id": "tall", "w": 200, "h": 3000}]}
# The title of the band under the mouse pointer, as its tooltip shows it.
HOVERED_JS = "(() => { const b = document.querySelector('#overview .band:hover'); return b ? b.title : null; })()"
STATUS = "document.getElementById('status').textContent"
MARK_JS = ("(() => { const s = document.getElementById('overview-mark').style;"
           " return [parseFloat(s.left || 'NaN'), parseFloat(s.top || 'NaN'), parseFloat(s.width || 'NaN'), parseFloat(s.height || 'NaN')]; })()")


def main():
    tessera = os.path.abspath(sys.argv[1])
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    work, paths = write_files("tessera-run-overview-", {"side.lua": SIDEWAYS, "grid.json": GRID, "none.json": {"items": []},
                                                                 "counted.json": COUNTED})

    def page(name, *arguments):
        done = subprocess.run([tessera, "run", *arguments, "--format", "html"], cwd=work, capture_output=True, text=True)
        if done.returncode != 0:
            raise AssertionError("tessera run %s failed: %s" % (" ".join(arguments), done.stderr))
        with open(os.path.join(work, name), "w") as f:
            f.write(done.stdout)
        return "file://" + os.path.join(work, name)

    checks = Checks()
    browser = Browser(900, 700)

    def at(offset):
        """Whether the page comes to `offset` (its status line says so) within 60 s."""
        try:
            browser.wait(STATUS + ".startsWith('offset %s:')" % offset, "offset %s" % offset)
            return True
        except AssertionError:
            return False

    def placement(down):
        """Down: whether the strip is right of the view, level with its top, and its height;
        across: whether it is below the view, level with its left, and its width."""
        return browser.eval("(() => { const v = document.getElementById('view').getBoundingClientRect(),"
                            " s = document.getElementById('overview').getBoundingClientRect();"
                            " return %s; })()" % ("[s.left >= v.right, s.top === v.top, s.height]" if down
                                                  else "[s.top >= v.bottom, s.left === v.left, s.width]"))

    def strip_point(p, down):
        """The page point p px along the strip, on its middle line."""
        r = browser.eval("(() => { const r = document.getElementById('overview').getBoundingClientRect();"
                         " return [r.left + 1, r.top + 1, r.width - 2, r.height - 2]; })()")   # inside its 1 px border
        return (r[0] + r[2] / 2, r[1] + p) if down else (r[0] + p, r[1] + r[3] / 2)

    def drag(points):
        """Presses at the first point, moves through the others and lets go at the last."""
        steps = [("mouseMoved", points[0]), ("mousePressed", points[0])] + [("mouseMoved", p) for p in points[1:]] + [("mouseReleased", points[-1])]
        for kind, (x, y) in steps:
            browser.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", buttons=0 if kind == "mouseReleased" else 1, clickCount=1)

    try:
        # Down: 200 items of 100 x 50, two a row, 5000 px in a 200 x 300 viewport. The strip is
        # 300 px for 5000: the mark 300 * 300 / 5000 = 18 px long, at y * 300 / 5000.
        browser.call("Page.navigate", url=page("down.html", "flow", "--data", "grid.json", "--viewport", "200x300"))
        checks("the page comes to offset 0,0", at("0,0"), browser.eval(STATUS))
        placed = placement(True)
        checks("a page scrolling down has its strip beside the view, as tall as the viewport (and its border)",
               placed == [True, True, 302], str(placed))
        checks("at offset 0 the mark is at the strip's top, 18 px long", browser.eval(MARK_JS)[1:4:2] == [0, 18], str(browser.eval(MARK_JS)))
        for y in (1000, 2345, 4700):
            browser.eval("document.getElementById('view').scrollTop = %d" % y)
            checks("the page comes to offset 0,%d" % y, at("0,%d" % y), browser.eval(STATUS))
            mark = browser.eval(MARK_JS)
            checks("scrolled to y %d the mark is at %g" % (y, y * 300 / 5000), abs(mark[1] - y * 300 / 5000) < 1e-9 and mark[3] == 18, str(mark))
        # A click centres the view on the content under it: 150 px down the strip is y 2500, so
        # the view starts at 2350; a drag follows the pointer, kept within the scroll range.
        browser.click(*strip_point(150, True))
        checks("a click half way down the strip scrolls the view to 2350", at("0,2350"), browser.eval(STATUS))
        drag([strip_point(30, True), strip_point(120, True), strip_point(270, True)])
        checks("a drag to 270 px down the strip scrolls the view to 4350", at("0,4350"), browser.eval(STATUS))
        drag([strip_point(200, True), strip_point(299, True)])
        checks("the page comes to offset 0,4700", at("0,4700"), browser.eval(STATUS))
        checks("a drag to the strip's end stops at the last offset, 4700", abs(browser.eval(MARK_JS)[1] - 282) < 1e-9, str(browser.eval(MARK_JS)))
        if shots:
            browser.screenshot(os.path.join(shots, "run-overview-down.png"), clip=(0, 0, 400, 380))

        # Sideways, right to left: the content spans -4700...300 and the page opens at 0, its
        # right end; the strip below the view maps -4700 to its left end.
        browser.call("Page.navigate", url=page("side.html", "side.lua", "--data", "grid.json", "--viewport", "300x200", "--rtl"))
        checks("the page comes to offset 0,0", at("0,0"), browser.eval(STATUS))
        placed = placement(False)
        checks("a page scrolling sideways has its strip below the view, as wide as the viewport (and its border)",
               placed == [True, True, 302], str(placed))
        mark = browser.eval(MARK_JS)
        checks("right to left, at offset 0 the mark is at the strip's right end", mark[0] == 282 and mark[2] == 18, str(mark))
        browser.eval("document.getElementById('view').scrollLeft = 0")
        checks("the page comes to offset -4700,0", at("-4700,0"), browser.eval(STATUS))
        checks("right to left, at the content's left end the mark is at the strip's left end", browser.eval(MARK_JS)[0] == 0, str(browser.eval(MARK_JS)))
        browser.click(*strip_point(150, False))
        checks("right to left, a click half way along the strip scrolls the view to -2350", at("-2350,0"), browser.eval(STATUS))
        drag([strip_point(150, False), strip_point(30, False)])
        checks("right to left, a drag to 30 px along the strip scrolls the view to -4350", at("-4350,0"), browser.eval(STATUS))
        if shots:
            browser.screenshot(os.path.join(shots, "run-overview-rtl.png"), clip=(0, 0, 400, 300))

        # A band's count in its hover title: 3007 px in a 300 px strip, 75 bands of 40.09 px (4 px
        # of strip). The first holds the 1234 dots and the top of the tall item; every other band
        # only the tall item.
        browser.call("Page.navigate", url=page("counted.html", "flow", "--data", "counted.json", "--param", "spacing=0",
                                               "--sizing", "intrinsic", "--viewport", "200x300"))
        checks("the page comes to offset 0,0", at("0,0"), browser.eval(STATUS))
        for p, title in ((2, "1,235 items"), (150, "1 item"), (298, "1 item")):
            x, y = strip_point(p, True)
            browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
            hovered = browser.eval(HOVERED_JS)
            checks("the band %d px down the strip is titled %r" % (p, title), hovered == title, str(hovered))
        bands = browser.eval("document.querySelectorAll('#overview .band').length")
        checks("bands of one count share one node: two of them", bands == 2, str(bands))

        # No items: empty bands, and the mark over the whole strip (the viewport is the range).
        browser.call("Page.navigate", url=page("none.html", "flow", "--data", "none.json", "--viewport", "200x300"))
        checks("the page comes to offset 0,0", at("0,0"), browser.eval(STATUS))
        empty = browser.eval("[getComputedStyle(document.getElementById('overview')).backgroundImage.includes('rgba(61, 106, 153, 0)'),"
                             " !/rgba\\(61, 106, 153, 0\\.\\d/.test(getComputedStyle(document.getElementById('overview')).backgroundImage)]")
        checks("a page of no items has only empty bands", empty == [True, True], str(empty))
        checks("a page of no items marks the whole strip", browser.eval(MARK_JS)[1:4:2] == [0, 300], str(browser.eval(MARK_JS)))
        x, y = strip_point(150, True)
        browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
        checks("an empty band is titled '0 items'", browser.eval(HOVERED_JS) == "0 items", str(browser.eval(HOVERED_JS)))
        checks("the pages run without errors", browser.errors == [], "\n".join(browser.errors))
    finally:
        browser.close()
    print("run overview browser test: %d checks passed" % len(checks))


if __name__ == "__main__":
    main()
