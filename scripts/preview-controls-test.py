#!/usr/bin/env python3
"""Browser test of the preview page's daily controls: labels, params, "next problem".

Usage: scripts/preview-controls-test.py TESSERA [SCREENSHOT_DIR]

Serves a script that declares params (a number, a boolean, a string, and a string with
`choices`) with `--label name`, and checks in headless Chromium over the DevTools protocol: every
drawn item shows its `name` field; the page shows a control per declared param of its default's
type (a menu of the choices); changing the number field lays out again with the new value (the
script file untouched) and puts it in the address, and a reload of that address keeps it; the
menu and a checkbox likewise; a value of the wrong type sent over the socket is the run's error in
the panel, and the defaults button brings the picture back; "next problem" goes from where the
page is scrolled to the next of `tessera check`'s warnings below, scrolls it into view, outlines
it and shows the check's sentence, then wraps to the first. The server's refusals of a message
(a hello with too many params, a viewport that is not JSON, a viewport side of 0) show in the line under the status
line until dismissed; a viewport side in the address that is not finite (`#w=1e999`) is left out,
one past the fields' bound is that bound; a param in the address that JSON cannot carry (`p.columns=1e999`) is refused
there in the server's words and not sent. Then a built-in layout by name
(`flow`): a control per parameter it takes, menus for its enums, laying out again from them. No
JavaScript error. Last, sections titled in their top right corners (`flow` over titled
sections): each title's box is as wide as its text and padding, and no label runs under a title:
it moves under, is cut short of it or is left off, as in the svg picture and run --format html's
page. Screenshots (with SCREENSHOT_DIR): preview-controls.png, preview-refused.png,
preview-refused-viewport.png, preview-not-sent.png, preview-titles.png.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import SOCKET_OPEN, TITLED, Browser, Checks, check_title_labels, drawn_box_js, report_failure, shut_down, start_preview, write_files  # noqa: E402

TESSERA = sys.argv[1]
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None

# Rows 50 apart, cells 40 high; with `overlap`, items 7 and 31 (1-based) move 20 up into the
# row above, over items 5 and 29.
SCRIPT = """return {
  params = { columns = 2, gap = 4, overlap = false, title = "grid", mode = "cells", margins = { 0, 0 } },
  choices = { mode = { "cells", "wide" } },
  simpleLayout = function(ctx, p)
    local w = (ctx.width - (p.columns - 1) * p.gap) / p.columns
    if p.mode == "wide" then w = ctx.width end
    for i = 1, ctx.count do
      local c, r = (i - 1) % p.columns, (i - 1) // p.columns
      local y = r * 50
      if p.overlap and (i == 7 or i == 31) then y = y - 20 end
      ctx.set(i, c * (w + p.gap), y, w, 40)
    end
  end,
}
"""

_, files = write_files("tessera-preview-controls-", {
    "grid.lua": SCRIPT,
    "data.json": {"items": [{"id": "i%d" % k, "name": "Name %d" % k} for k in range(60)]},
    "sized.json": {"items": [{"id": "s%d" % k, "w": 50, "h": 40} for k in range(3)]},
    "titled.json": TITLED,
})
script, data = files["grid.lua"], files["data.json"]

server, url, _, _, lines = start_preview([TESSERA, "preview", script, "--data", data, "--label", "name",
                                          "--viewport", "375x400", "--port", "0"])
browser = None
check = Checks()


def frame(item_id):
    return browser.eval(drawn_box_js('[data-id="%s"]' % item_id))


def wait_x(item_id, x, what):
    wait_box(item_id, "Math.abs(f[0] - %r) < 0.05" % x, what)


def controls():
    """Each control's param and its inputs' types, as drawn."""
    return browser.eval("""[...document.querySelectorAll('#params [data-param]')].map(l =>
      [l.dataset.param, [...l.querySelectorAll('input, select')].map(i => i.type).join('+')])""")


def menu(name):
    """The texts of a menu's options, and which is chosen."""
    return browser.eval("[...document.querySelectorAll('#params [data-param=\"%s\"] option')].map(o => [o.textContent, o.selected])" % name)


