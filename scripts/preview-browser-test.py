#!/usr/bin/env python3
"""Browser test of `tessera preview`: headless Chromium over the DevTools protocol.

Usage: scripts/preview-browser-test.py TESSERA [SCREENSHOT_DIR]

Serves a compositional script (a sideways shelf above a list whose row height comes from a
required module) and checks, as a person would see it in the page: the first picture; edits
in place, by rename and by delete+create, of the script and of the module; 20 saves in one
second ending on the last one; a generation held 150 ms reporting its longest main-thread task
as at least 150 ms; a syntax error shown over the dimmed last picture and cleared by the next
good save; a shelf offset from the address kept through a pushed pass, and one scrolled with
the wheel snapped; the viewport size, scroll, selection and a shelf offset surviving 100 reloads with
the selected item within 1 px of its place; the inspector's id, frame and data fields; scroll
messages naming the generation drawn, one of an older picture's shelves dropped, not refused; a
shelf's offset following its section (by id) when a save inserts a section above it; an
id and data with bidi controls shown as escapes in the label and the inspector; a data
save that changes only frames sending no id table; a request without the token and a
WebSocket or request from another origin refused; in 1280x900 and 1440x900 windows, the default 375x812
viewport drawn smaller so that its grip is on screen, and a drag of the grip resizing at that
scale; the page's numbers written as the text output writes them (the cases in
Tests/TesseraRenderTests/Fixtures/display-numbers.json) and a user's text as bidiControlsShown
does (Fixtures/bidi-controls-shown.json); no JavaScript error. Waits poll for conditions (no
timing assertions).
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import websocket

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import SOCKET_OPEN, Browser, Checks, drawn_box_js, report_failure, shut_down, start_preview  # noqa: E402

TESSERA = sys.argv[1]
REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None

SCRIPT = """local t = require("tessera")
local cfg = require("cfg")
local gap = %d
return t.compositional{
  sections = {
    t.section{ group = t.hgroup{ size = { 150, 120 }, items = { t.item{ size = { "100%%", "100%%" } } } },
               orthogonalScrolling = "groupPaging", interGroupSpacing = 10 },
    t.section{ group = t.vgroup{ size = { "100%%", cfg.H }, items = { t.item{ size = { "100%%", "100%%" } } } },
               interGroupSpacing = gap },
  },
}
"""

# The same sections keyed by section id, and a new section "top" a shelf too.
SHELVES_BY_ID = """local t = require("tessera")
local cfg = require("cfg")
local shelf = t.section{ group = t.hgroup{ size = { 150, 120 }, items = { t.item{ size = { "100%", "100%" } } } },
                         orthogonalScrolling = "groupPaging", interGroupSpacing = 10 }
