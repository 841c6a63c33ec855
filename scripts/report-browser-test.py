#!/usr/bin/env python3
"""`tessera test --report FILE.html` in a real browser, as a person sees it: a scratch project's
snapshot is written, the layout's spacing changed, and the report page of the failure opened in
headless Chromium (scripts/preview_cdp.py). It checks that the page runs without errors, names the
failed test and where, and that its picture draws the old frames and the new ones: the "old" and
"new" buttons and the slider change what is drawn, and a moved item's new top edge is drawn in
the "moved" colour only when the new frames are shown.

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
"""
ITEMS = '[{"id":"a","w":100,"h":80},{"id":"b","w":100,"h":120},{"id":"c","w":100,"h":60},{"id":"d","w":100,"h":90}]'


def main():
    tessera = os.path.abspath(sys.argv[1])
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    project = tempfile.mkdtemp(prefix="tessera-report-")
    os.makedirs(os.path.join(project, "tests"))
    with open(os.path.join(project, "items.json"), "w") as f:
        f.write(ITEMS)
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
               browser.eval("document.querySelector('h1').textContent") == "tessera test: 1 failed snapshot")
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
        checks("the page runs without errors", browser.errors == [], "\n".join(browser.errors))
    finally:
        browser.close()
    # A failed check raises, naming itself; these all passed.
    print("report browser test: %d checks passed" % len(checks))


if __name__ == "__main__":
    main()
