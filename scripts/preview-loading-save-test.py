#!/usr/bin/env python3
"""Browser test of a save made while the preview's page loads, with --animator.

Usage: scripts/preview-loading-save-test.py TESSERA [SCREENSHOT_DIR]

The page is served holding its first pass and draws it before its socket opens; a save in that
moment used to play nowhere (the page got the new pass without its animation). In headless
Chromium over the DevTools protocol, the page's socket is held (a script run before the page's
own wraps the worker's open message) while the page draws generation 1 and a data save makes
generation 2; then the socket opens. Checks: the socket's address names the generation the page
has (gen=1); once open the save plays there from that pass (the animation of generation 2, its
cards moving and entering) and the new picture shows at its end; a page served generation 2 plays
nothing when its socket opens; no JavaScript error. Screenshot (with SCREENSHOT_DIR):
preview-loading-save.png, mid-animation.
Waits poll for conditions (no timing assertions).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import HELD_ANIMATOR, HELD_ROWS, Browser, Checks, drawn_box_js, hold_socket_js, report_failure, save_json, shut_down, start_preview, write_files  # noqa: E402

TESSERA = sys.argv[1]
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None

OLD = {"items": [{"id": "r%d" % i} for i in range(6)]}
NEW = {"items": [{"id": "r0"}, {"id": "new"}] + [{"id": "r%d" % i} for i in range(1, 6)]}


work, paths = write_files("tessera-preview-loading-", {"rows.lua": HELD_ROWS, "anim.lua": HELD_ANIMATOR, "data.json": OLD})


def server_has(text):
    return any(text in line for line in lines)


server, url, _, _, lines = start_preview([TESSERA, "preview", paths["rows.lua"], "--data", paths["data.json"],
                                          "--animator", paths["anim.lua"], "--viewport", "375x500", "--port", "0"])
browser = None
check = Checks()
try:
    import time
    deadline = time.time() + 60
    while not server_has("gen 1 ok") and time.time() < deadline:
        time.sleep(0.05)
    check("the server ran generation 1", server_has("gen 1 ok"), "".join(lines))
    browser = Browser()
    browser.call("Page.addScriptToEvaluateOnNewDocument", source=hold_socket_js(True))
    browser.call("Page.navigate", url=url + "#w=375&h=500")
    browser.wait("typeof M !== 'undefined' && M !== null && M.gen === 1 && !building && window.__opens.length === 1",
                 "the first pass drawn and the socket asked for")
    check("the socket is held: not connected yet", browser.eval("document.getElementById('conn').textContent") != "connected")
    opened = browser.eval("window.__opens[0]")
    check("the socket's address names the generation the page has", opened.endswith("&gen=1"), opened)

    # The save while the page loads: generation 2 plays to no page.
    save_json(paths["data.json"], NEW)
    deadline = time.time() + 60
    while not server_has("gen 2 ok") and time.time() < deadline:
        time.sleep(0.05)
    check("the server ran generation 2 with no page connected", server_has("gen 2 ok") and "0 pages" in
          next(line for line in lines if "gen 2 ok" in line), "".join(lines))
    browser.eval("window.__openSocket(); 0")
    browser.wait("document.getElementById('conn').textContent === 'connected'", "the page's socket")
    browser.wait("!!anim && anim.gen === 2", "the save's animation")
    check("the animation bar shows", browser.eval("!document.getElementById('animbar').hidden"))
    check("it plays from the pass the page had", browser.eval("anim.duration > 0 && (anim.playing || anim.time > 0)"))
    # A sample's views: key, x, y, width, height, alpha, ...
    start = {v[0].split(":", 1)[1]: v[1:6] for v in browser.eval("anim.sample(0)")}
    end = {v[0].split(":", 1)[1]: v[1:6] for v in browser.eval("anim.sample(anim.indexAt(anim.duration))")}
    check("r1 moves from its row in generation 1 to its row in generation 2",
          start.get("r1") == [10, 80, 355, 60, 1] and end.get("r1") == [10, 150, 355, 60, 1], "%s %s" % (start.get("r1"), end.get("r1")))
    check("the new item enters, from alpha 0", (start.get("new") or [0])[4] == 0 and end.get("new") == [10, 80, 355, 60, 1],
          "%s %s" % (start.get("new"), end.get("new")))
    browser.wait("anim.time > 0.8 && anim.time < 2.2", "the middle of the animation")
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-loading-save.png"), clip=(0, 0, 1000, 640))
    browser.wait("!anim.playing && anim.time === anim.duration", "the animation to end", timeout=120)
    check("after it the new picture shows", browser.eval("M.gen") == 2
          and browser.eval("getComputedStyle(document.getElementById('anim')).display") == "none")
    box = browser.eval(drawn_box_js('[data-id="new"]'))
    check("the new item is drawn in the second row", box == [10, 80, 355, 60], str(box))

    # A page served generation 2: its socket brings that pass again, and nothing plays.
    browser.eval("window.__before = true; 0")
    browser.call("Page.reload")
    browser.wait("!window.__before && typeof M !== 'undefined' && M !== null && M.gen === 2 && window.__opens.length === 1",
                 "generation 2 served")
    opened = browser.eval("window.__opens[0]")
    check("the second page's socket names generation 2", opened.endswith("&gen=2"), opened)
    browser.eval("window.__openSocket(); 0")
    browser.wait("+(document.body.dataset.gen || 0) === 2", "the socket's copy of generation 2 painted")
    check("nothing plays on a page that has the newest pass",
          browser.eval("anim === null && document.getElementById('animbar').hidden"))
    check("no JavaScript error", not browser.errors, str(browser.errors))
    print("preview loading-save test: %d checks passed" % len(check))
except BaseException:
    report_failure("preview loading-save test", check, lines, browser)
    raise
finally:
    shut_down(browser, server)
