#!/usr/bin/env python3
"""`tessera test --report FILE.html` in a real browser, as a person sees it: a scratch project's
snapshot is written, the layout's spacing changed, and the report page of the failure opened in
headless Chromium (scripts/preview_cdp.py). It checks that the page runs without errors, names the
failed test and where, and that its picture draws the old frames and the new ones: the "old" and
"new" buttons and the slider change what is drawn, and a moved item's new top edge is drawn in
the "moved" colour only when the new frames are shown. A second test's content is 1.8M px tall:
its picture is a window at 1:1 around the items that moved (it was drawn 3 px wide), and a note says
which part it shows. A test that failed without a snapshot (a `toEqual`) is listed after the
pictures with its message, and counted in the title.

Usage: scripts/report-browser-test.py TESSERA [SCREENSHOT_DIR]
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import Browser, Checks  # noqa: E402

TEST = """local t = require("tessera")
test("flow lays out the items", function()
  expect(t.run("flow", {data = "../items.json", params = {spacing = SPACING}})):toMatchSnapshot()
end)
test("a tall feed", function()
  expect(t.run("flow", {data = "../tall.json", sizing = "intrinsic", params = {spacing = SPACING}})):toMatchSnapshot()
end)
test("a long feed", function()
  expect(t.run("flow", {data = "../long.json", sizing = "intrinsic", params = {spacing = SPACING}})):toMatchSnapshot()
end)
test("the spacing is 8", function() expect(SPACING):toEqual(8) end)
"""
ITEMS = '[{"id":"a","w":100,"h":80},{"id":"b","w":100,"h":120},{"id":"c","w":100,"h":60},{"id":"d","w":100,"h":90}]'
# One item per line (300 of 375 px wide, at their own sizes): b's top moves from 1800008 to 1800012.
TALL = '[{"id":"a","w":300,"h":1800000},{"id":"b","w":300,"h":50},{"id":"c","w":300,"h":60}]'
# Drawn whole (at 16000 / 20134), b's top moving from 20008 to 20012, 15900 px down the picture.
LONG = '[{"id":"a","w":300,"h":20000},{"id":"b","w":300,"h":50},{"id":"c","w":300,"h":60}]'


def main():
    tessera = os.path.abspath(sys.argv[1])
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    project = tempfile.mkdtemp(prefix="tessera-report-")
    os.makedirs(os.path.join(project, "tests"))
    with open(os.path.join(project, "items.json"), "w") as f:
        f.write(ITEMS)
    with open(os.path.join(project, "tall.json"), "w") as f:
        f.write(TALL)
    with open(os.path.join(project, "long.json"), "w") as f:
        f.write(LONG)
    env = {k: v for k, v in os.environ.items() if k != "CI"}

    def run_tests(spacing, *flags):
        with open(os.path.join(project, "tests", "grid_test.lua"), "w") as f:
            f.write(TEST.replace("SPACING", str(spacing)))
        return subprocess.run([tessera, "test", *flags], cwd=project, env=env, capture_output=True, text=True)

    checks = Checks()
    first = run_tests(8)
    checks("the first run writes the snapshot", first.returncode == 0, first.stdout + first.stderr)
    failed = run_tests(12, "--report", "report.html")
    checks("the changed spacing fails", failed.returncode == 1, failed.stdout)

    browser = Browser(1200, 900)
    try:
        browser.call("Page.navigate", url="file://" + os.path.join(project, "report.html"))
        browser.wait("document.querySelector('canvas') !== null", "the report's picture")
        checks("the title counts the failures",
               browser.eval("document.querySelector('h1').textContent") == "tessera test: 3 failed snapshots, 1 other failure")
        other = browser.eval("(b => [b.querySelector('h2').textContent, b.querySelector('.where').textContent, "
                             "b.querySelector('pre').textContent])(document.getElementById('other-1'))")
        checks("the test that failed otherwise is listed with its message",
               other == ["the spacing is 8", "tests/grid_test.lua",
                         "tests/grid_test.lua:11: expected values to be equal: the value is 12, expected 8"], str(other))
        checks("the failure names its test", browser.eval("document.querySelector('h2').textContent") == "flow lays out the items")
        checks("and where it failed", browser.eval("document.querySelector('.where').textContent").startswith("tests/grid_test.lua:3"))
        # Item "d" moved from y 128 to y 132 (spacing 8 -> 12); its new top edge, a little in from
        # its left edge, in canvas pixels.
        pixel = """(() => {
          const c = document.querySelector('canvas'), k = c.width / parseFloat(c.style.width);
          const scale = parseFloat(c.style.width) / 324;
          const d = c.getContext('2d').getImageData(Math.round(50 * scale * k), Math.round((132 * scale + 1) * k), 1, 1).data;
          return [d[0], d[1], d[2]];
        })()"""
        picture = "document.querySelector('canvas').toDataURL()"

        def press(label):
            browser.eval("[...document.querySelectorAll('.controls button')].find(b => b.textContent === '%s').click()" % label)

        press("new")
        new_pixel, new_picture = browser.eval(pixel), browser.eval(picture)
        checks("'new' moves the slider to the new end", browser.eval("document.querySelector('input[type=range]').value") == "100")
        checks("the moved item's new edge is drawn in the moved colour", new_pixel[0] > 200 and new_pixel[1] < 120, str(new_pixel))
        if shots:
            browser.screenshot(os.path.join(shots, "report-new.png"))
        press("old")
        old_pixel, old_picture = browser.eval(pixel), browser.eval(picture)
        checks("'old' shows the old frames, without that edge", not (old_pixel[0] > 200 and old_pixel[1] < 120), str(old_pixel))
        checks("old and new pictures differ", old_picture != new_picture)
        browser.eval("const s = document.querySelector('input[type=range]'); s.value = 50; s.dispatchEvent(new Event('input'))")
        checks("the slider halfway blends both", browser.eval(picture) not in (old_picture, new_picture))
        if shots:
            browser.screenshot(os.path.join(shots, "report-both.png"))
        # The tall feed: drawn at 1:1 (300 px wide, not 3), as a window of 16000 px that starts a
        # tenth of it before the first changed frame (b's old top, 1800008), clamped to the end.
        tall = "document.querySelectorAll('canvas')[1]"
        size = browser.eval("[%s.style.width, %s.style.height]" % (tall, tall))
        checks("the tall content is drawn at 1:1, 300 px wide", size == ["300px", "16000px"], str(size))
        note = browser.eval("document.querySelectorAll('.failure')[1].querySelector('.window').textContent")
        checks("a note says which part is shown", note == "The content is 300 × 1800134 px, too large to draw whole: showing "
               "x 0–300, y 1784134–1800134 at 1:1, around the changed frames (they span x 0–300, y 1800008–1800134).", note)
        press_tall = "[...document.querySelectorAll('.failure')[1].querySelectorAll('.controls button')].find(b => b.textContent === 'new').click()"
        browser.eval(press_tall)
        # b's new top edge, 1800012 in content, 1800012 - 1784134 in the window.
        edge = browser.eval("""(() => {
          const c = %s, k = c.width / parseFloat(c.style.width);
          const d = c.getContext('2d').getImageData(Math.round(150 * k), Math.round((1800012 - 1784134 + 1) * k), 1, 1).data;
          return [d[0], d[1], d[2]];
        })()""" % tall)
        checks("b's new top edge is drawn in the moved colour", edge[0] > 200 and edge[1] < 120, str(edge))
        # b's old top is 15874 px into the window: the box scrolls as far as it goes (its end).
        scrolled = browser.eval("(b => [b.scrollTop, b.scrollHeight - b.clientHeight])(document.querySelectorAll('.picture')[1])")
        checks("the picture opens scrolled to the first change", scrolled[0] == min(1800008 - 1784134 - 20, scrolled[1]) and scrolled[0] > 15000,
               str(scrolled))
        if shots:
            browser.eval("document.querySelectorAll('.picture')[1].scrollIntoView(false)")
            browser.screenshot(os.path.join(shots, "report-tall.png"))
        # The long feed is drawn whole, its first screen all unchanged: it opens at the first change.
        long_box = "document.querySelectorAll('.picture')[2]"
        top, end = browser.eval("(b => [b.scrollTop, b.scrollHeight - b.clientHeight])(%s)" % long_box)
        first = 20008 * 16000 / 20134
        checks("a whole picture opens scrolled to its first change (or as far as it goes)",
               top > 15000 and abs(top - min(first - 20, end)) <= 1, str([top, end]))
        note = browser.eval("document.querySelectorAll('.failure')[2].querySelector('.window').textContent")
        checks("a note says where it opened", note == "Opened at the first change (x 0, y 20008); scroll the picture for the rest.", note)
        small = browser.eval("[document.querySelectorAll('.picture')[0].scrollTop, document.querySelectorAll('.failure')[0].querySelector('.window')]")
        checks("a picture whose change shows at once is not scrolled", small == [0, None], str(small))
        if shots:
            browser.eval("%s.scrollIntoView(false)" % long_box)
            browser.screenshot(os.path.join(shots, "report-long.png"))
        checks("the page runs without errors", browser.errors == [], "\n".join(browser.errors))
    finally:
        browser.close()
    # A failed check raises, naming itself; these all passed.
    print("report browser test: %d checks passed" % len(checks))


if __name__ == "__main__":
    main()
