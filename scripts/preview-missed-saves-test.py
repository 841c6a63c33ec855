#!/usr/bin/env python3
"""Browser test of a page that missed two saves, with --animator.

Usage: scripts/preview-missed-saves-test.py TESSERA [SCREENSHOT_DIR]

A page that lost its socket and reconnects names the generation it has (`gen=N`); when two saves
came meanwhile, the server animates it from the frames it shows (generation N, still kept) to the
newest, where before it got the newest picture alone. In headless Chromium over the DevTools
protocol, the page draws generation 1 with its socket open; then its socket is closed and its
reopening held (a script run before the page's own wraps the worker's open message) while two data
saves make generations 2 and 3; then it reopens. Checks: the reopened socket names gen=1; the
animation played is of generation 3 and runs from generation 1's rows (an item generation 2
inserted enters, a row both saves moved goes the whole way), and the newest picture shows at its
end; what the animator printed for it comes once, labelled; no JavaScript error. Screenshot (with
SCREENSHOT_DIR): preview-missed-saves.png, mid-animation.
Waits poll for conditions (no timing assertions).
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import HELD_ANIMATOR, HELD_ROWS, SOCKET_OPEN, Browser, Checks, drawn_box_js, hold_socket_js, report_failure, save_json, shut_down, start_preview, write_files  # noqa: E402

TESSERA = sys.argv[1]
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None

FIRST = {"items": [{"id": "r%d" % i} for i in range(6)]}
# Generation 2 inserts "new" second; generation 3 puts "top" first and deletes r3.
SECOND = {"items": [{"id": "r0"}, {"id": "new"}] + [{"id": "r%d" % i} for i in range(1, 6)]}
THIRD = {"items": [{"id": "top"}, {"id": "r0"}, {"id": "new"}, {"id": "r1"}, {"id": "r2"}, {"id": "r4"}, {"id": "r5"}]}


# The animator prints each insert: what it prints for the page that missed the saves is labelled.
PRINTING_ANIMATOR = HELD_ANIMATOR.replace("insert = function(e) return", 'insert = function(e) print("insert " .. e.id); return')
REPLAYED = "(gen 1 to 3, replayed for a page that missed saves) "
work, paths = write_files("tessera-preview-missed-", {"rows.lua": HELD_ROWS, "anim.lua": PRINTING_ANIMATOR, "data.json": FIRST})


def server_has(text):
    return any(text in line for line in lines)


def wait_for_server(text):
    deadline = time.time() + 60
    while not server_has(text) and time.time() < deadline:
        time.sleep(0.05)
    check("the server printed %r" % text, server_has(text), "".join(lines))


server, url, _, _, lines = start_preview([TESSERA, "preview", paths["rows.lua"], "--data", paths["data.json"],
                                          "--animator", paths["anim.lua"], "--viewport", "375x600", "--port", "0"])
browser = None
check = Checks()
try:
    wait_for_server("gen 1 ok")
    browser = Browser()
    browser.call("Page.addScriptToEvaluateOnNewDocument", source=hold_socket_js(False))
    browser.call("Page.navigate", url=url + "#w=375&h=600")
    browser.wait("typeof M !== 'undefined' && M !== null && M.gen === 1 && !building && " + SOCKET_OPEN,
                 "generation 1 drawn, its socket open")

    # The socket lost, its reopening held: two saves meanwhile.
    browser.eval("window.__holding = true; ws.close(); 0")
    browser.wait("window.__opens.length === 2", "the page trying to reconnect")
    save_json(paths["data.json"], SECOND)
    wait_for_server("gen 2 ok")
    save_json(paths["data.json"], THIRD)
    wait_for_server("gen 3 ok")
    check("the page still shows generation 1", browser.eval("M.gen") == 1)
    opened = browser.eval("window.__opens[1]")
    check("the reconnecting socket names the generation the page has", opened.endswith("&gen=1"), opened)

    browser.eval("window.__openSocket(); 0")
    browser.wait(SOCKET_OPEN, "the page's socket again")
    browser.wait("!!anim && anim.gen === 3", "the animation to generation 3")
    check("the animation bar shows", browser.eval("!document.getElementById('animbar').hidden"))
    # A sample's views: key, x, y, width, height, alpha, ...
    start = {v[0].split(":", 1)[1]: v[1:6] for v in browser.eval("anim.sample(0)")}
    end = {v[0].split(":", 1)[1]: v[1:6] for v in browser.eval("anim.sample(anim.indexAt(anim.duration))")}
    check("r1 goes from its row in generation 1 to its row in generation 3",
          start.get("r1") == [10, 80, 355, 60, 1] and end.get("r1") == [10, 220, 355, 60, 1], "%s %s" % (start.get("r1"), end.get("r1")))
    check("the item generation 2 inserted enters, from alpha 0",
          (start.get("new") or [0] * 5)[4] == 0 and end.get("new") == [10, 150, 355, 60, 1], "%s %s" % (start.get("new"), end.get("new")))
    check("the item generation 3 inserted enters", (start.get("top") or [0] * 5)[4] == 0 and end.get("top") == [10, 10, 355, 60, 1],
          "%s %s" % (start.get("top"), end.get("top")))
    check("the deleted item leaves from its row in generation 1",
          start.get("r3") == [10, 220, 355, 60, 1] and (end.get("r3") or [1] * 5)[4] == 0, "%s %s" % (start.get("r3"), end.get("r3")))
    browser.wait("anim.time > 0.8 && anim.time < 2.2", "the middle of the animation")
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-missed-saves.png"), clip=(0, 0, 1000, 760))
    browser.wait("!anim.playing && anim.time === anim.duration", "the animation to end", timeout=120)
    check("after it generation 3 shows", browser.eval("M.gen") == 3
          and browser.eval("getComputedStyle(document.getElementById('anim')).display") == "none")
    box = browser.eval(drawn_box_js('[data-id="r1"]'))
    check("r1 is drawn in the fourth row", box == [10, 220, 355, 60], str(box))
    # Each save's animation inserts the views it starts from, then what the save added; the page's
    # replays generation 1's views, then top and new, once, labelled.
    printed = [line.rstrip("\n") for line in lines if "insert " in line]
    first, second = ["r%d" % i for i in range(6)] + ["new"], ["r0", "new"] + ["r%d" % i for i in range(1, 6)] + ["top"]
    replayed = [REPLAYED + "insert " + i for i in ["r%d" % i for i in range(6)] + ["top", "new"]]
    check("the animator's lines: each save's, then the page's, labelled",
          printed == ["insert " + i for i in first + second] + replayed, str(printed))
    check("no JavaScript error", not browser.errors, str(browser.errors))
    print("preview missed-saves test: %d checks passed" % len(check))
except BaseException:
    report_failure("preview missed-saves test", check, lines, browser)
    raise
finally:
    shut_down(browser, server)