return t.compositional{
  sections = {
    top = shelf,
    shelf = shelf,
    list = t.section{ group = t.vgroup{ size = { "100%", cfg.H }, items = { t.item{ size = { "100%", "100%" } } } },
                      interGroupSpacing = 4 },
  },
}
"""

work = tempfile.mkdtemp(prefix="tessera-preview-test-")
script = os.path.join(work, "shelf.lua")
module = os.path.join(work, "cfg.lua")
data = os.path.join(work, "data.json")


def write_in_place(path, text):
    with open(path, "w") as f:
        f.write(text)


def write_by_rename(path, text):
    tmp = path + ".tmp~"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def write_by_delete_create(path, text):
    os.remove(path)
    time.sleep(0.05)
    with open(path, "w") as f:
        f.write(text)


write_in_place(module, "return { H = 100 }\n")
write_in_place(script, SCRIPT % 4)
with open(data, "w") as f:
    json.dump({"sections": [
        {"id": "shelf", "items": [{"id": "s%d" % i, "title": "Shelf %d" % i} for i in range(12)]},
        {"id": "list", "items": [{"id": "l%d" % i, "title": "List %d" % i, "n": i} for i in range(200)]}]}, f)

server, url, port, token, lines = start_preview([TESSERA, "preview", script, "--data", data, "--port", "0"])
browser = None
check = Checks()
checks = check


def frame_js(item_id):
    """The element of an item as drawn, relative to the viewport (the view's client area)."""
    return drawn_box_js('[data-id="%s"]' % item_id)


# The grip's box on screen, the window's size, whether the grip is what the pointer finds at its
# centre, the viewport (the page's and the view's client area) and the frame's scale on screen.
GRIP_JS = """(() => {
  const g = document.getElementById('grip').getBoundingClientRect(), cx = (g.left + g.right) / 2, cy = (g.top + g.bottom) / 2;
  return { box: [g.left, g.top, g.right, g.bottom], window: [innerWidth, innerHeight],
           hit: document.elementFromPoint(cx, cy) === document.getElementById('grip'),
           viewport: [S.w, S.h, view.clientWidth, view.clientHeight],
           scale: view.getBoundingClientRect().width / view.offsetWidth };
})()"""


def gen():
    return int(browser.eval("+(document.body.dataset.gen || 0)"))


def wait_height(item_id, height, what):
    browser.wait("(() => { const f = %s; return f && Math.abs(f[3] - %r) < 0.01; })()" % (frame_js(item_id), height), what)


try:
    # Requests that must be refused, before any page is open.
    for bad, why in ((url.replace(token, "0" * 32), "wrong token"), ("http://127.0.0.1:%d/" % port, "no token")):
        try:
            urllib.request.urlopen(bad)
            raise AssertionError("request with %s was served" % why)
        except urllib.error.HTTPError as e:
            check("request with %s refused" % why, e.code == 403, str(e.code))
    try:
        urllib.request.urlopen(url.replace("/?", "/etc/passwd?"))
        raise AssertionError("a path other than / was served")
    except urllib.error.HTTPError as e:
        check("no other path served", e.code == 404)
    # A page elsewhere that makes the browser fetch the preview sends its own origin: refused as
    # the socket is, with the same words; the page's own origin is served.
    try:
        urllib.request.urlopen(urllib.request.Request(url, headers={"Origin": "http://evil.example"}))
        raise AssertionError("a request from another origin was served")
    except urllib.error.HTTPError as e:
        check("request from another origin refused", (e.code, e.reason, e.read()) == (403, "Forbidden", b"request from another origin\n"),
              "%s %s" % (e.code, e.reason))
    own = urllib.request.urlopen(urllib.request.Request(url, headers={"Origin": "http://127.0.0.1:%d" % port}))
    check("request from the page's own origin served", own.status == 200)
    own.read()
    page = urllib.request.urlopen(url)
    body = page.read().decode()
    check("page has no CORS header", page.headers.get("Access-Control-Allow-Origin") is None)
    check("page names no other server", "http://" not in body and "https://" not in body and "src=" not in body)
    socket_url = "ws://127.0.0.1:%d/ws?token=%s" % (port, token)
    try:
        websocket.create_connection(socket_url, origin="http://evil.example", timeout=10).close()
        raise AssertionError("a WebSocket from another origin was accepted")
    except websocket.WebSocketBadStatusException as e:
        check("WebSocket from another origin refused", e.status_code == 403)
    try:
        websocket.create_connection(socket_url.replace(token, "1" * 32), origin="http://127.0.0.1:%d" % port, timeout=10).close()
        raise AssertionError("a WebSocket without the token was accepted")
    except websocket.WebSocketBadStatusException as e:
        check("WebSocket without the token refused", e.status_code == 403)

    browser = Browser()
    browser.call("Page.navigate", url=url + "#w=375&h=600")
    browser.wait("+(document.body.dataset.gen || 0) >= 1", "the first picture")
    browser.wait(SOCKET_OPEN, "the page's socket")
    browser.wait(frame_js("l0"), "item l0 drawn")
    f = browser.eval(frame_js("l0"))
    check("first picture: l0 under the 120 px shelf", [round(v, 2) for v in f] == [0, 120, 375, 100], str(f))
    check("the page's socket runs in a worker (the Content-Security-Policy lets it start)",
          browser.eval("ws instanceof WorkerSocket && ws.readyState === 1 && !workersFail"))
    # The page's numbers: display-number.js writes the cases it shares with NumberText.display's
    # test (Tests/TesseraRenderTests/Fixtures/display-numbers.json) as the text output does.
    with open(os.path.join(REPOSITORY, "Tests/TesseraRenderTests/Fixtures/display-numbers.json")) as fixture:
        shared = fixture.read()
    wrong = browser.eval("(() => { const special = {'-0': -0, nan: NaN, inf: Infinity, '-inf': -Infinity};"
                         " return (%s).cases.map(([v, text]) => [v, text, displayNumber(typeof v === 'string' ? special[v] : v)])"
                         ".filter(([, text, got]) => text !== got); })()" % shared)
    check("the page writes the %d shared numbers as NumberText.display does" % len(json.loads(shared)["cases"]), wrong == [], str(wrong))
    # And a user's text as bidiControlsShown does (Tests/TesseraRenderTests/Fixtures/bidi-controls-shown.json).
    with open(os.path.join(REPOSITORY, "Tests/TesseraRenderTests/Fixtures/bidi-controls-shown.json")) as fixture:
        shared = fixture.read()
    wrong = browser.eval("(() => { const f = %s; return f.cases.map(([t, s]) => [t, s, bidiControlsShown(t)])"
                         ".concat(f.json.map(([t, s]) => [t, s, bidiControlsShown(t, true)])).filter(([, s, got]) => s !== got); })()" % shared)
    cases = json.loads(shared)
    check("the page shows the %d shared texts as bidiControlsShown does" % (len(cases["cases"]) + len(cases["json"])), wrong == [], str(wrong))

    # Edits: in place, by rename, by delete+create; of the script and of the required module.
    write_in_place(module, "return { H = 80 }\n")
    wait_height("l0", 80, "module edit in place (H = 80)")
    check("module edited in place re-renders", True)
    write_by_rename(module, "return { H = 70 }\n")
    wait_height("l0", 70, "module rename-save (H = 70)")
    check("module saved by rename re-renders", True)
    write_by_delete_create(script, SCRIPT % 10)
    browser.wait("(() => { const f = %s; return f && Math.abs(f[1] - (120 + 70 + 10)) < 0.01; })()" % frame_js("l1"),
                 "script delete+create (gap 10)")
    check("script deleted and re-created re-renders", True)
    write_by_rename(script, SCRIPT % 6)
    browser.wait("(() => { const f = %s; return f && Math.abs(f[1] - (120 + 70 + 6)) < 0.01; })()" % frame_js("l1"),
                 "script rename-save (gap 6)")
    write_in_place(script, SCRIPT % 4)
    browser.wait("(() => { const f = %s; return f && Math.abs(f[1] - (120 + 70 + 4)) < 0.01; })()" % frame_js("l1"),
                 "script in-place save (gap 4)")
    check("script edited in place and by rename re-renders", True)

    # 20 saves in one second: the page ends on the last one's content.
    before = gen()
    for k in range(20):
        write_in_place(module, "return { H = %d }\n" % (60 + k))
        time.sleep(0.05)
    wait_height("l0", 79, "the last of 20 saves (H = 79)")
    time.sleep(1.0)
    after = gen()
    check("20 saves end on the last save's content", abs(browser.eval(frame_js("l0"))[3] - 79) < 0.01)
    # At most one run per save, plus one already running when the first came.
    check("20 saves coalesced into at most 21 runs", 1 <= after - before <= 21, "%d runs" % (after - before))
    check("no error shown after the saves", browser.eval("getComputedStyle(document.getElementById('error')).display") == "none")
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-first.png"))

    # The paint report names the longest main-thread task of its generation, however late the
    # browser records it: held 150 ms in the task that hands the page the frames (recorded before
    # the paint), or in the frame that runs the report's second animation frame (recorded only
    # after the report's paint time), the generation reports at least 150 ms.
    browser.eval("window.__reports = []; window.__hold = ''; (() => { const plain = ws.send.bind(ws);"
                 " ws.send = m => { window.__reports.push(JSON.parse(m)); plain(m); }; })()")
    browser.eval("ws.addEventListener('message', ev => {"
                 " const hold = () => { const t = performance.now(); while (performance.now() - t < 150); };"
                 " const where = window.__hold; window.__hold = '';"
                 " if (typeof ev.data === 'string' || !where) return;"
                 " if (where === 'message') hold(); else requestAnimationFrame(() => requestAnimationFrame(hold)); })")
    for where, height in (("message", 77), ("frame", 78)):
        g = gen()
        browser.eval("window.__hold = %s" % json.dumps(where))
        write_in_place(module, "return { H = %d }\n" % height)
        wait_height("l0", height, "the generation held in the %s (H = %d)" % (where, height))
        report = browser.wait("window.__reports.find(r => r.type === 'painted' && r.gen > %d)" % g, "its paint report")
        check("a generation held 150 ms in the %s reports its longest task as at least 150 ms" % where,
              report["longest"] >= 150, str(report))
    write_in_place(module, "return { H = 79 }\n")
    wait_height("l0", 79, "the rows back to H = 79")

    # A syntax error: the panel over the dimmed last picture; the next good save clears it.
    write_in_place(script, (SCRIPT % 4).replace("return t.compositional{", "return t.compositional{{ oops"))
    browser.wait("getComputedStyle(document.getElementById('error')).display === 'block'", "the error panel")
    panel = browser.eval("document.getElementById('error').textContent")
    check("error panel names the kind and file:line", "syntax error at " + script + ":5:3" in panel, panel[:200])
    check("error panel shows the source line", "return t.compositional{{ oops" in panel)
    check("last good picture kept, dimmed", browser.eval("document.getElementById('view').classList.contains('stale')")
          and browser.eval(frame_js("l0")) is not None)
    check("same error on the terminal", any("syntax error" in l for l in lines), "".join(lines[-5:]))
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-error.png"))
    write_in_place(script, SCRIPT % 4)
    browser.wait("getComputedStyle(document.getElementById('error')).display === 'none'", "the panel to clear")
    check("next good save clears the panel",
          not browser.eval("document.getElementById('view').classList.contains('stale')"))

    # Resize, scroll, a shelf offset and a selection; then 100 reloads.
    browser.eval("(() => { const w = document.getElementById('vw'); w.value = 400; w.dispatchEvent(new Event('change'));"
                 " const h = document.getElementById('vh'); h.value = 700; h.dispatchEvent(new Event('change')); })()")
    browser.wait("document.getElementById('view').clientWidth === 400 && document.getElementById('view').clientHeight === 700",
                 "the 400x700 viewport")
    browser.wait("(() => { const f = %s; return f && Math.abs(f[2] - 400) < 0.01; })()" % frame_js("l0"),
                 "a re-render at width 400")
    # An offset the address gives is shown as it is, through the passes the server pushes; only a
    # person's scroll comes to rest where the paging behaviour says (before, any scroll did: the
    # shelf jumped to 320 as the address or a new pass set it to 345).
    browser.eval("location.hash = location.hash.replace(/&s0=[^&]*/, '') + '&s0=345'")
    browser.wait("document.querySelector('.shelf') && document.querySelector('.shelf').scrollLeft === 345", "the shelf at the address's 345")
    write_in_place(module, "return { H = 78 }\n")
    wait_height("l0", 78, "a pass pushed with the shelf at 345 (H = 78)")
    time.sleep(0.6)   # a snap would have begun 150 ms after the shelf's scroll
    check("an offset from the address and a pushed pass is shown as it is (no snap)",
          browser.eval("document.querySelector('.shelf').scrollLeft") == 345 and "s0=345" in browser.eval("location.hash"),
          "%s, %s" % (browser.eval("document.querySelector('.shelf').scrollLeft"), browser.eval("location.hash")))
    box = browser.eval("(() => { const r = document.querySelector('.shelf').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
    browser.call("Input.dispatchMouseEvent", type="mouseWheel", x=box[0] + box[2] / 2, y=box[1] + box[3] / 2, deltaX=15, deltaY=0)
    # groupPaging: the shelf comes to rest on a group's edge (groups 150 wide, 10 apart).
    browser.wait("document.querySelector('.shelf').scrollLeft === 320 && /s0=320(&|$)/.test(location.hash)",
                 "the shelf snapped to 320 after a wheel, and the offset in the address")
    check("a person's scroll of the shelf snaps as its paging behaviour says", True)
    write_in_place(module, "return { H = 79 }\n")
    wait_height("l0", 79, "the rows back to H = 79")
    browser.eval("document.getElementById('view').scrollTo(0, 3000)")
    browser.wait("!!document.querySelector('[data-id=\"l40\"]')", "l40 drawn after scrolling")
    f = browser.eval(frame_js("l40"))
    view_rect = browser.eval("(() => { const r = document.getElementById('view').getBoundingClientRect(); return [r.left, r.top]; })()")
    browser.click(view_rect[0] + f[0] + 20, view_rect[1] + f[1] + f[3] / 2)
    browser.wait("/sel=l40/.test(location.hash)", "selection in the address")
    browser.wait("/\"title\": \"List 40\"/.test(document.getElementById('inspector').textContent)", "the data fields")
    text = browser.eval("document.getElementById('inspector').textContent")
    check("inspector shows the id", "id: l40" in text, text)
    check("inspector shows the data fields", '"title": "List 40"' in text and '"n": 40' in text, text)
    check("inspector shows the frame in content coordinates", "frame (content): (0, %s, 400, 79)" % (120 + 40 * 83) in text, text)
    check("inspector shows the section and index", "section: 1, item 40" in text, text)
    anchored = browser.eval(frame_js("l40"))
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-selected.png"))
    for k in range(100):
        g = gen()
        write_in_place(module, "return { H = %d }\n" % (70 + (k % 9) * 3 + (1 if k % 2 else 0)))
        browser.wait("+(document.body.dataset.gen || 0) > %d" % g, "reload %d" % (k + 1))
    write_in_place(module, "return { H = 90 }\n")
    wait_height("l40", 90, "the final reload (H = 90)")
    after = browser.eval(frame_js("l40"))
    check("viewport size survives 100 reloads",
          browser.eval("[view.clientWidth, view.clientHeight]") == [400, 700])
    check("selected item anchored within 1 px over 100 reloads", abs(after[1] - anchored[1]) <= 1 and abs(after[0] - anchored[0]) <= 1,
          "%s -> %s" % (anchored, after))
    check("selection survives", browser.eval("document.querySelector('.sel') && document.querySelector('.sel').dataset.id") == "l40")
    hash_now = browser.eval("location.hash")
    check("state in the address", all(p in hash_now for p in ("w=400", "h=700", "s0=320", "sel=l40")), hash_now)
    text = browser.eval("document.getElementById('inspector').textContent")
    check("inspector shows the last reload's change", "last reload: (0, " in text and "-> (0, " in text, text)
    browser.eval("document.getElementById('view').scrollTo(0, 0)")
    browser.wait("document.querySelector('.shelf') && document.querySelector('.shelf').scrollLeft === 320",
                 "the shelf drawn again at its kept offset")
    check("shelf offset survives", True)

    # A deleted selection says so.
    with open(data) as fd:
        doc = json.load(fd)
    doc["sections"][1]["items"] = [i for i in doc["sections"][1]["items"] if i["id"] != "l40"]
    write_by_rename(data, json.dumps(doc))
    browser.wait("/l40 was deleted/.test(document.getElementById('inspector').textContent)", "the deleted selection note")
    check("deleted selection says so", True)

    # The page's scroll message names the generation it drew. One of a picture a save has since
    # replaced, whose shelves may be gone, has those dropped and its offset taken, not refused;
    # the last good picture's are held to its shelves. The server handles a page's messages in
    # order and answers an inspect at once: the answer to one sent after a message says it was handled.
    browser.wait("(() => { const s = window.__reports.filter(r => r.type === 'scroll').pop();"
                 " return scrollTimer === 0 && s && s.gen === M.gen; })()", "a scroll message naming the generation drawn")
    check("the page's scroll message names the generation it drew", True)
    browser.eval("window.__refusals = []; ws.addEventListener('message', ev => {"
                 " if (typeof ev.data !== 'string') return; const m = JSON.parse(ev.data);"
                 " if (m.type === 'refused') __refusals.push(m.message); if (m.type === 'inspect') window.__answered = true; }); true")

    def scroll_refusals(gen_js):
        browser.eval("window.__answered = false;"
                     " ws.send(JSON.stringify({ type: 'scroll', gen: %s, x: S.x, y: S.y, shelves: [[1, 0, 0]] }));"
                     " ws.send(JSON.stringify({ type: 'inspect', index: 0 })); true" % gen_js)
        browser.wait("window.__answered", "the answer to an inspect sent after the scroll")
        return browser.eval("__refusals.splice(0)")
    refused = scroll_refusals("M.gen - 1")
    check("a scroll of an older picture with a shelf the new one lacks is not refused", refused == [], str(refused))
    refused = scroll_refusals("M.gen")
    check("one of the picture drawn is refused as before",
          refused == ["scroll: expected shelves[0]'s section to be one that scrolls sideways (0), got 1"], str(refused))
    browser.eval("$('refused').hidden = true")

    # An id and data fields with a right-to-left override and an isolate show in the inspector
    # and the item's label as the text output writes them, not reordered.
    doc["sections"][1]["items"].insert(0, {"id": "r\u202eab\u2066c", "title": "x\u202ey\\z"})
    write_by_rename(data, json.dumps(doc))
    browser.wait("!!document.querySelector('[data-id=\"r\u202eab\u2066c\"]')", "the item with bidi controls drawn")
    label = browser.eval("document.querySelector('[data-id=\"r\u202eab\u2066c\"]').textContent")
    check("its label shows the controls as escapes", label == "r\\u202eab\\u2066c", label)
    browser.eval("select(idIndex(M.ids, 'r\u202eab\u2066c'))")
    browser.wait("/x\\\\u202ey/.test(document.getElementById('inspector').textContent)", "the bidi item's data fields")
    text = browser.eval("document.getElementById('inspector').textContent")
    shown = [l for l in text.split("\n") if l.startswith("id: ") or l.startswith("  \"")]
    check("the inspector shows its id and fields with the controls as escapes",
          shown == ["id: r\\u202eab\\u2066c", '  "id": "r\\u202eab\\u2066c",', '  "title": "x\\u202ey\\\\z"'], str(shown))
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-bidi-inspector.png"))
    # The data as it was: the saves below name the list's items by place and keep its ids.
    doc["sections"][1]["items"].pop(0)
    write_by_rename(data, json.dumps(doc))
    browser.wait("!document.querySelector('[data-id=\"r\u202eab\u2066c\"]') && !!document.querySelector('[data-id=\"l0\"]')",
                 "the item with bidi controls gone")

    # A lost connection comes back without reloading the page: a new socket opens and the server
    # answers on it (the status line alone proves nothing: it reads "connected" until the closed
    # socket's event arrives).
    browser.eval("window.__marker = 42; window.__closed = ws; true")
    browser.eval("ws.close()")
    browser.wait("ws !== window.__closed && ws.readyState === 1", "a new socket open")
    browser.eval("window.__answered = false; ws.addEventListener('message', ev => {"
                 " if (typeof ev.data === 'string' && JSON.parse(ev.data).type === 'inspect') window.__answered = true; });"
                 " ws.send(JSON.stringify({ type: 'inspect', index: 0 })); true")
    browser.wait("window.__answered", "the answer to an inspect on the new socket")
    reconnected = browser.eval("[window.__closed.readyState, ws.readyState, window.__marker, document.getElementById('conn').textContent]")
    check("reconnects without reloading the page", reconnected == [3, 1, 42, "connected"], str(reconnected))

    # A save that inserts a section above a shelf renumbers it: the shelf (by its section's id)
    # keeps its offset at its new number, the new section's shelf starts at 0, and the page's
    # scroll message names the new number (the server's copy follows it the same way).
    browser.wait("ws.readyState === 1 && " + SOCKET_OPEN, "the page's socket open again")
    browser.eval("window.__sent = []; send = (plain => m => { window.__sent.push(JSON.parse(JSON.stringify(m))); plain(m); })(send); true")
    g = gen()
    write_by_rename(script, SHELVES_BY_ID)
    browser.wait("+(document.body.dataset.gen || 0) > %d && M.O.length === 1 && M.O[0].id === 'shelf'" % g, "the shelves by section id")
    browser.eval("M.SHELVES[0].node.scrollLeft = 480 - M.SHELVES[0].x0; true")
    browser.wait("/s0=480(&|$)/.test(location.hash)", "the shelf at 480")
    doc["sections"].insert(0, {"id": "top", "items": [{"id": "t%d" % i, "title": "Top %d" % i} for i in range(8)]})
    write_by_rename(data, json.dumps(doc))
    browser.wait("M.O.length === 2 && M.O[0].id === 'top'", "the section inserted above the shelf")
    shelves = browser.eval("M.O.map(o => [o.id, o.section, shelfOffset(M.SHELVES[M.shelfBySection.get(o.section)]),"
                           " M.SHELVES[M.shelfBySection.get(o.section)].node.scrollLeft + M.SHELVES[M.shelfBySection.get(o.section)].x0])")
    check("the renumbered shelf keeps its offset and the new one starts at 0",
          shelves == [["top", 0, [0, 0], 0], ["shelf", 1, [480, 0], 480]], str(shelves))
    if SHOTS:
        browser.eval("view.scrollTo(0, 0), true")
        browser.wait("!!document.querySelector('[data-id=\"t0\"]') && !!document.querySelector('[data-id=\"s3\"]')", "both shelves drawn at the top")
        browser.screenshot(os.path.join(SHOTS, "preview-shelves-renumbered.png"))
    sent = browser.wait("(() => { const s = window.__sent.filter(r => r.type === 'scroll' && r.gen === M.gen).pop();"
                        " return scrollTimer === 0 && s && s.shelves; })()", "the scroll message of the new picture")
    check("the page's scroll message names the shelf's new number", sent == [[1, 480, 0]], str(sent))
    browser.wait("/&s1=480(&|$)/.test(location.hash) && !/&s0=/.test(location.hash)", "the address at the new number")
    check("the address keeps the shelf's offset at its new number", True)
    doc["sections"].pop(0)
    write_by_rename(data, json.dumps(doc))
    browser.wait("M.O.length === 1 && !document.querySelector('[data-id=\"t0\"]')", "the data as it was")
    g = gen()
    write_by_rename(script, SCRIPT % 4)
    browser.wait("+(document.body.dataset.gen || 0) > %d" % g, "the script as it was")

    if SHOTS:
        browser.eval("(() => { for (const b of document.querySelectorAll('[data-ov]')) if (b.dataset.ov !== 'problems') { b.checked = true; b.dispatchEvent(new Event('change')); } })()")
        time.sleep(0.3)
        browser.screenshot(os.path.join(SHOTS, "preview-overlays.png"))

    # A first run that fails shows the panel, and the picture comes with the first good save.
    broken = os.path.join(work, "first.lua")
    write_in_place(broken, "return {\n  simpleLayout = function(ctx)\n")
    second = subprocess.Popen([TESSERA, "preview", broken, "--data", data, "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        second_url = re.search(r"(http://\S+)", second.stdout.readline()).group(1)
        browser.call("Page.navigate", url=second_url)
        browser.wait("document.getElementById('error') && getComputedStyle(document.getElementById('error')).display === 'block'",
                     "the first run's error panel")
        browser.wait(SOCKET_OPEN, "the page's socket")
        check("a failing first run shows the panel and no picture",
              "runtime error" in browser.eval("document.getElementById('error').textContent") or
              "syntax error" in browser.eval("document.getElementById('error').textContent"))
        check("a failing first run draws nothing", browser.eval("document.querySelectorAll('[data-id]').length") == 0)
        check("a failing first run's status says so, not that it waits",
              browser.eval("document.getElementById('status').textContent") == "gen 1 failed: nothing laid out yet")
        write_by_rename(broken, "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 50, ctx.width, 40) end end }\n")
        browser.wait("(() => { const f = %s; return f && f[1] === 50 && f[3] === 40; })()" % frame_js("s1"), "the first good picture")
        check("the first good save draws and clears the panel",
              browser.eval("getComputedStyle(document.getElementById('error')).display") == "none")
        # Problems: items 3 and 4 overlap; "next problem" selects the first of them.
        write_in_place(broken, "return { simpleLayout = function(ctx) for i = 1, ctx.count do"
                               " ctx.set(i, 0, (i - 1) * 50 - (i == 4 and 20 or 0), ctx.width, 40) end end }\n")
        browser.wait("(() => { const f = %s; return f && f[1] === 130; })()" % frame_js("s3"), "the overlapping picture")
        browser.eval("document.getElementById('next').click()")
        browser.wait("/id: s2/.test(document.getElementById('inspector').textContent)", "next problem selecting s2")
        check("next problem selects the first overlapping item and marks both red",
              browser.eval("[...document.querySelectorAll('.problem')].map(n => n.dataset.id).sort().join()") == "s2,s3")
        # A data save that changes only frames: the new frames arrive, the id table is not sent again.
        write_in_place(broken, "return { simpleLayout = function(ctx) for i = 1, ctx.count do"
                               " ctx.set(i, 0, (i - 1) * 50, ctx.width, 20 + (ctx:item(i).n or 0)) end end }\n")
        browser.wait("(() => { const f = %s; return f && f[3] === 21; })()" % frame_js("l1"), "l1 sized by its data (n = 1)")
        ids_before = browser.eval("window.__ids = ids.table, ids.version")
        doc["sections"][1]["items"][1]["n"] = 5
        write_by_rename(data, json.dumps(doc))
        browser.wait("(() => { const f = %s; return f && f[3] === 25; })()" % frame_js("l1"), "l1 resized by a data save (n = 5)")
        check("a data save that changes only frames keeps the id table (none sent)",
              browser.eval("ids.table === window.__ids && ids.version === %d && M.idsVersion === %d" % (ids_before, ids_before)))
    finally:
        # Away from its page first: a page whose server is gone reconnects, and logs the refusal.
        browser.call("Page.navigate", url="about:blank")
        second.terminate()
        second.wait(timeout=10)

    # With no size in the address, the page takes the one --viewport gave the server.
    third = subprocess.Popen([TESSERA, "preview", script, "--data", data, "--port", "0", "--viewport", "390x844"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        browser.call("Page.navigate", url=re.search(r"(http://\S+)", third.stdout.readline()).group(1))
        browser.wait("(() => { const f = %s; return f && f[2] === 390; })()" % frame_js("l0"), "l0 drawn 390 wide")
        check("with no size in the address the page takes --viewport's 390x844",
              browser.eval("[S.w, S.h, $('vw').value, $('vh').value].join()") == "390,844,390,844")
        # Its server stopped (or started again, with a new token): after a few tries the page
        # says where to go. The refused tries are logged; they are no error of the page's.
        logged = len(browser.errors)
        third.terminate()
        third.wait(timeout=10)
        browser.wait("/prints a new address: open that one/.test(document.getElementById('conn').textContent)",
                     "the stopped server's note")
        check("a page whose server is gone says a restarted one has a new address", True)
        browser.errors[logged:] = [e for e in browser.errors[logged:] if "WebSocket connection to" not in e]
    finally:
        # Away from its page first: a page whose server is gone reconnects, and logs the refusal.
        browser.call("Page.navigate", url="about:blank")
        third.terminate()
        third.wait(timeout=10)

    # At the default 375x812 viewport in a laptop's 900 px tall window, the frame is drawn
    # smaller to fit under the bars: the grip is on screen and answers the pointer, the layout
    # still gets 375x812, and a drag moves the grip with the pointer.
    window = browser.call("Browser.getWindowForTarget")["windowId"]
    for width in (1280, 1440):
        browser.call("Page.navigate", url="about:blank")
        browser.call("Browser.setWindowBounds", windowId=window, bounds={"width": width, "height": 900})
        # The size in the address: without one the page takes the last one the server was asked for.
        browser.call("Page.navigate", url=url + "#w=375&h=812")
        browser.wait("innerWidth === %d && +(document.body.dataset.gen || 0) >= 1 && !!document.querySelector('#layer .item')" % width,
                     "the first picture in a %dx900 window" % width)
        browser.wait(SOCKET_OPEN, "the page's socket")
        # As it is painted: the frame fits again (a resize observer's work) before each paint
        # in which the bars above it changed height.
        browser.eval("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))")
        grip = browser.eval(GRIP_JS)
        check("in a %dx900 window the grip is on screen" % width,
              grip["box"][0] >= 0 and grip["box"][1] >= 0 and grip["box"][2] <= grip["window"][0] and grip["box"][3] <= grip["window"][1], str(grip))
        check("in a %dx900 window the grip answers the pointer" % width, grip["hit"], str(grip))
        check("in a %dx900 window the layout still gets the 375x812 viewport" % width,
              grip["viewport"] == [375, 812, 375, 812] and grip["scale"] < 1, str(grip))
        x, y = (grip["box"][0] + grip["box"][2]) / 2, (grip["box"][1] + grip["box"][3]) / 2
        browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
        browser.call("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y, button="left", buttons=1, clickCount=1)
        browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=x + 30, y=y - 60, button="left", buttons=1)
        browser.call("Input.dispatchMouseEvent", type="mouseReleased", x=x + 30, y=y - 60, button="left", buttons=0, clickCount=1)
        dragged = browser.eval("[S.w, S.h]")
        check("in a %dx900 window a drag of (30, -60) on screen resizes by it at the frame's scale" % width,
              dragged == [int(375 + 30 / grip["scale"] + 0.5), int(812 - 60 / grip["scale"] + 0.5)], "%s at scale %r" % (dragged, grip["scale"]))
        # The note saying the frame is drawn smaller draws it 1:1 when pressed, and fits it again.
        fit_js = "[document.getElementById('fit').textContent, view.getBoundingClientRect().width / view.offsetWidth]"
        smaller = browser.eval(fit_js)
        browser.eval("document.getElementById('fit').click(), true")
        whole = browser.eval(fit_js)
        browser.eval("document.getElementById('fit').click(), true")
        again = browser.eval(fit_js)
        # Fitted again, not at the first scale to the digit: the status line above may wrap
        # differently meanwhile (its timings change length), and the frame fits the room left.
        def fitted(note):
            return note[1] < 1 and note[0] == "drawn at %d%% (1:1)" % round(note[1] * 100)
        check("in a %dx900 window the fit note draws the frame 1:1 and fits it again" % width,
              fitted(smaller) and whole == ["drawn 1:1 (fit)", 1] and fitted(again) and abs(again[1] - smaller[1]) < 0.05,
              "%s, then %s, then %s" % (smaller, whole, again))

    check("no JavaScript error logged", not browser.errors, str(browser.errors))
    print("preview browser test: %d checks passed" % len(checks))
except BaseException:
    report_failure("preview browser test", checks, lines, browser)
    raise
finally:
    shut_down(browser, server)
