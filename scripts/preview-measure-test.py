#!/usr/bin/env python3
"""Browser test of `tessera preview --measure`: measured sizes with the page as the host.

Usage: scripts/preview-measure-test.py TESSERA [SCREENSHOT_DIR]

Serves a 10,000-item text feed (the Debian games descriptions of datasets/, repeated with new
ids) with the built-in flow layout, whose heights start as the built-in text measurer's
estimates. In headless Chromium over the DevTools protocol it checks: every drawn item shows its
text in the page's font at its laid-out width; the browser's heights go back to the server and
come back as frames (after the page settles, each drawn item's frame is exactly its text's
height); scrolling up from the end, step by step, the first visible item's drawn position moves,
frame by frame, by the scroll and nothing else (0 px jump, 0.5 px tolerance; its top, or its
bottom when a generation resized it while the viewport's top cut it) while measurements
above it change the layout, each step waiting for the measurements it brought (the engine's
adjustment keeps it: the page did not scroll meanwhile); then, back at the end, the same while
scrolling on without waiting through the measured items as sizes far above change (the page's own
anchor keeps it, 0 px too, including a generation that arrives before a scroll's event and one
that resizes an item the viewport's top cuts); malformed measure messages (a NaN, a negative
size, an unknown item, a batch too large, no JSON) are refused with a message and the server goes on; no JavaScript error.
Screenshots (with SCREENSHOT_DIR): preview-measure-end.png at the end of the feed,
preview-measure.png after scrolling up.
"""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import SOCKET_OPEN, Browser, Checks, report_failure, shut_down, start_preview  # noqa: E402

TESSERA = sys.argv[1]
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COUNT = 10000
STEP, STEPS = 120, 40