def choose(name, value):
    browser.eval("""(() => { const m = document.querySelector('#params [data-param="%s"] select');
      m.value = %s; m.dispatchEvent(new Event('change')); return true; })()""" % (name, json.dumps(json.dumps(value))))


def wait_box(item_id, condition, what):
    """Waits until item_id's drawn box `f` meets `condition` (JavaScript)."""
    browser.wait("(() => { const f = %s; return f && (%s); })()" % (drawn_box_js('[data-id="%s"]' % item_id), condition), what)


def set_number(name, value):
    browser.eval("""(() => { const f = document.querySelector('#params [data-param="%s"] input[type=number]');
      f.value = '%s'; f.dispatchEvent(new Event('change')); return true; })()""" % (name, value))


try:
    browser = Browser()
    browser.call("Page.navigate", url=url + "#w=375&h=400")
    browser.wait("+(document.body.dataset.gen || 0) >= 1 && !!document.querySelector('[data-id=\"i3\"]')", "the first picture")
    browser.wait(SOCKET_OPEN, "the page's socket")

    # --label name: items show their name field.
    texts = browser.eval("[...document.querySelectorAll('#layer > div.item')].slice(0, 4).map(n => [n.dataset.id, n.textContent])")
    check("--label name: every drawn item shows its name", len(texts) == 4 and all(t == "Name " + i[1:] for i, t in texts), str(texts))

    # A control per declared param, of the default's type.
    found = controls()
    check("a control per declared param, of its default's type (a menu for choices)",
          found == [["columns", "range+number"], ["gap", "range+number"], ["margins", "text"], ["mode", "select-one"],
                    ["overlap", "checkbox"], ["title", "text"]], str(found))
    options = menu("mode")
    check("the menu lists the script's choices, the default chosen", options == [["cells", True], ["wide", False]], str(options))
    check("the number control shows the default", browser.eval("document.querySelector('#params [data-param=\"columns\"] input[type=number]').value") == "2")

    # columns = 3 from its field: laid out again, the file untouched, the value in the address.
    before = open(script).read()
    set_number("columns", 3)
    w = (375 - 2 * 4) / 3
    wait_x("i2", 2 * (w + 4), "item i2 in the third column")
    check("columns = 3 lays out three columns", abs(frame("i1")[0] - (w + 4)) < 0.05, str(frame("i1")))
    check("the script file is untouched", open(script).read() == before)
    search = browser.eval("location.search")
    check("the address keeps the value (p.columns=3)", "p.columns=3" in search and "token=" in search, search)

    # A reload of that address keeps it.
    browser.call("Page.navigate", url=browser.eval("location.href"))
    browser.wait("+(document.body.dataset.gen || 0) >= 1 && !!document.querySelector('[data-id=\"i2\"]')", "the reloaded picture")
    browser.wait(SOCKET_OPEN, "the page's socket")
    wait_x("i2", 2 * (w + 4), "item i2 in the third column after the reload")
    check("after a reload the picture and the control keep columns = 3",
          browser.eval("document.querySelector('#params [data-param=\"columns\"] input[type=number]').value") == "3")

    # The menu: mode = "wide" lays out full-width items, and goes into the address.
    choose("mode", "wide")
    wait_box("i3", "f[0] === 0 && Math.abs(f[2] - 375) < 0.05", "item i3 (first of its row) full width")
    check("the menu's choice is in the address", "p.mode=wide" in browser.eval("location.search"), browser.eval("location.search"))
    # A value outside the choices (a page's message): the run's error names the file and the param.
    browser.eval("ws.send(JSON.stringify({ type: 'params', values: { columns: 3, mode: 'tiles' } })); true")
    browser.wait("getComputedStyle(document.getElementById('error')).display === 'block'", "the choices error panel")
    panel = browser.eval("document.getElementById('error').textContent")
    check("a value outside the choices is the run's error, naming the file and the param",
          ("at " + script) in panel and "param 'mode' expects one of \"cells\", \"wide\", got \"tiles\"" in panel, panel[:300])

    # A value of the wrong type (a page's message): the run's error in the panel; the defaults
    # button brings the script's defaults back.
    browser.eval("ws.send(JSON.stringify({ type: 'params', values: { columns: 'three' } })); true")
    browser.wait("getComputedStyle(document.getElementById('error')).display === 'block' && /three/.test(document.getElementById('error').textContent)",
                 "the params error panel")
    panel = browser.eval("document.getElementById('error').textContent")
    check("a param of the wrong type is the run's error", "columns" in panel and "three" in panel, panel[:300])
    # JSON text with a number JSON cannot carry (1e999 reads as Infinity, sent as null) is
    # refused on its field; a string too long for the address (the server reads request lines
    # of 8 KB) stays out of it, its control says so, and a reload is not refused.
    refused = browser.eval("""(() => { const f = document.querySelector('#params [data-param="margins"] input');
      f.value = '[1e999, 0]'; f.dispatchEvent(new Event('change')); return [f.validationMessage, 'margins' in PP]; })()""")
    check("JSON text with 1e999 is refused on its field, not sent", refused == ["expected JSON with finite numbers", False], str(refused))
    browser.eval("""(() => { const f = document.querySelector('#params [data-param="title"] input');
      f.value = 'y'.repeat(10000); f.dispatchEvent(new Event('change')); return true; })()""")
    check("a value too long for the address is left out of it, and its control says so",
          len(browser.eval("location.search")) < 8000 and "p.title" not in browser.eval("location.search")
          and "unkept" in browser.eval("document.querySelector('#params [data-param=\"title\"]').className"))
    browser.eval("window.__before = 1")
    browser.call("Page.reload")
    browser.wait("!window.__before && +(document.body.dataset.gen || 0) >= 1 && !!document.querySelector('#params [data-param=\"title\"]')", "the page reloaded")
    browser.wait(SOCKET_OPEN, "the page's socket")
    check("the page reloads with the value left out of its address", True)
    browser.eval("document.querySelector('#params button').click()")
    wait_x("i1", (375 - 4) / 2 + 4, "item i1 in the second of two columns")
    check("the defaults button: two columns again, the panel cleared, no params in the address",
          browser.eval("getComputedStyle(document.getElementById('error')).display") == "none"
          and "p." not in browser.eval("location.search"))

    # The overlap checkbox: two overlapping pairs, at y = 100 and y = 700.
    browser.eval("document.querySelector('#params [data-param=\"overlap\"] input').click()")
    browser.wait("(() => { const d = idIndex(M.ids, 'i6'); return M && d >= 0 && M.Y[d] === 130; })()", "item i6 moved 20 up")
    check("the checkbox lays out with overlap = true", "p.overlap=true" in browser.eval("location.search"))

    # "next problem" from where the page is scrolled: at y = 400 the next is items 28 and 30.
    browser.eval("view.scrollTop = 400; draw(); true")
    browser.eval("document.getElementById('next').click()")
    browser.wait("!document.getElementById('problem').hidden && /Problem/.test(document.getElementById('problem').textContent)", "the problem's sentence")
    text = browser.eval("document.getElementById('problem').textContent")
    check("next problem from y = 400: the pair below, with the check's sentence",
          text == 'Problem 2 of 2 (overlap): items 28 ("i28") and 30 ("i30") overlap: (0, 700, 185.5, 40) and (0, 730, 185.5, 40)', text)
    check("it is scrolled into view (8 px above it)", browser.eval("S.y") == 692, str(browser.eval("S.y")))
    box = browser.eval(drawn_box_js("#problembox"))
    check("it is outlined: the box around both items", box is not None and [round(v, 2) for v in box] == [0, 8, 185.5, 70], str(box))
    check("its first item is selected", "id: i28" in browser.eval("document.getElementById('inspector').textContent"))
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-controls.png"))
    browser.eval("document.getElementById('next').click()")
    browser.wait("/Problem 1 of 2/.test(document.getElementById('problem').textContent)", "the first problem after the last")
    text = browser.eval("document.getElementById('problem').textContent")
    check("after the last problem, the first again", 'items 4 ("i4") and 6 ("i6") overlap' in text and browser.eval("S.y") == 92, text)

    check("no JavaScript error logged", not browser.errors, str(browser.errors))

    # The server's refusals of the page's messages show in the line under the status line (they
    # were only in the console): an address with more params than a message may set, which the
    # hello carries; a viewport that is not JSON; the dismiss button hides the line.
    many = "".join("&p.x%d=1" % k for k in range(300))
    browser.call("Page.navigate", url=url + many + "#w=375&h=400")
    browser.wait("!document.getElementById('refused').hidden", "the line of the refused hello")
    refusal = browser.eval("document.getElementById('refusal').textContent")
    check("a refused hello is shown under the status line",
          refusal == "the preview refused a message: params: expected at most 256 params, got 300", refusal)
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-refused.png"), clip=(0, 0, 1400, 160))
    def refusal_of(message, shows, what):
        """Sends `message` (JSON text) on the page's socket; the refusal line once it `shows` (a pattern)."""
        browser.eval("ws.send(%s); true" % json.dumps(message))
        browser.wait("/%s/.test(document.getElementById('refusal').textContent)" % shows, what)
        return browser.eval("document.getElementById('refusal').textContent")

    refusal = refusal_of('{"type":"viewport","w":1e999,"h":5}', "1e999", "the refused viewport's line")
    check("a refused viewport replaces it", refusal == 'the preview refused a message: expected a JSON object with a type, got '
          '"{\\"type\\":\\"viewport\\",\\"w\\":1e999,\\"h\\":5}": line 1, column 24: '
          'expected a number within the range of a double, found 1e999', refusal)
    # A viewport side the page's fields could not hold is refused with the range (it was dropped
    # without a word).
    refusal = refusal_of('{"type":"viewport","w":0,"h":400}', "from 1 to 100,000", "the refused viewport side's line")
    check("a viewport side out of range is refused with the range", refusal == "the preview refused a message: viewport: "
          "expected w and h to be whole numbers from 1 to 100,000, got w 0, h 400", refusal)
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-refused-viewport.png"), clip=(0, 0, 1400, 160))
    # A message of a type the preview does not take is refused with the types it does (it was
    # dropped without a word).
    refusal = refusal_of('{"type":"zoom"}', "zoom", "the refused type's line")
    check("a message of an unknown type is refused with the types the preview takes", refusal == "the preview refused a message: "
          'expected a message type of hello, viewport, scroll, inspect, params, problems or painted, got "zoom"', refusal)
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-refused-type.png"), clip=(0, 0, 1400, 160))
    browser.eval("document.getElementById('refusalok').click()")
    check("dismiss hides the line", browser.eval("document.getElementById('refused').hidden") is True)
    # A viewport side in the address that is not finite (1e999) is left out, as x and y are (the
    # page drew an Infinity-wide viewport with nothing visible); one past the W field's bound is
    # that bound.
    browser.call("Page.navigate", url=url + "#w=1e999&h=400")
    browser.wait("+(document.body.dataset.gen || 0) >= 1 && !!document.querySelector('[data-id=\"i1\"]')", "the picture at w=1e999")
    browser.wait(SOCKET_OPEN, "the page's socket")
    check("#w=1e999 is left out: the viewport is --viewport's width", browser.eval("[S.w, S.h]") == [375, 400], str(browser.eval("[String(S.w), S.h]")))
    # A fresh load (only the fragment differs, so navigating straight there would be a hash
    # change, which can race with the page writing its own hash back after a generation).
    browser.call("Page.navigate", url="about:blank")
    browser.call("Page.navigate", url=url + "#w=375&h=200000")
    browser.wait("+(document.body.dataset.gen || 0) >= 1 && S.h === 100000", "the picture at h=200000")
    browser.wait(SOCKET_OPEN, "the page's socket")
    check("#h=200000 is the H field's bound", browser.eval("[S.w, S.h]") == [375, 100000], str(browser.eval("[S.w, S.h]")))
    # A param in the address that JSON cannot carry (1e999 reads as Infinity, which was sent as
    # null): refused on the page in the server's words for that number, and never sent, so the
    # run lays out with the script's default (two columns), no error.
    browser.call("Page.navigate", url=url + "&p.columns=1e999&p.gap=%5B1%2C-2E999%5D#w=375&h=400")
    browser.wait("+(document.body.dataset.gen || 0) >= 1 && !!document.querySelector('[data-id=\"i1\"]')", "the picture")
    browser.wait(SOCKET_OPEN, "the page's socket")
    refusal = browser.eval("document.getElementById('refused').hidden ? null : document.getElementById('refusal').textContent")
    check("p.NAME=1e999 in the address is refused on the page with the server's sentence",
          refusal == "not sent: p.columns from the address: expected a number within the range of a double, found 1e999; "
          "p.gap from the address: expected a number within the range of a double, found -2E999", refusal)
    check("neither is sent", browser.eval("Object.keys(PP).length") == 0, str(browser.eval("PP")))
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-not-sent.png"), clip=(0, 0, 1400, 160))
    wait_x("i1", (375 - 4) / 2 + 4, "item i1 in the second of two columns")
    check("the run lays out with the defaults, no error",
          browser.eval("getComputedStyle(document.getElementById('error')).display") == "none")
    check("no JavaScript error logged", not browser.errors, str(browser.errors))
    # Away from its page first: a page whose server is gone reconnects, and logs the refusal.
    browser.call("Page.navigate", url="about:blank")
    shut_down(None, server)

    # A built-in layout by name: controls from its parameters and defaults.
    server, url, _, _, lines = start_preview([TESSERA, "preview", "flow", "--data", files["sized.json"], "--viewport", "375x400", "--port", "0"])
    browser.call("Page.navigate", url=url + "#w=375&h=400")
    browser.wait("+(document.body.dataset.gen || 0) >= 1 && !!document.querySelector('[data-id=\"s2\"]')", "the flow's first picture")
    browser.wait(SOCKET_OPEN, "the page's socket")
    found = controls()
    check("flow: a control per parameter it takes",
          found == [["spacing", "range+number"], ["lineSpacing", "range+number"], ["interitemSpacing", "range+number"],
                       ["justifyContent", "select-one"], ["alignItems", "select-one"], ["alignContent", "select-one"]], str(found))
    options = menu("justifyContent")
    check("flow: justifyContent's menu lists its values, the default chosen",
          options == [["start", True], ["center", False], ["end", False], ["spaceBetween", False], ["spaceAround", False],
                      ["spaceEvenly", False]], str(options))
    check("flow: a spacing's slider starts at 0",
          browser.eval("document.querySelector('#params [data-param=\"spacing\"] input[type=range]').min") == "0")
    choose("justifyContent", "center")
    wait_box("s0", "Math.abs(f[0] - 112.5) < 0.05", "the line centred: s0 at x = (375 - 150) / 2")
    check("flow: the choice is in the address", "p.justifyContent=center" in browser.eval("location.search"))
    set_number("interitemSpacing", 10)
    wait_box("s0", "Math.abs(f[0] - 102.5) < 0.05", "10 between the items: s0 at x = (375 - 170) / 2")
    check("no JavaScript error logged", not browser.errors, str(browser.errors))
    browser.call("Page.navigate", url="about:blank")
    shut_down(None, server)

    # Section titles measured and labels kept clear of them, as run --format html's page draws
    # them; again after a scroll away and back, which mounts the titles anew.
    server, url, _, _, lines = start_preview([TESSERA, "preview", "flow", "--data", files["titled.json"], "--label", "name",
                                              "--viewport", "300x400", "--port", "0"])
    browser.call("Page.navigate", url=url + "#w=300&h=400")
    browser.wait("+(document.body.dataset.gen || 0) >= 1 && !!document.querySelector('#layer > div.title')", "the titled picture")
    browser.wait(SOCKET_OPEN, "the page's socket")
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-titles.png"), clip=(0, 0, 380, 560))
    for when in ("titled sections: at first", "titled sections: after a scroll away and back"):
        if when.endswith("back"):
            browser.eval("view.scrollTop = 2000; draw(); true")
            browser.wait("S.y >= 2000", "a scroll down")
            browser.eval("view.scrollTop = 0; draw(); true")
            browser.wait("S.y === 0", "a scroll back")
        check_title_labels(browser, check, when, "labelOf(+n.dataset.d)")
    check("no JavaScript error logged", not browser.errors, str(browser.errors))
    print("preview controls test: %d checks passed" % len(check))
except BaseException:
    report_failure("preview controls test", check, lines, browser)
    raise
finally:
    shut_down(browser, server)
