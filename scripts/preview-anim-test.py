#!/usr/bin/env python3
"""Browser test of `tessera preview --animator`, the gaps overlay and the inspector's script line.

Usage: scripts/preview-anim-test.py TESSERA [SCREENSHOT_DIR]

Serves a script that places a 3-column grid with ctx.set and checks, in headless Chromium over
the DevTools protocol: the gaps overlay draws the spacing between neighbours (exact bands and
labels); selecting an item shows the file:line of the ctx.set call that set its frame (of the
line that stored it in a returned frames table; of the return of an analytic frame hook); a
data-file save plays with the animator (frames drawn at mid-animation differ from the start and
the end, and the page shows the new data's picture at the end); cards a save pushes out of view
move there, none is deleted; the scrubber shows at a sample's
time exactly the views of that sample in `tessera animate --format json` (same fps, offset and
viewport); pause stops time and slow motion advances it at the chosen rate of the wall clock
the player counted; an error in an animator hook shows in the error panel with its file:line
and saving the fixed animator alone clears it (the file is watched); a save that moves nothing
in view says there is nothing to play, its Play off; a script save plays too, every card kept and
moved from the last picture's frames to the new ones; without --data, a script save plays; no
JavaScript error.
Waits poll for conditions (no timing assertions).
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preview_cdp import SOCKET_OPEN, Browser, Checks, drawn_box_js, report_failure, shut_down, start_preview  # noqa: E402

TESSERA = sys.argv[1]
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None

GRID = """-- a 3-column grid of 110x80 cards, 10 apart
return {
  simpleLayout = function(ctx)
    for i = 1, ctx.count do
      local col, row = (i - 1) %% 3, (i - 1) // 3
      ctx.set(i, 10 + col * (110 + %d), 10 + row * 90, 110, 80)
    end
  end,
}
"""
ANIMATOR = """-- 2 s, linear moves: long enough for a page to draw many frames of it
return {
  insert = function(e) return { from = { alpha = 0, scale = 0.5 }, duration = 2, curve = "linear" } end,
  delete = function(e) return { to = { alpha = 0 }, duration = 2, curve = "linear" } end,
  update = function(e) %s return { duration = 2, curve = "linear" } end,
}
"""
TABLE = """return {
  simpleLayout = function(ctx)
    local frames = {}
    for i = 1, ctx.count do
      frames[i] = { x = 0, y = (i - 1) * 60, w = ctx.width, h = 50 }
    end
    return frames
  end,
}
"""
ANALYTIC = """return {
  frame = function(i, ctx)
    local y = (i - 1) * 50
    return 0, y, ctx.width, 40
  end,
  layout = function(ctx) return ctx.width, ctx.count * 50 end,
  visible = function(x, y, w, h, ctx)
    local out = {}
    for i = math.max(1, math.floor(y / 50) + 1), math.min(ctx.count, math.floor((y + h) / 50) + 1) do out[#out + 1] = i end
    return out
  end,
}
"""

work = tempfile.mkdtemp(prefix="tessera-preview-anim-")
script = os.path.join(work, "grid.lua")
animator = os.path.join(work, "anim.lua")
data = os.path.join(work, "data.json")
old_data = os.path.join(work, "old.json")
new_data = os.path.join(work, "new.json")


def write(path, text):
    tmp = path + ".tmp~"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def dataset(ids):
    return json.dumps({"items": [{"id": i, "n": k} for k, i in enumerate(ids)]})


OLD = ["c%d" % i for i in range(30)]
NEW = ["c0", "new", "c2", "c3", "c5", "c1"] + ["c%d" % i for i in range(6, 30)]   # c4 leaves, c1 and c5 swap
write(script, GRID % 10)
write(animator, ANIMATOR % "")
write(data, dataset(OLD))
write(old_data, dataset(OLD))
write(new_data, dataset(NEW))

server, url, _, _, lines = start_preview([TESSERA, "preview", script, "--data", data, "--animator", animator, "--port", "0"])
browser = None
check = Checks()
checks = check
rect_js = drawn_box_js


def close(a, b, tol=0.01):
    return a is not None and len(a) == len(b) and all(abs(x - y) <= tol for x, y in zip(a, b))


def gen():
    return int(browser.eval("+(document.body.dataset.gen || 0)"))


def animate_json(fps, offset):
    out = subprocess.run([TESSERA, "animate", script, "--data", old_data, "--to", new_data, "--animator", animator,
                          "--fps", repr(fps), "--offset", "%r,%r" % tuple(offset), "--viewport", "375x500"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


try:
    browser = Browser()
    browser.call("Page.navigate", url=url + "#w=375&h=500")
    browser.wait("+(document.body.dataset.gen || 0) >= 1 && !!document.querySelector('[data-id=\"c4\"]')", "the first picture")
    browser.wait(SOCKET_OPEN, "the page's socket")

    # Gaps: 10 px between columns and between rows.
    browser.eval("(() => { const b = document.querySelector('[data-ov=gaps]'); b.checked = true; b.dispatchEvent(new Event('change')); })()")
    browser.wait("document.querySelectorAll('.gap').length > 0", "the gaps overlay")
    check("gap to the right neighbour: band and label",
          close(browser.eval(rect_js('.gap.h[data-from="c0"][data-to="c1"]')), [120, 10, 10, 80])
          and browser.eval("document.querySelector('.gap.h[data-from=\"c0\"][data-to=\"c1\"]').textContent") == "10",
          str(browser.eval(rect_js('.gap.h[data-from="c0"][data-to="c1"]'))))
    check("gap to the neighbour below: band and label",
          close(browser.eval(rect_js('.gap.v[data-from="c0"][data-to="c3"]')), [10, 90, 110, 10])
          and browser.eval("document.querySelector('.gap.v[data-from=\"c0\"][data-to=\"c3\"]').textContent") == "10")
    check("no gap from the last column to the right",
          browser.eval("document.querySelector('.gap.h[data-from=\"c2\"]')") is None)
    browser.wait("/ov=[a-z,]*gaps/.test(location.hash)", "the overlay in the address")

    # The inspector's script line: the ctx.set call (line 6 of the script).
    r = browser.eval(rect_js('[data-id="c4"]'))
    v = browser.eval("(() => { const r = document.getElementById('view').getBoundingClientRect(); return [r.left, r.top]; })()")
    browser.click(v[0] + r[0] + 30, v[1] + r[1] + 30)
    browser.wait("/frame set at: .*:\\d+/.test(document.getElementById('inspector').textContent)", "the script line")
    text = browser.eval("document.getElementById('inspector').textContent")
    check("inspector shows the ctx.set line that set the frame", "frame set at: %s:6 (ctx.set)\n" % script in text, text)
    check("inspector shows the frame", "frame (content): (130, 100, 110, 80)" in text, text)
    # A script edit that moves the line: the kept selection's line follows.
    write(script, "-- a comment line above\n" + GRID % 10)
    browser.wait("document.getElementById('inspector').textContent.includes(%s)" % json.dumps("frame set at: %s:7 (ctx.set)\n" % script),
                 "the script line after the edit")
    check("the kept selection's script line follows a script edit", True)
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-gaps.png"), clip=(0, 0, 1000, 560))
    browser.eval("(() => { const b = document.querySelector('[data-ov=gaps]'); b.checked = false; b.dispatchEvent(new Event('change')); })()")
    browser.eval("select(-1)")

    # A data save plays with the animator, where the page is scrolled.
    browser.eval("document.getElementById('view').scrollTo(0, 40)")
    browser.wait("scrollTimer === 0 && Math.abs(S.y - 40) < 0.01", "the scroll reported")
    # The server has taken the scroll before the save: it handles a page's messages in order and
    # answers an inspect at once, so the answer to one sent after the scroll says so.
    browser.eval("window.__answered = false; ws.addEventListener('message', ev => {"
                 " if (typeof ev.data === 'string' && JSON.parse(ev.data).type === 'inspect') window.__answered = true; });"
                 " ws.send(JSON.stringify({ type: 'inspect', index: 0 })); true")
    browser.wait("window.__answered", "the answer to a message sent after the scroll")
    g = gen()
    browser.eval("window.__drawn = new Set(); window.__seen = null;"
                 " const wrap = () => { if (anim && !anim.__wrapped) { const d = anim.draw; anim.__wrapped = true;"
                 "   anim.draw = () => { d(); __drawn.add(anim.index);"
                 "     if (!window.__seen && anim.index > 0 && anim.index < anim.indexAt(anim.duration))"
                 "       window.__seen = [...document.querySelectorAll('#anim .card')].filter(c => c.style.display !== 'none')"
                 "         .map(c => [c.dataset.key, c.style.left, c.style.top]); }; }"
                 "   requestAnimationFrame(wrap); }; requestAnimationFrame(wrap); 0")
    write(data, dataset(NEW))
    browser.wait("!!anim && anim.gen > %d" % g, "the animation to arrive")
    check("the animation bar shows", browser.eval("!document.getElementById('animbar').hidden"))
    check("the animation plays at once", browser.eval("anim.playing || anim.time > 0"))
    check("the player covers the viewport while playing", browser.eval("getComputedStyle(document.getElementById('anim')).display") == "block"
          or not browser.eval("anim.playing"))
    browser.wait("!anim.playing && anim.time === anim.duration", "the animation to end", timeout=120)
    last = browser.eval("anim.indexAt(anim.duration)")
    drawn = browser.eval("[...__drawn]")
    check("the page drew frames between the start and the end", any(0 < k < last for k in drawn), str(sorted(drawn)))
    check("the page drew the end", last in drawn)
    check("after the animation the picture shows", browser.eval("getComputedStyle(document.getElementById('anim')).display") == "none")
    check("the new data is drawn: c5 where c4 was", close(browser.eval(rect_js('[data-id="c5"]')), [130, 60, 110, 80]),
          str(browser.eval(rect_js('[data-id="c5"]'))))
    offset = browser.eval("anim.offset")
    check("played at the page's offset", offset == [0, 40], str(offset))

    # The scrubber: sample k is exactly `tessera animate --format json`'s sample k.
    fps = browser.eval("anim.fps")
    expected = animate_json(fps, offset)
    samples = expected["samples"]
    check("the page has the timeline's samples", browser.eval("anim.indexAt(anim.duration)") == len(samples) - 1,
          "%d vs %d" % (browser.eval("anim.indexAt(anim.duration)"), len(samples)))
    k = len(samples) // 2
    browser.eval("(() => { const s = document.getElementById('ascrub'); s.value = %d; s.dispatchEvent(new Event('input')); })()" % k)
    check("scrubbing pauses and shows the player", not browser.eval("anim.playing")
          and browser.eval("getComputedStyle(document.getElementById('anim')).display") == "block")
    check("scrubbing to k shows sample k's time", browser.eval("anim.index") == k and browser.eval("anim.time") == samples[k]["t"])
    shown = browser.eval("[...document.querySelectorAll('#anim > div')].filter(c => c.style.display !== 'none')"
                         ".sort((a, b) => a.style.zIndex - b.style.zIndex)"
                         ".map(c => [c.dataset.key, parseFloat(c.style.left), parseFloat(c.style.top), parseFloat(c.style.width),"
                         " parseFloat(c.style.height), parseFloat(c.style.opacity), c.style.transform])")
    want = [["%d:%s" % (e["view"], e["id"]), e["frame"][0] - offset[0], e["frame"][1] - offset[1], e["frame"][2], e["frame"][3],
             e["alpha"], "translate(%spx, %spx) rotate(%srad) scale(%s)" % tuple(fmt for fmt in (
                 json.dumps(e["tx"]), json.dumps(e["ty"]), json.dumps(e["rotation"]), json.dumps(e["scale"])))]
            for e in samples[k]["views"]]
    check("the drawn views are the sample's, in its drawing order", [s[0] for s in shown] == [w[0] for w in want],
          "%s vs %s" % ([s[0] for s in shown], [w[0] for w in want]))
    check("each drawn view has the sample's frame and alpha",
          all(close(s[1:6], w[1:6], 1e-6) for s, w in zip(shown, want)), "%s vs %s" % (shown[:6], want[:6]))
    page_sample = browser.eval("anim.sample(%d)" % k)
    check("the page's sample equals the JSON's exactly",
          page_sample == [[w[0]] + [e["frame"][0], e["frame"][1], e["frame"][2], e["frame"][3], e["alpha"], e["scale"],
                                    e["rotation"], e["tx"], e["ty"]] for w, e in zip(want, samples[k]["views"])])
    mid = next(s for s in shown if s[0].endswith(":c5"))
    start_c5 = next(e["frame"] for e in samples[0]["views"] if e["id"] == "c5")
    end_c5 = next(e["frame"] for e in samples[-1]["views"] if e["id"] == "c5")
    check("mid-animation frames differ from the start and the end",
          [mid[1] + offset[0], mid[2] + offset[1]] not in ([start_c5[0], start_c5[1]], [end_c5[0], end_c5[1]]),
          "%s %s %s" % (mid, start_c5, end_c5))
    if SHOTS:
        browser.screenshot(os.path.join(SHOTS, "preview-animation.png"), clip=(0, 0, 1000, 630))

    # Slow motion and pause.
    browser.eval("(() => { const s = document.getElementById('aspeed'); s.value = '0.1'; s.dispatchEvent(new Event('change')); })()")
    t0, e0 = browser.eval("[anim.time, anim.elapsed]")
    browser.eval("document.getElementById('aplay').click()")
    browser.wait("anim.time > %r" % t0, "slow motion to advance")
    browser.eval("document.getElementById('aplay').click()")
    t1, e1, playing = browser.eval("[anim.time, anim.elapsed, anim.playing]")
    check("pause stops playing", not playing and browser.eval("document.getElementById('aplay').textContent") == "Play")
    check("slow motion: 0.1 s of animation per second played", abs((t1 - t0) - 0.1 * (e1 - e0)) < 1e-9 and t1 > t0,
          "%r %r %r %r" % (t0, t1, e0, e1))
    browser.eval("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r))))")
    check("paused time stays", browser.eval("anim.time") == t1)

    # An error in an animator hook: the panel names the animator's line; the next save clears it.
    write(animator, ANIMATOR % 'if e.id == "c1" then error("no moves today") end')
    write(data, dataset(OLD))
    browser.wait("getComputedStyle(document.getElementById('error')).display === 'block'", "the animator error panel")
    panel = browser.eval("document.getElementById('error').textContent")
    check("the animator's error shows with its file:line", "error at %s:5" % animator in panel and "no moves today" in panel, panel[:300])
    check("the panel shows the hook's source line", 'error("no moves today")' in panel)
    # The animator file is watched as the layout script is: its fix alone repaints and clears the panel.
    g = gen()
    write(animator, ANIMATOR % "")
    browser.wait("getComputedStyle(document.getElementById('error')).display === 'none' && +document.body.dataset.gen > %d" % g,
                 "the panel to clear after the animator's own save")
    check("saving the fixed animator alone clears the panel (the animator file is watched)", True)
    g = gen()
    write(data, dataset(NEW[:10]))
    browser.wait("getComputedStyle(document.getElementById('error')).display === 'none' && +document.body.dataset.gen > %d" % g,
                 "the panel to clear")
    check("the next good save clears the panel and plays", browser.eval("!!anim && anim.gen === M.gen"),
          str(browser.eval("[anim && anim.gen, M.gen, document.body.dataset.gen]")))

    # Cards a save pushes below the viewport move there with the animator's update (to their
    # new place, fully shown), never fading out as deleted ones: only removed data is deleted.
    for ids, what in ((NEW, "the full data"), (["x1", "x2", "x3"] + NEW, "three cards in front")):
        g = gen()
        write(data, dataset(ids))
        browser.wait("!!anim && anim.gen > %d" % g, "the animation of " + what)
        browser.wait("!anim.playing && anim.time === anim.duration", "the animation of %s to end" % what, timeout=120)
    classes = dict(browser.eval("[...document.querySelectorAll('#anim > div')].map(c => [c.dataset.key.replace(/^\\d+:/, ''), c.className])"))
    pushed = ["c15", "c16", "c17"]   # the last row shown (y 460), pushed to y 550, below the viewport (40 to 540)
    check("cards pushed out of view move there", all(classes.get(i) == "card move" for i in pushed),
          str([(i, classes.get(i)) for i in pushed]))
    check("no card is deleted (no data was removed)", not any("delete" in c for c in classes.values()), str(classes))
    check("the new cards are inserted", all(classes.get(i) == "card insert" for i in ("x1", "x2", "x3")))
    end = {v[0].split(":", 1)[1]: v for v in browser.eval("anim.sample(anim.indexAt(anim.duration))")}
    check("a pushed card ends below the viewport, fully shown", end["c15"][2] == 550 and end["c15"][5] == 1, str(end.get("c15")))

    # A save that moves nothing in view (one more card, far below): the bar says there is
    # nothing to play, and its Play is off rather than a button that does nothing.
    g = gen()
    write(data, dataset(["x1", "x2", "x3"] + NEW + ["far"]))
    browser.wait("!!anim && anim.gen > %d" % g, "the still save's timeline")
    check("a save that moves nothing in view has a zero-length timeline", browser.eval("anim.duration") == 0)
    check("the bar says nothing moves", browser.eval("!document.getElementById('astill').hidden && document.getElementById('alead').hidden"))
    check("and its Play is off", browser.eval("document.getElementById('aplay').disabled") is True)

    # A script save plays from the last picture to the new one: the same data, every card kept.
    # The still save's timeline came after the page's last picture: wait for a later one.
    g = max(gen(), int(browser.eval("anim.gen")))
    write(script, GRID % 20)
    browser.wait("!!anim && anim.gen > %d" % g, "the script save's animation")
    check("a script save plays", browser.eval("!document.getElementById('animbar').hidden && anim.duration > 0"))
    browser.wait("!anim.playing && anim.time === anim.duration", "the script save's animation to end", timeout=120)
    classes = browser.eval("[...document.querySelectorAll('#anim > div')].map(c => c.className)")
    check("a script save moves the cards, none inserted or deleted", classes and all(c in ("card move", "card still") for c in classes)
          and "card move" in classes, str(classes))
    start, end = browser.eval("[anim.sample(0), anim.sample(anim.indexAt(anim.duration))]")
    start = {v[0].split(":", 1)[1]: v[1:5] for v in start}
    end = {v[0].split(":", 1)[1]: v[1:5] for v in end}
    check("it starts on the last picture's frames and ends on the new ones",
          start.get("new") == [130, 100, 110, 80] and end.get("new") == [140, 100, 110, 80], "%s %s" % (start.get("new"), end.get("new")))
    browser.wait(rect_js('[data-id="new"]') + "[0] === 140", "the new spacing drawn")

    # A returned frames table: the line that stored the item's frame; an analytic frame hook's return.
    for source, height, where in ((TABLE, 50, ":5 (frames table)"), (ANALYTIC, 40, ":4 (frame)")):
        write(script, source)
        browser.wait("(() => { const n = document.querySelector('[data-id=\"new\"]'); return n && n.getBoundingClientRect().height === %d; })()"
                     % height, "the picture of rows %d high" % height)
        browser.eval("select(3)")
        browser.wait("/frame set at: .*:\\d+/.test(document.getElementById('inspector').textContent)", "the script line" + where)
        text = browser.eval("document.getElementById('inspector').textContent")
        check("inspector shows the script line" + where, "frame set at: %s%s\n" % (script, where) in text, text)

    check("no JavaScript error logged", not browser.errors, str(browser.errors))

    # Without --data (the generated items) there is no data file to save: a script save plays.
    shut_down(browser, server)
    browser = None
    write(script, GRID % 10)
    server, url, _, _, lines = start_preview([TESSERA, "preview", script, "--animator", animator, "--port", "0"])
    browser = Browser()
    browser.call("Page.navigate", url=url + "#w=375&h=500")
    browser.wait("+(document.body.dataset.gen || 0) >= 1 && !!document.querySelector('[data-id=\"4\"]')", "the generated items' picture")
    # The page draws the pass it came with before its socket opens (a save before that plays once it
    # opens: preview-loading-save-test.py); the save below is one an open page sees.
    browser.wait(SOCKET_OPEN, "the page's socket")
    check("the generated items are laid out", close(browser.eval(rect_js('[data-id="4"]')), [130, 100, 110, 80]),
          str(browser.eval(rect_js('[data-id="4"]'))))
    g = gen()
    write(script, GRID % 30)
    browser.wait("!!anim && anim.gen > %d" % g, "the animation of a script save without --data")
    check("a script save without --data plays", browser.eval("!document.getElementById('animbar').hidden && anim.duration > 0"))
    browser.wait("!anim.playing && anim.time === anim.duration", "that animation to end", timeout=120)
    end = {v[0].split(":", 1)[1]: v[1:5] for v in browser.eval("anim.sample(anim.indexAt(anim.duration))")}
    start = {v[0].split(":", 1)[1]: v[1:5] for v in browser.eval("anim.sample(0)")}
    check("card 4 moves from the last picture to the new one", start.get("4") == [130, 100, 110, 80] and end.get("4") == [150, 100, 110, 80],
          "%s %s" % (start.get("4"), end.get("4")))
    check("after it the new picture shows", browser.eval("getComputedStyle(document.getElementById('anim')).display") == "none"
          and close(browser.eval(rect_js('[data-id="4"]')), [150, 100, 110, 80]), str(browser.eval(rect_js('[data-id="4"]'))))
    check("no JavaScript error logged without --data", not browser.errors, str(browser.errors))
    print("preview animation test: %d checks passed" % len(checks))
except BaseException:
    report_failure("preview animation test", checks, lines, browser)
    raise
finally:
    shut_down(browser, server)
