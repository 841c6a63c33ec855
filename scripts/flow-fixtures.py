#!/usr/bin/env python3
"""Generates FlowLayout cases, renders them as CSS flexbox in headless Chromium and stores
cases + rectangles as JSON fixtures (run through scripts/flow-fixtures).

Each case is `display:flex; flex-wrap:wrap` in a box of the collection size with
`column-gap: interitemSpacing; row-gap: lineSpacing`; items are `flex:none` divs of their size.
Every case is rendered twice: left to right (combinations/edges/random.json) and right to left,
the container having `dir="rtl"` (rtl-*.json, each case marked `"direction":"rtl"`), which
FlowLayout mirrored around the container's width must reproduce.
For alignItems=stretch an item gets `min-height` instead of `height`, so it still sets the
line's height but CSS is allowed to stretch it. Sizes are multiples of 1/8 px, which Chromium's
1/64 px layout units hold exactly.

Overflow is aligned *safely*, as FlowLayout does: a line wider than the container, or lines
taller than it, start at the start edge rather than reaching past the other one, where no scroll
brings them into view. CSS's default is unsafe, so `center` and `end` are written with the
`safe` keyword (`justify-content: safe center`, `align-content: safe flex-end`). The other
values need none, and CSS has no syntax for it (`safe space-between` is invalid): `start` cannot
overflow backwards, and on overflow CSS Box Alignment falls back from `space-between` and
`stretch` to `flex-start` and from `space-around` and `space-evenly` to `safe center`, which
Chromium follows. `align-items` stays unsafe: an item never overflows its own line, which is
as tall as its tallest item. In a `dir="rtl"` container the start edge is the right one, so a
safely aligned overflowing line runs past the left edge there, as the mirrored FlowLayout does.
"""
import argparse, html, itertools, json, os, random, re, subprocess, sys, tempfile

JUSTIFY = ["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly"]
ALIGN_ITEMS = ["start", "center", "end", "stretch"]
ALIGN_CONTENT = JUSTIFY + ["stretch"]
CSS = {"start": "flex-start", "center": "center", "end": "flex-end", "stretch": "stretch",
       "spaceBetween": "space-between", "spaceAround": "space-around", "spaceEvenly": "space-evenly"}
# justify-content and align-content: center and end overflow safely (see the docstring).
SAFE = dict(CSS, center="safe center", end="safe flex-end")


def case(name, container, sizes, line=0, inter=0, justify="start", items="start", content="start"):
    return {"name": name, "container": list(container), "lineSpacing": line,
            "interitemSpacing": inter, "justifyContent": justify, "alignItems": items,
            "alignContent": content, "sizes": [list(s) for s in sizes]}


MIXED = [(40, 30), (70, 55), (25, 20), (90, 40), (55, 70), (30, 10), (120, 35), (45, 45), (60, 25)]


def combinations():
    """Every justifyContent x alignItems x alignContent, with varied spacing and heights."""
    out = []
    for k, (j, a, c) in enumerate(itertools.product(JUSTIFY, ALIGN_ITEMS, ALIGN_CONTENT)):
        spacing = [(0, 0), (10, 8), (4, 12.5), (7.5, 0)][k % 4]
        height = [400, 250, 120, 600, 0][k % 5]  # 120 and 0 make the lines overflow
        sizes = MIXED[k % 3:] + MIXED[:k % 3]
        out.append(case(f"combo-{j}-{a}-{c}", (200, height), sizes, spacing[0], spacing[1], j, a, c))
    return out


