#!/usr/bin/env python3
"""Browser test of two pages of one preview at different sizes.

Usage: scripts/preview-tabs-test.py TESSERA [SCREENSHOT_DIR]

The preview lays out once, at the size of the page that asked last, and every page gets that
picture. Two headless Chromium pages of one preview, A at 375x500 and B at 1024x500 (B opened
last): A's status line says its picture was laid out at B's size; a click in A lays it out at
A's again (its content as wide as its viewport), and then B's status line says so of A's size.
Before, a page drew the other page's picture (1024 px wide rows in a 375 px view) without a
word, and nothing but a change of its size brought its own back.

The params likewise: A opened again with rowh=10, then B with rowh=20: A's status line says its
picture has another page's params, a click in A lays it out with its own (rows 10 high) and B
then says so; all along each page's controls show its own values (its address's, else
--param's 25), not the picture's. Before, each page laid out with the last page's params
without a word, and then its controls showed the other page's values. The script's default (30)
set in a control is kept over --param's (it was dropped as if unset, so --param's came back).
No JavaScript error.
Screenshots (with SCREENSHOT_DIR): preview-tabs.png (A, showing B's size) and
preview-tabs-params.png (A, showing B's params).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import SOCKET_OPEN, Browser, Checks, report_failure, shut_down, start_preview, write_files  # noqa: E402

TESSERA = sys.argv[1]
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None

_, files = write_files("tessera-preview-tabs-", {
    "rows.lua": "return { params = { rowh = 30 }, simpleLayout = function(ctx, p)\n"
                "  for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * p.rowh, ctx.width, p.rowh) end end }\n",
    "data.json": {"items": [{"id": "i%d" % k} for k in range(40)]},
})
server, url, _, _, lines = start_preview([TESSERA, "preview", files["rows.lua"], "--data", files["data.json"], "--port", "0",
                                          "--param", "rowh=25"])
pages = []
check = Checks()
STATUS = "document.getElementById('status').textContent"
CONTENT = "(/content (\\d+)x/.exec(document.getElementById('status').textContent) || [])[1]"
# The values of the rowh control's slider and number field.
ROWH = "[...document.querySelectorAll('#params [data-param=\"rowh\"] input')].map(i => i.value)"
HEIGHT = "(/content \\d+x(\\d+)/.exec(document.getElementById('status').textContent) || [])[1]"
try:
    a, b = Browser(), Browser()
    pages = [a, b]
    a.call("Page.navigate", url=url + "#w=375&h=500")
    a.wait(CONTENT + " === '375'", "A's first picture, at its size")
    a.wait(SOCKET_OPEN, "A's socket")
    b.call("Page.navigate", url=url + "#w=1024&h=500")
    b.wait(CONTENT + " === '1024'", "B's first picture, at its size")
    b.wait(SOCKET_OPEN, "B's socket")
    a.wait(CONTENT + " === '1024'", "A given B's picture")
    check("A says its picture is B's size",
          "viewport 375x500 (laid out at 1024x500, another page's size: click to lay out at this one)" in a.eval(STATUS),
          a.eval(STATUS))
    check("B says nothing of it", "laid out at" not in b.eval(STATUS), b.eval(STATUS))
    if SHOTS:
        a.screenshot(os.path.join(SHOTS, "preview-tabs.png"))
    a.click(700, 300)   # beside the frame: no item selected, the page asks for its size
    a.wait(CONTENT + " === '375'", "A laid out at its size again after a click")
    check("A's note is gone", "laid out at" not in a.eval(STATUS), a.eval(STATUS))
    b.wait(CONTENT + " === '375'", "B given A's picture")
    check("B says its picture is A's size", "(laid out at 375x500, another page's size" in b.eval(STATUS), b.eval(STATUS))

    # Params: A with rows 10 high (40 rows: 400), then B with 20 (800), both 375x500.
    a.call("Page.navigate", url=url + "&p.rowh=10#w=375&h=500")
    a.wait(HEIGHT + " === '400'", "A's picture with its params")
    a.wait(SOCKET_OPEN, "A's socket")
    b.call("Page.navigate", url=url + "&p.rowh=20#w=375&h=500")
    b.wait(HEIGHT + " === '800'", "B's picture with its params")
    b.wait(SOCKET_OPEN, "B's socket")
    a.wait(HEIGHT + " === '800'", "A given B's params' picture")
    check("A says its picture has B's params",
          "laid out with another page's params ({\"rowh\":20}): click to lay out with this one's" in a.eval(STATUS), a.eval(STATUS))
    check("B says nothing of params", "another page's params" not in b.eval(STATUS), b.eval(STATUS))
    check("A's rowh controls show A's own 10, not the picture's 20", a.eval(ROWH) == ["10", "10"], a.eval(ROWH))
    check("B's rowh controls show 20", b.eval(ROWH) == ["20", "20"], b.eval(ROWH))
    if SHOTS:
        a.screenshot(os.path.join(SHOTS, "preview-tabs-params.png"))
    a.click(700, 300)
    a.wait(HEIGHT + " === '400'", "A laid out with its params again after a click")
    check("A's params note is gone", "another page's params" not in a.eval(STATUS), a.eval(STATUS))
    b.wait(HEIGHT + " === '400'", "B given A's params' picture")
    check("B says its picture has A's params",
          "laid out with another page's params ({\"rowh\":10})" in b.eval(STATUS), b.eval(STATUS))
    check("B's rowh controls still show B's own 20", b.eval(ROWH) == ["20", "20"], b.eval(ROWH))
    check("A's rowh controls show 10", a.eval(ROWH) == ["10", "10"], a.eval(ROWH))
    # A page that set no rowh shows --param's 25 (not the default 30, nor the picture's 20).
    a.call("Page.navigate", url=url + "#w=375&h=500")
    a.wait(HEIGHT + " === '1000'", "A's picture with --param's rowh")
    a.wait(SOCKET_OPEN, "A's socket")
    check("A, with no rowh of its own, shows --param's", a.eval(ROWH) == ["25", "25"], a.eval(ROWH))
    b.click(700, 300)
    a.wait(HEIGHT + " === '800'", "A given B's params' picture again")
    check("A, shown B's rowh 20, still shows --param's 25", a.eval(ROWH) == ["25", "25"], a.eval(ROWH))
    # The script's default, 30, set in A's field is A's value (not dropped for --param's 25).
    a.eval("""(() => { const f = document.querySelector('#params [data-param="rowh"] input[type=number]');
      f.value = '30'; f.dispatchEvent(new Event('change')); return true; })()""")
    a.wait(HEIGHT + " === '1200'", "A laid out with rowh 30, the script's default, over --param's 25")
    check("A's address keeps rowh=30", "p.rowh=30" in a.eval("location.search"), a.eval("location.search"))
    check("A's controls show 30", a.eval(ROWH) == ["30", "30"], a.eval(ROWH))
    for name, page in (("A", a), ("B", b)):
        check("no JavaScript error in " + name, page.errors == [], page.errors)
    print("preview tabs test: %d checks passed" % len(check))
except BaseException:
    report_failure("preview tabs test", check, lines, pages[0] if pages else None)
    raise
finally:
    for page in pages[1:]:
        page.close()
    shut_down(pages[0] if pages else None, server)
