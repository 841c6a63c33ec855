#!/usr/bin/env python3
"""Browser test of the preview page's problems overlay: it shows exactly what the server's check
(`tessera check`'s warnings, the ones "next problem" steps through) found, and nothing of its own.

Usage: scripts/preview-problems-test.py TESSERA

A column of cards where the check finds what a page-side guess with a half-pixel tolerance
missed: item 2's top 0.25 px into item 1 (overlap), a header over item 5 at rest (covered), item
8 reaching 0.25 px past the content's bottom (outside). Checks in headless Chromium over the
DevTools protocol: with the overlay on, the red items are exactly those the server's `problems`
message names (items 1, 2, 5 and 8), the covering header is a red box at its frame, the status of
"next problem" counts the same three warnings, and turning the overlay off clears them all. The
script fixed, "next problem" says in green that there are none, and the next save hides that. No
JavaScript error.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import SOCKET_OPEN, Browser, Checks, drawn_box_js, report_failure, shut_down, start_preview, write_files  # noqa: E402

TESSERA = sys.argv[1]

SCRIPT = """return {
  layout = function(ctx) return 200, 389.75 end,
  simpleLayout = function(ctx)
    for i = 1, ctx.count do
      local y = (i - 1) * 50
      if i == 2 then y = 39.75 end
      ctx.set(i, 0, y, 200, 40)
    end
    ctx.supplementary("header", 1, 0, 210, 200, 20)
  end,
}
"""

# The same column with nothing wrong.
CLEAN = """return {
  simpleLayout = function(ctx)
    for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 50, 200, 40) end
  end,
}
"""

_, files = write_files("tessera-preview-problems-", {"column.lua": SCRIPT, "data.json": {"items": [{"id": "i%d" % k} for k in range(8)]}})
script, data = files["column.lua"], files["data.json"]

server, url, _, _, lines = start_preview([TESSERA, "preview", script, "--data", data, "--viewport", "375x400", "--port", "0"])
browser = None
check = Checks()
RED = "[...document.querySelectorAll('#layer > div.item.problem')].map(n => n.dataset.id).sort()"

try:
    browser = Browser()
    browser.call("Page.navigate", url=url + "#w=375&h=400")
    browser.wait("+(document.body.dataset.gen || 0) >= 1 && !!document.querySelector('[data-id=\"i7\"]')", "the first picture")
    browser.wait(SOCKET_OPEN, "the page's socket")
    check("no item is red with the overlay off", browser.eval(RED) == [])

    browser.eval("(() => { const b = document.querySelector('[data-ov=\"problems\"]'); b.checked = true; b.dispatchEvent(new Event('change')); return true; })()")
    browser.wait("!!(M && M.problems) && document.querySelectorAll('#layer > div.item.problem').length > 0", "the server's problems marked")
    server_items = browser.eval("[...new Set(problemList.problems.flatMap(p => p.items))].sort((a, b) => a - b)")
    kinds = browser.eval("problemList.problems.map(p => p.kind)")
    check("the server's check found the overlap, the covering header and the item outside",
          kinds == ["overlap", "covered", "outside"] and browser.eval("problemList.total") == 3, str(kinds))
    check("the items it names are 0, 1, 4 and 7", server_items == [0, 1, 4, 7], str(server_items))
    red = browser.eval(RED)
    check("the red items are exactly the ones the server named", red == ["i0", "i1", "i4", "i7"], str(red))
    marks = browser.eval("[...document.querySelectorAll('#problemmarks > .problemmark')].map(n => n.dataset.kind)")
    check("the covering header is one red box", marks == ["covered"], str(marks))
    box = browser.eval(drawn_box_js("#problemmarks > .problemmark"))
    check("at the header's frame", box is not None and [round(v, 2) for v in box] == [0, 210, 200, 20], str(box))

    browser.eval("document.getElementById('next').click()")
    browser.wait("/Problem 1 of 3/.test(document.getElementById('problem').textContent)", "next problem's sentence")
    text = browser.eval("document.getElementById('problem').textContent")
    check("next problem counts the same warnings",
          text == 'Problem 1 of 3 (overlap): items 0 ("i0") and 1 ("i1") overlap: (0, 0, 200, 40) and (0, 39.75, 200, 40)', text)

    browser.eval("(() => { const b = document.querySelector('[data-ov=\"problems\"]'); b.checked = false; b.dispatchEvent(new Event('change')); return true; })()")
    check("the overlay off: no red item, no red box",
          browser.eval("getComputedStyle(document.querySelector('[data-id=\"i0\"]')).backgroundColor") != "rgba(208, 2, 27, 0.55)"
          and browser.eval("document.querySelectorAll('#problemmarks > .problemmark').length") == 0)
    # Fixed: "next problem" says there are none, in green, and of this generation only: the next
    # save hides it rather than leaving it over a layout it never checked.
    with open(script, "w") as f:
        f.write(CLEAN)
    browser.wait("+document.body.dataset.gen >= 2", "the fixed script's picture")
    browser.eval("document.getElementById('next').click()")
    browser.wait("/^No problems/.test(document.getElementById('problem').textContent)", "the no-problems sentence")
    check("no problems is said in green, not as an error",
          browser.eval("getComputedStyle(document.getElementById('problem')).borderTopColor") == "rgb(46, 125, 50)")
    with open(script, "w") as f:
        f.write(CLEAN.replace("* 50", "* 60"))
    browser.wait("+document.body.dataset.gen >= 3", "the next save's picture")
    check("the next save hides the no-problems box of the generation before",
          browser.eval("document.getElementById('problem').hidden") is True,
          browser.eval("document.getElementById('problem').textContent"))
    check("no JavaScript error logged", not browser.errors, str(browser.errors))
    print("preview problems test: %d checks passed" % len(check))
except BaseException:
    report_failure("preview problems test", check, lines, browser)
    raise
finally:
    shut_down(browser, server)