def edges():
    """Named corner cases: oversize items, exact fits, zero sizes, overflow, one line."""
    out = [case("empty", (200, 300), [])]
    for j in JUSTIFY:
        out.append(case(f"single-{j}", (200, 300), [(50, 40)], 0, 10, j, "center", "center"))
        out.append(case(f"oversize-alone-{j}", (100, 300), [(150, 40)], 5, 10, j))
        out.append(case(f"oversize-middle-{j}", (100, 300), [(30, 20), (150, 40), (20, 30), (40, 10)], 5, 10, j, "end"))
        out.append(case(f"oversize-last-{j}", (100, 300), [(30, 20), (40, 30), (101, 40)], 0, 0, j))
        out.append(case(f"exact-fit-gaps-{j}", (100, 300), [(30, 10), (30, 20), (20, 10), (10, 10)], 6, 10, j))
        out.append(case(f"break-by-gap-{j}", (100, 300), [(30, 10), (30, 20), (30, 10)], 6, 10.25, j))
    for c in ALIGN_CONTENT:
        for h in (0, 50, 95, 500):
            out.append(case(f"content-{c}-h{h}", (100, h), [(60, 30), (60, 20), (30, 25), (70, 10), (90, 15)], 10, 10, "center", "stretch", c))
        out.append(case(f"one-line-{c}", (300, 200), [(60, 30), (60, 20), (30, 50)], 10, 10, "spaceEvenly", "end", c))
        out.append(case(f"zero-height-lines-{c}", (100, 90), [(60, 0), (60, 0), (30, 0)], 10, 0, "start", "stretch", c))
        out.append(case(f"zero-width-container-{c}", (0, 200), [(10, 10), (0, 20), (0, 5), (30, 10)], 0, 0, "center", "center", c))
    for a in ALIGN_ITEMS:
        out.append(case(f"zero-width-items-{a}", (100, 200), [(100, 10), (0, 20), (0, 30), (50, 5)], 3, 0, "end", a, "spaceAround"))
        out.append(case(f"zero-width-items-gap-{a}", (100, 200), [(100, 10), (0, 20), (0, 30), (50, 5)], 3, 5, "end", a, "spaceBetween"))
        out.append(case(f"stretch-lines-{a}", (150, 400), MIXED[:6], 5, 5, "spaceBetween", a, "stretch"))
    return out


def randoms(count, seed=20240521):
    rng = random.Random(seed)
    out = []
    for k in range(count):
        width = rng.choice([80, 120, 200, 320, 375])
        n = rng.choice([1, 2, 3, 5, 8, 12, 20])
        sizes = []
        for _ in range(n):
            w = width + rng.randint(1, 60) if rng.random() < 0.07 else rng.randint(0, width * 4) / 8
            sizes.append((w, rng.randint(0, 480) / 4))
        height = rng.choice([0, 100, 300, 812])
        line, inter = rng.choice([0, 2, 8, 12.5]), rng.choice([0, 3, 8, 10.25])
        out.append(case(f"random-{k}", (width, height), sizes, line, inter, rng.choice(JUSTIFY),
                        rng.choice(ALIGN_ITEMS), rng.choice(ALIGN_CONTENT)))
    return out


def px(v):
    return f"{v:g}px"


def page(cases):
    """One HTML page: a container per case; a script writes every box's rectangle,
    relative to its container, and the container's computed alignment as JSON into #out."""
    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'><style>",
             "*{margin:0;padding:0;border:0;box-sizing:border-box}",
             "html,body{margin:0;padding:0;zoom:1}",
             ".c{position:absolute;left:1000px;display:flex;flex-wrap:wrap;flex-direction:row;overflow:visible}",
             ".c>div{flex:none;min-width:0;min-height:0}",
             "</style></head><body><pre id='out'></pre>"]
    top = 1000
    for c in cases:
        w, h = c["container"]
        style = (f"top:{top}px;width:{px(w)};height:{px(h)};row-gap:{px(c['lineSpacing'])};"
                 f"column-gap:{px(c['interitemSpacing'])};justify-content:{SAFE[c['justifyContent']]};"
                 f"align-items:{CSS[c['alignItems']]};align-content:{SAFE[c['alignContent']]}")
        prop = "min-height" if c["alignItems"] == "stretch" else "height"
        boxes = "".join(f"<div style='width:{px(bw)};{prop}:{px(bh)}'></div>" for bw, bh in c["sizes"])
        direction = " dir='rtl'" if c.get("direction") == "rtl" else ""
        parts.append(f"<div class='c'{direction} style='{style}'>{boxes}</div>")
        top += 3000 + h
    parts.append("""<script>
const out = [...document.querySelectorAll('.c')].map(c => {
  const o = c.getBoundingClientRect(), style = getComputedStyle(c);
  return {justify: style.justifyContent, align: style.alignContent,
          rects: [...c.children].map(d => { const r = d.getBoundingClientRect();
            return [r.left - o.left, r.top - o.top, r.width, r.height]; })};
});
document.getElementById('out').textContent = JSON.stringify(out);
</script></body></html>""")
    return "\n".join(parts)


