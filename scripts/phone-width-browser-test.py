#!/usr/bin/env python3
"""Tessera's pages on a phone: each page headless Chromium opens as a 390x844 phone (mobile
emulation, scripts/preview_cdp.py) lays out at the phone's width instead of a zoomed-out desktop
width, and nothing of it reaches past the right edge: `run --format html`'s page (also loaded at
a desktop's width and then narrowed to the phone's), `animate --format html`'s player, `test
--report`'s page and the live preview, there with a script saved broken, whose error box stays
on screen. The run and animate pages end a label too long for its
card in an ellipsis. On a 375x812 phone, as wide as the run page's viewport, the run page's
view and red outline fit edge to edge, and its overview strip, 10 px wide, lies over the view's
right edge. In a 375 px desktop window (no emulation: the page's scrollbar and the view's take
room), the run page is no wider than the window. No JavaScript error.

Usage: scripts/phone-width-browser-test.py TESSERA [SCREENSHOT_DIR]
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import SOCKET_OPEN, Browser, Checks, report_failure, shut_down, start_preview, write_files  # noqa: E402

PHONE = (390, 844)
# A phone exactly as wide as the run page's 375 px viewport: the page's box fits it, edge to edge.
NARROW = (375, 812)
SCRIPT = 'return require("tessera").flow{ spacing = 4 }\n'
TEST = """local t = require("tessera")
test("the cards", function()
  expect(t.run("../cards.lua", {data = "../items.json", params = {}})):toMatchSnapshot()
end)
"""
ITEMS = {"items": [{"id": "card-number-%d-with-a-long-name" % k, "w": 120, "h": 60 + 10 * (k % 4)} for k in range(30)]}
# The page's width as laid out, how far its content reaches, and the boxes that must stay on it.
MEASURE_JS = """(() => {
  const right = s => { const n = document.querySelector(s); if (!n || getComputedStyle(n).display === 'none') return null;
                       const r = n.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.right)]; };
  return { width: innerWidth, reach: document.documentElement.scrollWidth,
           boxes: Object.fromEntries(%s.map(s => [s, right(s)])) };
})()"""


def main():
    tessera = os.path.abspath(sys.argv[1])
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    work, paths = write_files("tessera-phone-", {"cards.lua": SCRIPT, "items.json": ITEMS})
    os.makedirs(os.path.join(work, "tests"))
    env = {k: v for k, v in os.environ.items() if k != "CI"}

    def tessera_run(*arguments):
        return subprocess.run([tessera, *arguments], cwd=work, env=env, capture_output=True, text=True)

    def made(*arguments):
        done = tessera_run(*arguments)
        if done.returncode != 0:
            raise AssertionError("tessera %s failed: %s" % (" ".join(arguments), done.stderr))

    made("run", "cards.lua", "--data", "items.json", "--format", "html", "--out", "run.html")
    with open(os.path.join(work, "more.json"), "w") as f:
        json.dump({"items": [dict(i, h=i["h"] + 20) for i in ITEMS["items"]]}, f)
    made("animate", "cards.lua", "--data", "items.json", "--to", "more.json", "--format", "html", "--out", "animate.html")
    with open(os.path.join(work, "tests", "cards_test.lua"), "w") as f:
        f.write(TEST)
    made("test", "tests")
    with open(paths["cards.lua"], "w") as f:
        f.write(SCRIPT.replace("spacing = 4", "spacing = 9"))
    tessera_run("test", "tests", "--report", "report.html")
    checks = Checks()
    browser = Browser(*PHONE)
    browser.call("Emulation.setDeviceMetricsOverride", width=PHONE[0], height=PHONE[1], deviceScaleFactor=1, mobile=True)

    def fits(name, selectors, width=PHONE[0]):
        measured = browser.eval(MEASURE_JS % str(list(selectors)))
        checks("%s lays out at the phone's width" % name, measured["width"] == width, str(measured))
        checks("%s reaches no further than the phone's width" % name, measured["reach"] <= width, str(measured))
        for selector, box in measured["boxes"].items():
            checks("%s keeps %s on screen" % (name, selector),
                   box is not None and box[0] >= 0 and box[1] <= width, str(measured))
        if shots:
            browser.screenshot(os.path.join(shots, "phone-%s.png" % name))

    server = None
    lines = []
    try:
        # Loaded at a desktop's width, then narrowed to the phone's: the run page's view, sized
        # for a desktop's scrollbars, is sized again for the phone's overlay ones.
        browser.call("Emulation.setDeviceMetricsOverride", width=1280, height=800, deviceScaleFactor=1, mobile=False)
        browser.call("Page.navigate", url="file://" + os.path.join(work, "run.html"))
        browser.wait("innerWidth === 1280 && document.querySelector('#layer > div') !== null", "the run page at a desktop's width")
        browser.call("Emulation.setDeviceMetricsOverride", width=PHONE[0], height=PHONE[1], deviceScaleFactor=1, mobile=True)
        browser.wait("innerWidth < 1280 && new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))",
                     "the narrowing")
        fits("run-narrowed", ["#view"])
        checks("the narrowed run page's view shows the viewport, no more",
               browser.eval("[view.clientWidth, view.clientHeight]") == [375, 812], str(browser.eval("[view.clientWidth, view.clientHeight]")))
        for page, ready, boxes in (("run", "#layer > div", ["#view"]), ("animate", "#view .card", ["#controls", "#view"]),
                                   ("report", "canvas", [".failure", ".picture"])):
            browser.call("Page.navigate", url="file://" + os.path.join(work, page + ".html"))
            browser.wait("document.querySelector(%r) !== null" % ready, "the %s page" % page)
            fits(page, boxes)
            # A label too long for its card ends in an ellipsis, not cut mid-letter.
            cut = browser.eval("(() => { const n = [...document.querySelectorAll('#layer > div.item, #view .card')]"
                               ".find(n => n.scrollWidth > n.clientWidth); return n ? getComputedStyle(n).textOverflow : null; })()")
            if page != "report":
                checks("%s ends a long label in an ellipsis" % page, cut == "ellipsis", str(cut))
        # On a phone as wide as the viewport, the view and its red outline fit edge to edge.
        browser.call("Emulation.setDeviceMetricsOverride", width=NARROW[0], height=NARROW[1], deviceScaleFactor=1, mobile=True)
        browser.call("Page.navigate", url="file://" + os.path.join(work, "run.html"))
        browser.wait("innerWidth === %d && document.querySelector('#layer > div') !== null" % NARROW[0], "the run page on a 375 px phone")
        fits("run-375", ["#view", "#outline", "#overview"], width=NARROW[0])
        strip = browser.eval("(() => { const s = document.getElementById('overview').getBoundingClientRect(),"
                             " v = document.getElementById('view').getBoundingClientRect();"
                             " return [s.width, s.height, s.right === v.right, s.top === v.top]; })()")
        checks("on a 375 px phone the overview strip, 10 px and its border, lies over the view's right edge",
               strip == [12, 814, True, True], str(strip))
        checks("on a 375 px phone the view shows the viewport, no more",
               browser.eval("[view.clientWidth, view.clientHeight]") == [375, 812], str(browser.eval("[view.clientWidth, view.clientHeight]")))
        # A desktop window as narrow, without phone emulation: its scrollbars take room (the page's
        # and the box's, which the box grew by), and the page ran past the window's edge by them.
        browser.call("Emulation.setDeviceMetricsOverride", width=NARROW[0], height=NARROW[1], deviceScaleFactor=1, mobile=False)
        browser.call("Page.navigate", url="file://" + os.path.join(work, "run.html"))
        browser.wait("innerWidth === %d && document.querySelector('#layer > div') !== null" % NARROW[0], "the run page in a 375 px window")
        desktop = browser.eval("[innerWidth, document.documentElement.clientWidth, document.documentElement.scrollWidth,"
                               " Math.round(document.getElementById('outline').getBoundingClientRect().right)]")
        checks("a 375 px desktop window's scrollbar takes room", desktop[1] < desktop[0], str(desktop))
        checks("in a 375 px desktop window the run page is no wider than the window, nor than the room beside its scrollbar",
               desktop[2] <= desktop[0] and desktop[2] <= desktop[1], str(desktop))
        checks("in a 375 px desktop window the red outline ends at the window's room", desktop[3] == desktop[1], str(desktop))
        if shots:
            browser.screenshot(os.path.join(shots, "phone-run-375-desktop.png"))
        browser.call("Emulation.setDeviceMetricsOverride", width=PHONE[0], height=PHONE[1], deviceScaleFactor=1, mobile=True)
        server, url, _, _, lines = start_preview([tessera, "preview", paths["cards.lua"], "--data", paths["items.json"], "--port", "0"])
        browser.call("Page.navigate", url=url + "#w=375&h=600")
        browser.wait("+(document.body.dataset.gen || 0) >= 1 && !!document.querySelector('#layer .item')", "the first picture")
        browser.wait(SOCKET_OPEN, "the page's socket")
        fits("preview", ["#bar", "#side"])
        with open(paths["cards.lua"], "w") as f:
            f.write("return {\n  simpleLayout = function(ctx)\n    for i = 1, ctx.count do\n")
        browser.wait("getComputedStyle(document.getElementById('error')).display !== 'none'", "the error box")
        fits("preview-error", ["#error"])
        checks("no JavaScript error logged", not browser.errors, str(browser.errors))
    except BaseException:
        report_failure("phone width browser test", checks, lines, browser)
        raise
    finally:
        if server is not None:
            shut_down(browser, server)
        else:
            browser.close()
    print("phone width browser test: %d checks passed" % len(checks))


if __name__ == "__main__":
    main()