# The feed: the games' descriptions as items with `text`, repeated under new ids up to COUNT,
# with the source and licence of the dataset they come from.
games = json.load(open(os.path.join(ROOT, "datasets", "debian-bookworm-games.json")))
texts = [item for section in games["sections"] for item in section["items"] if item.get("text")]
items = [{"id": "%s#%d" % (texts[k % len(texts)]["id"], k // len(texts)), "title": texts[k % len(texts)].get("title", ""),
          "text": texts[k % len(texts)]["text"]} for k in range(COUNT)]
work = tempfile.mkdtemp(prefix="tessera-preview-measure-")
data = os.path.join(work, "feed.json")
with open(data, "w") as f:
    json.dump({"source": games["source"], "licence": games["licence"], "items": items}, f)

server, url, _, _, lines = start_preview([TESSERA, "preview", "flow", "--data", data, "--measure", "--param", "lineSpacing=8",
                                          "--viewport", "720x800", "--port", "0"])
browser = None
check = Checks()

# The first visible item's id, its drawn top relative to the view's client area and its height.
FIRST_VISIBLE = """(() => {
  const v = view.getBoundingClientRect(), top0 = v.top + view.clientTop, bottom = top0 + view.clientHeight;
  let best = null;
  for (const n of document.querySelectorAll('#layer > div.item')) {
    const r = n.getBoundingClientRect();
    if (r.bottom > top0 && r.top < bottom && (!best || r.top < best[1])) best = [n.dataset.id, r.top, r.height];
  }
  return best && [best[0], best[1] - top0, best[2]];
})()"""
# A measure message growing the item 20 before the first one drawn by 37 px (far above the viewport).
FAR_ABOVE = """window.FAR_ABOVE = () => {
  let d = M.n;
  for (const n of document.querySelectorAll('#layer > div.item')) d = Math.min(d, +n.dataset.d);
  d = Math.max(0, d - 20);
  return { type: 'measure', gen: M.gen, idsVersion: M.idsVersion, x: S.x, y: S.y, sizes: [[d, M.W[d], M.H[d] + 37]] };
}; true"""
SETTLED = "M && !measuring.inFlight && !measuring.waiting.size && !measuring.frame && !building"
# Scrolls up STEP px at a time; samples the item first visible before each step at every frame
# after it, until the page settled with the measurements the step brought (at least 3 frames).
SCROLL_UP = """(async () => {
  const frame = () => new Promise(r => requestAnimationFrame(r));
  const boxOf = id => {
    const n = document.querySelector('#layer > div.item[data-id="' + CSS.escape(id) + '"]');
    if (!n) return null;
    const r = n.getBoundingClientRect();
    return [r.top - view.getBoundingClientRect().top - view.clientTop, r.height];
  };
  const gen0 = M.gen, sent0 = measuring.sent, engine0 = measuring.engineAnchored, page0 = measuring.pageAnchored;
  let worst = 0, worstAt = null, samples = 0, lost = 0;
  for (let step = 0; step < %(steps)d; step++) {
    const [id, before, h0] = %(first)s, sent = measuring.sent, scrolledFrom = view.scrollTop;
    view.scrollTop -= %(step)d;
    // The scroll as the browser made it (it keeps whole pixels, except at the content's end).
    const expected = before + scrolledFrom - view.scrollTop;
    for (let f = 0; f < 900; f++) {
      await frame();
      const box = boxOf(id);
      if (box === null) lost++;
      else {
        samples++;
        const [t, h] = box;
        // The anchor rule (the engine's and the page's): an item resized while the viewport's
        // top cuts it keeps its bottom (it grows or shrinks off screen); any other its top.
        const jump = Math.abs(h - h0) > 0.5 && expected < 0 ? Math.abs(t + h - expected - h0) : Math.abs(t - expected);
        if (jump > worst) { worst = jump; worstAt = { step, f, id, before, t, expected, h0, h, gen: M.gen, y: S.y, scrolledFrom, scrolledTo: view.scrollTop }; }
      }
      if (f >= 2 && (measuring.sent > sent || f >= 30) && %(settled)s) break;
    }
  }
  return { worst, worstAt, samples, lost, gens: M.gen - gen0, sent: measuring.sent - sent0,
           engine: measuring.engineAnchored - engine0, page: measuring.pageAnchored - page0 };
})()"""


def settle(what):
    """Waits until the page has no measurement waiting or in flight, and its generation and the
    sizes it sent stay as they are for a second (a busy machine may bring the last pass late)."""
    import time
    deadline = time.time() + 60
    while True:
        browser.wait(SETTLED, what)
        seen = browser.eval("[M.gen, measuring.sent]")
        time.sleep(1)
        now = browser.eval("[M.gen, measuring.sent]")
        if browser.eval(SETTLED) and now == seen:
            return
        if time.time() > deadline:
            raise AssertionError("timed out waiting for %s: the page still measured ([gen, sent] %s then %s)" % (what, seen, now))


try:
    # Tall enough for the 720x800 viewport under the bars at 1:1 (a smaller window draws the frame
    # smaller): the checks below compare what is drawn on screen with frames and scroll offsets.
    browser = Browser(1400, 1200)
    browser.call("Page.navigate", url=url)
    browser.wait("document.body.dataset.gen >= 1 && !!(M && M.texts)", "the first generation with the texts")
    browser.wait(SOCKET_OPEN, "the page's socket")
    settle("the first measurements")
    first = int(browser.eval("M.gen"))
    check("measured sizes make new generations", first > 1, "gen %d" % first)

    # Every drawn item shows its text in the page's font, at its laid-out width; settled, the
    # frame is the text's height exactly.
    drawn = browser.eval("""(() => [...document.querySelectorAll('#layer > div.item')].map(n => {
      const b = n.querySelector('.text'), d = +n.dataset.d;
      return b && [M.W[d], b.getBoundingClientRect().width, M.H[d], b.getBoundingClientRect().height,
                   getComputedStyle(b).fontFamily, getComputedStyle(b).fontSize, b.textContent === idAt(M.texts, d)];
    }))()""")
    check("items are drawn", len(drawn) >= 5, str(len(drawn)))
    check("every drawn item shows its text", all(d is not None and d[6] for d in drawn), str(drawn[:3]))
    check("the text box has the laid-out width", all(abs(d[0] - d[1]) < 0.01 for d in drawn), str(drawn[:3]))
    check("in the page's font", all(d[4] == browser.eval("getComputedStyle(document.body).fontFamily") and d[5] == "13px" for d in drawn))
    check("settled frames have the measured heights", all(abs(d[2] - d[3]) <= 0.01 for d in drawn),
          str([d[2:4] for d in drawn if abs(d[2] - d[3]) > 0.01][:5]))
    estimate_differs = browser.eval("PREV !== null")
    check("an earlier generation had other heights", estimate_differs)

    # To the end of the feed; its heights there are still estimates until drawn and measured.
    browser.eval("view.scrollTop = view.scrollHeight; draw(); true")
    settle("the measurements at the end")
    at_end = browser.eval("[S.y, M.CH, S.h]")
    check("at the end", abs(at_end[0] + at_end[2] - at_end[1]) < 1, str(at_end))
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-measure-end.png"))

    # Scrolling up, step by step: what was first visible before a step must be drawn, at every
    # frame until the page has laid out the measurements the step brought, exactly the step lower
    # (the scroll) and nowhere else.
    # In rounds of 4 steps (one DevTools call each waits at most a minute).
    result = {"worst": -1}
    for _ in range(STEPS // 4):
        part = browser.eval(SCROLL_UP % {"steps": 4, "step": STEP, "first": FIRST_VISIBLE, "settled": SETTLED})
        for key in ("samples", "lost", "gens", "sent", "engine", "page"):
            result[key] = result.get(key, 0) + part[key]
        if part["worst"] > result["worst"]:
            result["worst"], result["worstAt"] = part["worst"], part["worstAt"]
    print("preview measure test: scrolled up %d px in %d steps: %d frames sampled, %d generations from %d measure messages "
          "(%d anchored by the engine's adjustment, %d by the page after a scroll), largest jump %.4f px"
          % (STEP * STEPS, STEPS, result["samples"], result["gens"], result["sent"], result["engine"], result["page"], result["worst"]))
    check("the anchor was sampled every frame", result["lost"] == 0 and result["samples"] >= 3 * STEPS, str(result))
    check("measurements came back as the steps brought new items", result["gens"] >= STEPS // 2 and result["sent"] >= STEPS // 2, str(result))
    check("the engine's adjustment kept the anchor", result["engine"] >= STEPS // 2, str(result))
    check("the anchor moved only by the scroll (0 px jump)", result["worst"] <= 0.5, json.dumps(result["worstAt"]))
    settle("the measurements after scrolling up")

    # Back at the end, up again through what is now measured without waiting for anything, while
    # sizes far above change (as when a host measures there): a generation now arrives after the
    # page scrolled on, or before the scroll's event, and the page's own anchor keeps its place.
    def scroll_on():
        """One scroll-on run from the end: the counts and the largest jump of the anchor."""
        browser.eval("view.scrollTop = view.scrollHeight; draw(); true")
        browser.eval(FAR_ABOVE)
        settle("back at the end")
        moving, rounds = {"worst": -1}, 0
        # Four rounds at least, more (up to 16) until generations have come while scrolling: a slow
        # machine answers fewer measure messages a round.
        for round_ in range(16):
            if round_ >= 4 and moving.get("gens", 0) >= 5 and moving.get("page", 0) >= 1:
                break
            rounds += 1
            part = browser.eval(SCROLL_UP.replace("f >= 2 && (measuring.sent > sent || f >= 30) && %(settled)s", "f >= 2")
                                .replace("view.scrollTop -= ", "if (step %% 2 === 1) ws.send(JSON.stringify(FAR_ABOVE()));\n    view.scrollTop -= ")
                                % {"steps": 24, "step": 48, "first": FIRST_VISIBLE})
            for key in ("samples", "lost", "gens", "engine", "page"):
                moving[key] = moving.get(key, 0) + part[key]
            if part["worst"] > moving["worst"]:
                moving["worst"], moving["worstAt"] = part["worst"], part["worstAt"]
        print("preview measure test: scrolled up %d px without waiting: %d frames sampled, %d generations "
              "(%d anchored by the engine's adjustment, %d by the page), largest jump %.4f px"
              % (48 * 24 * rounds, moving["samples"], moving["gens"], moving["engine"], moving["page"], moving["worst"]))
        return moving

    moving = scroll_on()
    check("generations came while scrolling", moving["gens"] >= 5 and moving["page"] >= 1, str(moving))
    # A grown item far above comes into the drawn band and is measured back to its text's height
    # as the page scrolls on: when that generation comes, the item may be first visible, cut by
    # the viewport's top, or just above the item first visible before the scroll. The page's
    # anchor passes over it, as the engine's does, so nothing drawn below it moves.
    check("the anchor was sampled every frame while scrolling on", moving["lost"] == 0, str(moving))
    check("the anchor moved only by the scroll while scrolling on (0 px jump)", moving["worst"] <= 0.5,
          json.dumps(moving.get("worstAt")))
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-measure.png"))

    # Malformed measure messages: refused with a message; the server goes on.
    bad = [
        '{"type":"measure","gen":1,"idsVersion":1,"x":0,"y":0,"sizes":[[0,375,null]]}',
        '{"type":"measure","gen":1,"idsVersion":1,"x":0,"y":0,"sizes":[[0,375,-5]]}',
        '{"type":"measure","gen":1,"idsVersion":1,"x":0,"y":0,"sizes":[[0,375,1e400]]}',
        '{"type":"measure","gen":1,"idsVersion":1,"x":0,"y":0,"sizes":[[2.5,375,40]]}',
        '{"type":"measure","gen":1,"idsVersion":1,"x":0,"y":0,"sizes":' + json.dumps([[0, 375, 40]] * 2001) + '}',
        '{"type":"measure","gen":1,"idsVersion":1,"x":0,"y":0,"sizes"',
    ]
    for message in bad:
        browser.eval("ws.send(%s); true" % json.dumps(message))
    browser.eval("""ws.send(JSON.stringify({ type: 'measure', gen: M.gen, idsVersion: M.idsVersion, x: S.x, y: S.y,
                                            sizes: [[%d, 375, 40]] })); true""" % (COUNT + 5))
    import time
    deadline = time.time() + 30
    expected = ["expected sizes[0] to be [index, width, height]", "expected at most 2000 sizes in one message, got 2001",
                "expected a JSON object with a type", "measure: no item %d; the data has %d items" % (COUNT + 5, COUNT)]
    while time.time() < deadline and not all(any(e in line for line in lines) for e in expected):
        time.sleep(0.1)
    refusals = [line for line in lines if "refused" in line or "measure:" in line]
    for e in expected:
        check("refused: " + e, any(e in line for line in lines), "".join(refusals[-10:]))
    check("each malformed message refused once", sum("a page's message was refused" in line for line in lines) == len(bad),
          "".join(refusals))
    gen_before = int(browser.eval("M.gen"))
    browser.eval("view.scrollTop -= 2000; true")
    settle("measurements after the refusals")
    check("the server still lays out measurements", int(browser.eval("M.gen")) > gen_before)

    # Drawn smaller (a window too short for the viewport), the page measures what it measured at
    # 1:1: a transform changes no layout size, so no size is sent and the frames stay the texts'.
    settle("before drawing smaller")
    before = browser.eval("[M.gen, measuring.sent]")
    window = browser.call("Browser.getWindowForTarget")["windowId"]
    browser.call("Browser.setWindowBounds", windowId=window, bounds={"width": 1400, "height": 700})
    browser.wait("!document.getElementById('fit').hidden && view.getBoundingClientRect().width < view.offsetWidth",
                 "the frame drawn smaller")
    time.sleep(0.5)
    settle("after drawing smaller")
    after = browser.eval("[M.gen, measuring.sent]")
    heights = browser.eval("""[...document.querySelectorAll('#layer > div.item')].map(n => {
      const b = n.querySelector('.text'), d = +n.dataset.d; return b && [M.H[d], b.offsetHeight, M.W[d], b.offsetWidth]; })""")
    check("drawn smaller, the page sends no new size", after == before, "%s then %s" % (before, after))
    check("drawn smaller, the frames are still the texts' heights at the laid-out width",
          len(heights) >= 5 and all(h and abs(h[0] - h[1]) <= 1 and abs(h[2] - h[3]) <= 1 for h in heights), str(heights[:5]))
    check("no JavaScript error", not browser.errors, str(browser.errors))
    print("preview measure test: %d checks passed" % len(check))
except BaseException:
    report_failure("preview measure test", check, lines, browser)
    raise
finally:
    shut_down(browser, server)
