#!/usr/bin/env python3
"""`tessera animate --format html` in a real browser, checked against `--format json`'s samples at
the same frame rate: opened with `#t=T` (T written as 0.35 or as 1e-1, or beyond the end) the
player stands paused at the last sample at or before T and draws a card where that sample puts
its view; an edited `#t=` moves it; the scrubber shows sample k; play runs to the end and stops;
pause holds the time.

Usage: scripts/animate-page-browser-test.py TESSERA
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import Browser, Checks, write_files  # noqa: E402

ITEMS = [{"id": "i%d" % k, "w": 60, "h": 60} for k in range(12)]
# 1.1 s × 50 is 55.00000000000001 in doubles, yet 55 / 50 is 1.1: the duration is one frame time.
FPS = 50
# The shown time, the scrubber's sample, the play button, and card i0's place (page pixels).
STATE_JS = """JSON.stringify([document.getElementById('time').textContent, +document.getElementById('scrubber').value,
  document.getElementById('play').textContent,
  (c => c ? [parseFloat(c.style.left), parseFloat(c.style.top)] : null)(
    [...document.querySelectorAll('#view .card')].find(c => c.textContent === 'i0'))])"""


def main():
    tessera = os.path.abspath(sys.argv[1])
    work, _ = write_files("tessera-animate-page-", {"old.json": {"items": ITEMS}, "new.json": {"items": ITEMS[::-1]}})

    def animate(*flags):
        done = subprocess.run([tessera, "animate", "flow", "--data", "old.json", "--to", "new.json", "--offset", "0,0",
                               "--animator-param", "duration=1.1", "--fps", str(FPS), *flags],
                              cwd=work, capture_output=True, text=True)
        if done.returncode != 0:
            raise AssertionError("tessera animate %s failed: %s" % (" ".join(flags), done.stderr))
        return done.stdout

    samples = json.loads(animate())["samples"]
    with open(os.path.join(work, "page.html"), "w") as page:
        page.write(animate("--format", "html"))
    i0 = [next(v["frame"][:2] for v in s["views"] if v["id"] == "i0") for s in samples]
    checks = Checks()
    browser = Browser(600, 1000)

    def state():
        return json.loads(browser.eval(STATE_JS))

    def shows(what, k, got):
        checks("%s: sample %d (t = %.3f s)" % (what, k, samples[k]["t"]),
               got[1] == k and got[3] is not None and all(abs(a - b) < 1e-3 for a, b in zip(got[3], i0[k])),
               "%s; the JSON puts i0 at %s" % (got, i0[k]))

    try:
        times = [s["t"] for s in samples]
        checks("the duration is sampled once", len(times) == 56 and times[-2:] == [1.08, 1.1], str(times[-3:]))

        def at(t):
            return max(k for k, s in enumerate(times) if s <= t + 1e-9)

        for hash_time, shown in (("0.35", "0.350"), ("1e-1", "0.100"), ("99", "1.100"), ("-1", "0.000")):
            k = at(min(max(float(hash_time), 0), 1.1))
            browser.call("Page.navigate", url="about:blank")
            browser.call("Page.navigate", url="file://" + os.path.join(work, "page.html") + "#t=" + hash_time)
            browser.wait("document.querySelector('#view .card') !== null", "the page at #t=" + hash_time)
            got = state()
            checks("#t=%s shows t = %s s, paused" % (hash_time, shown), got[0] == "t = %s s / 1.100 s" % shown and got[2] == "Play", str(got))
            shows("#t=" + hash_time, k, got)
        browser.eval("location.hash = 't=0.5'")
        browser.wait("document.getElementById('time').textContent.startsWith('t = 0.500')", "the edited #t=0.5")
        shows("an edited #t=0.5", at(0.5), state())
        browser.eval("(s => { s.value = 7; s.dispatchEvent(new Event('input')); })(document.getElementById('scrubber'))")
        shows("the scrubber at 7", 7, state())
        # Play until the shown time moves, then pause, within the page: two round trips from
        # here could let a busy machine's play run to its end between them.
        browser.eval("""new Promise(done => { const time = document.getElementById('time'), before = time.textContent;
          document.getElementById('play').click();
          const look = () => { if (time.textContent === before) return requestAnimationFrame(look);
                               document.getElementById('play').click(); done(true); };
          requestAnimationFrame(look); })""")
        paused = state()
        time.sleep(0.3)
        checks("pause holds the time", state() == paused and paused[2] == "Play", "%s then %s" % (paused, state()))
        browser.eval("document.getElementById('play').click()")
        browser.wait("document.getElementById('play').textContent === 'Play'", "the end of the play")
        shows("played to the end", len(samples) - 1, state())
        checks("no JavaScript error logged", not browser.errors, str(browser.errors))
    finally:
        browser.close()
    print("animate page browser test: %d checks passed" % len(checks))


if __name__ == "__main__":
    main()
