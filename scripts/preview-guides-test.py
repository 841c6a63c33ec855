#!/usr/bin/env python3
"""Browser test of the preview's viewport guides.

Usage: scripts/preview-guides-test.py TESSERA [SCREENSHOT_DIR]

`tessera preview rows.lua --safe-area 40,20,30,40 --viewport 300x400`: the compositional rows
(measured from the safe area, the configuration's default) are drawn 240 wide at x 20, the
page's band covers the viewport with the safe area's insets as its edges (top 40, right 40,
bottom 30, left 20) and dashes its inner edge; dragged to 400 wide (the W field), the rows are
laid out again within the same insets (340 wide) and the band follows the viewport. Before,
`preview` refused --safe-area. No JavaScript error.
Screenshot (with SCREENSHOT_DIR): preview-guides.png (docs/preview-guides.png, which docs/howto/preview.md shows).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import SOCKET_OPEN, Browser, Checks, drawn_box_js, report_failure, shut_down, start_preview, write_files  # noqa: E402

TESSERA = sys.argv[1]
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None

_, files = write_files("tessera-preview-guides-", {
    "rows.lua": 'local t = require("tessera")\n'
                'return t.compositional{ section = t.section{\n'
                '  group = t.hgroup{ size = { "100%", 60 }, items = { t.item{ size = { "100%", "100%" } } } } } }\n',
    "data.json": {"items": [{"id": "r%d" % k} for k in range(20)]},
})
server, url, _, _, lines = start_preview([TESSERA, "preview", files["rows.lua"], "--data", files["data.json"], "--port", "0",
                                          "--viewport", "300x400", "--safe-area", "40,20,30,40"])
browser = None
check = Checks()
FIRST = "M && M.n > 0 ? [M.X[0], M.Y[0], M.W[0], M.H[0]] : null"
BAND = "(() => { const s = getComputedStyle(document.getElementById('safe'));" \
       " return [s.borderTopWidth, s.borderRightWidth, s.borderBottomWidth, s.borderLeftWidth].join(' '); })()"
INNER = "getComputedStyle(document.getElementById('safe'), '::after').outlineStyle"
try:
    browser = Browser()
    browser.call("Page.navigate", url=url)
    browser.wait("typeof M !== 'undefined' && M !== null && M.n === 20", "the first picture")
    browser.wait(SOCKET_OPEN, "the page's socket")
    check("the first row is inset by the safe area", browser.eval(FIRST) == [20, 0, 240, 60], browser.eval(FIRST))
    check("the band's edges are the safe area's insets", browser.eval(BAND) == "40px 40px 30px 20px", browser.eval(BAND))
    check("the band's inner edge is dashed", browser.eval(INNER) == "dashed", browser.eval(INNER))
    band, outline = browser.eval(drawn_box_js("#safe")), browser.eval(drawn_box_js("#outline"))
    check("the band covers the viewport", band == outline == [0, 0, 300, 400], (band, outline))
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-guides.png"), clip=(0, 0, 600, 500))
    browser.eval("(() => { const f = document.getElementById('vw'); f.value = '400';"
                 " f.dispatchEvent(new Event('change')); return true; })()")
    browser.wait("M && M.W[0] === 340", "the rows laid out again at 400 wide")
    check("wider, the rows keep the safe area's insets", browser.eval(FIRST) == [20, 0, 340, 60], browser.eval(FIRST))
    band = browser.eval(drawn_box_js("#safe"))
    check("the band follows the viewport", band == [0, 0, 400, 400], band)
    check("no JavaScript error", browser.errors == [], browser.errors)
    print("preview guides test: %d checks passed" % len(check))
except BaseException:
    report_failure("preview guides test", check, lines, browser)
    raise
finally:
    shut_down(browser, server)