def right_to_left(cases):
    """The same cases, to be rendered in a `dir="rtl"` container."""
    return [dict(c, direction="rtl") for c in cases]


def render(cases, workdir, index):
    path = os.path.join(workdir, f"batch-{index}.html")
    with open(path, "w") as f:
        f.write(page(cases))
    dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                          "--force-device-scale-factor=1", "--hide-scrollbars",
                          "--dump-dom", "file://" + path],
                         capture_output=True, text=True, timeout=180, check=True).stdout
    m = re.search(r"<pre id=\"out\">(.*?)</pre>", dom, re.S)
    if not m or not m.group(1):
        sys.exit(f"flow-fixtures: no rectangles in Chromium's output for {path}")
    rects = json.loads(html.unescape(m.group(1)))
    if len(rects) != len(cases):
        sys.exit(f"flow-fixtures: {len(rects)} containers rendered, expected {len(cases)}")
    for c, r in zip(cases, rects):
        # A keyword Chromium does not parse drops the whole declaration back to `normal`.
        asked = (SAFE[c["justifyContent"]], SAFE[c["alignContent"]])
        if (r["justify"], r["align"]) != asked:
            sys.exit(f"flow-fixtures: case {c['name']}: Chromium computed justify-content {r['justify']!r}, "
                     f"align-content {r['align']!r}, expected {asked[0]!r}, {asked[1]!r}")
        if len(r["rects"]) != len(c["sizes"]):
            sys.exit(f"flow-fixtures: case {c['name']}: {len(r['rects'])} boxes rendered, expected {len(c['sizes'])}")
        c["frames"] = r["rects"]
    return cases


def dump(doc):
    """JSON with one case per line, so a regenerated fixture diffs case by case."""
    head = {k: v for k, v in doc.items() if k != "cases"}
    lines = [json.dumps(c, separators=(",", ":")) for c in doc["cases"]]
    return json.dumps(head)[:-1] + ', "cases": [\n' + ",\n".join(lines) + "\n]}\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="Tests/TesseraCoreTests/Fixtures/flow")
    ap.add_argument("--random", type=int, default=240, help="number of random cases")
    args = ap.parse_args()
    version = subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip()
    os.makedirs(args.out, exist_ok=True)
    groups = {"combinations": combinations(), "edges": edges(), "random": randoms(args.random)}
    groups.update({"rtl-" + name: right_to_left(cases) for name, cases in list(groups.items())})
    total = 0
    with tempfile.TemporaryDirectory() as work:
        for name, cases in groups.items():
            done = []
            for b in range(0, len(cases), 120):
                done += render(cases[b:b + 120], work, f"{name}-{b}")
            css = ("display:flex; flex-wrap:wrap; column-gap:interitemSpacing; row-gap:lineSpacing; "
                   "center and end as safe center and safe flex-end")
            doc = {"generator": "scripts/flow-fixtures", "renderer": version,
                   "css": css + ('; dir="rtl" on the container' if name.startswith("rtl-") else ""),
                   "cases": done}
            with open(os.path.join(args.out, f"{name}.json"), "w") as f:
                f.write(dump(doc))
            total += len(done)
            print(f"flow-fixtures: {len(done)} cases -> {args.out}/{name}.json")
    print(f"flow-fixtures: {total} cases rendered by {version}")


if __name__ == "__main__":
    main()
