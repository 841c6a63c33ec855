"use strict";
// Each failure: {test, where, key, message, oldSize: [w, h], newSize: [w, h],
// old: [x, y, w, h, change, ...], new: [...]}; change 0 unchanged, 1 moved, 2 appeared or
// disappeared. The picture overlays the old frames and the new ones; the slider fades from
// old to new, the buttons show one side or both. Content that would be drawn at under a quarter
// of its size to fit (a feed 1.85M px tall came out 20 px wide) is drawn at 1:1 instead, as a
// window of at most PICTURE_W x PICTURE_H around the changed frames; a note says which part.
//
// Each other failure (a test that failed without a snapshot mismatch, or a test file that failed
// as a whole, test null): {test, where, message}, listed after the pictures, so the page of a red
// CI job never reads as if nothing failed.
const data = JSON.parse(document.getElementById("report-data").textContent);
const others = JSON.parse(document.getElementById("report-others").textContent);
const list = document.getElementById("failures");
const counted = (n, word) => `${displayCount(n)} ${word}${n === 1 ? "" : "s"}`;
document.getElementById("title").textContent = `tessera test: ${counted(data.length, "failed snapshot")}` +
  (others.length ? `, ${counted(others.length, "other failure")}` : "");
if (data.length === 0) {
  list.innerHTML = others.length ? '<p class="none">No snapshot failed; the failures below have no picture.</p>'
                                 : '<p class="none">No snapshot failed.</p>';
}
const PICTURE_W = 560, PICTURE_H = 16000, SMALLEST_SCALE = 0.25;
const OLD = "#0a84ff", NEW = "#ff9f0a", MOVED = "#ff375f", GONE = "#8e8e93", CAME = "#30d158";

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const c of children) node.append(c);
  return node;
}

data.forEach((f, n) => {
  const box = el("section", { className: "failure", id: `failure-${n + 1}` });
  box.append(el("h2", { textContent: f.test }));
  box.append(el("div", { className: "where", textContent: `${f.where}  ·  snapshot '${f.key}'` }));
  box.append(el("pre", { textContent: f.message }));
  if (!f.old) { list.append(box); return; }

  const slider = el("input", { type: "range", min: 0, max: 100, value: 50, title: "old ⟷ new" });
  const buttons = ["old", "both", "new"].map(name => el("button", { textContent: name, className: name === "both" ? "on" : "" }));
  const controls = el("div", { className: "controls" }, el("span", { textContent: "old" }), slider,
                      el("span", { textContent: "new" }), ...buttons);
  const legend = el("div", { className: "legend" });
  for (const [label, c, fill] of [["old frame", OLD, "transparent"], ["new frame", NEW, "transparent"],
                                   ["moved", MOVED, "rgba(255,55,95,.25)"], ["appeared", CAME, "rgba(48,209,88,.25)"],
                                   ["disappeared", GONE, "rgba(142,142,147,.25)"]]) {
    const s = el("span", { textContent: label });
    s.style.setProperty("--c", c); s.style.setProperty("--f", fill);
    legend.append(s);
  }
  const width = Math.max(f.oldSize[0], f.newSize[0], 1), height = Math.max(f.oldSize[1], f.newSize[1], 1);
  const win = pictureWindow(width, height, f), scale = win.scale;
  const canvas = el("canvas");
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.ceil(win.w * scale * ratio); canvas.height = Math.ceil(win.h * scale * ratio);
  canvas.style.width = `${Math.ceil(win.w * scale)}px`; canvas.style.height = `${Math.ceil(win.h * scale)}px`;
  box.append(controls, legend);
  if (win.note) box.append(el("div", { className: "window", textContent: win.note }));
  const picture = el("div", { className: "picture" }, canvas);
  box.append(picture);
  list.append(box);
  // The picture opens scrolled to the first change when it lies beyond what the box shows
  // first (the box shows 720 px of up to 16000): a first screen of unchanged dashed boxes
  // looked blank.
  const fx = (win.focusX - win.x) * scale, fy = (win.focusY - win.y) * scale;
  if (win.changed && (fx > picture.clientWidth - 40 || fy > picture.clientHeight - 40)) {
    picture.scrollLeft = fx - 20; picture.scrollTop = fy - 20;
    if (!win.note) box.insertBefore(el("div", { className: "window", textContent:
      `Opened at the first change (x ${Math.round(win.focusX)}, y ${Math.round(win.focusY)}); scroll the picture for the rest.` }), picture);
  }

  const ctx = canvas.getContext("2d");
  function frames(list, alpha, stroke, isNew) {
    ctx.globalAlpha = alpha;
    for (let k = 0; k < list.length; k += 5) {
      const [x, y, w, h, change] = [list[k] - win.x, list[k + 1] - win.y, list[k + 2], list[k + 3], list[k + 4]];
      if (x > win.w || y > win.h || x + w < 0 || y + h < 0) continue;
      if (change === 1) ctx.fillStyle = "rgba(255,55,95,.28)";
      else if (change === 2) ctx.fillStyle = isNew ? "rgba(48,209,88,.3)" : "rgba(142,142,147,.35)";
      else ctx.fillStyle = "rgba(0,0,0,0)";
      if (change) ctx.fillRect(x * scale, y * scale, w * scale, h * scale);
      ctx.strokeStyle = change === 1 ? (isNew ? MOVED : OLD) : (change === 2 ? (isNew ? CAME : GONE) : stroke);
      ctx.lineWidth = change ? 2 / ratio + 1 : 1;
      ctx.setLineDash(isNew ? [] : [4, 3]);
      ctx.strokeRect(x * scale + .5, y * scale + .5, Math.max(0, w * scale - 1), Math.max(0, h * scale - 1));
    }
    ctx.setLineDash([]);
  }
  function draw() {
    const t = slider.value / 100;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = "#fafafa";
    ctx.fillRect(0, 0, (f.newSize[0] - win.x) * scale, (f.newSize[1] - win.y) * scale);
    if (t < 1) frames(f.old, 1 - t, OLD, false);
    if (t > 0) frames(f.new, t, NEW, true);
    ctx.globalAlpha = 1;
  }
  slider.addEventListener("input", () => { buttons.forEach(b => b.classList.remove("on")); draw(); });
  buttons.forEach((b, k) => b.addEventListener("click", () => {
    slider.value = [0, 50, 100][k];
    buttons.forEach(o => o.classList.toggle("on", o === b));
    draw();
  }));
  draw();
});

if (others.length) {
  list.append(el("h2", { className: "others", textContent: `Other failures (${displayCount(others.length)})` }));
  others.forEach((f, n) => {
    const box = el("section", { className: "failure", id: `other-${n + 1}` });
    box.append(el("h2", { textContent: f.test === null ? f.where : f.test }));
    box.append(el("div", { className: "where", textContent: f.test === null ? "the test file failed" : f.where }));
    box.append(el("pre", { textContent: f.message }));
    list.append(box);
  });
}

// The part of the content the picture shows, in content coordinates, and its scale: the whole,
// fitted into PICTURE_W x PICTURE_H, unless that would draw it at under SMALLEST_SCALE; then a
// window at 1:1 that starts a little before the first changed frame (the changes' bounding box
// over the old and new frames), with a note. Either way `focusX, focusY` is the first change's
// corner, where the picture opens when it lies beyond the first screen.
function pictureWindow(width, height, f) {
  const fit = Math.min(PICTURE_W / width, PICTURE_H / height);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const frames of [f.old, f.new]) {
    for (let k = 0; k < frames.length; k += 5) {
      if (!frames[k + 4]) continue;
      x0 = Math.min(x0, frames[k]); y0 = Math.min(y0, frames[k + 1]);
      x1 = Math.max(x1, frames[k] + frames[k + 2]); y1 = Math.max(y1, frames[k + 1] + frames[k + 3]);
    }
  }
  const changed = x0 <= x1;
  if (fit >= SMALLEST_SCALE) return { x: 0, y: 0, w: width, h: height, scale: fit, note: null, changed, focusX: changed ? x0 : 0, focusY: changed ? y0 : 0 };
  const w = Math.min(width, PICTURE_W), h = Math.min(height, PICTURE_H);
  const start = (from, size, total) => Math.max(0, Math.min(total - size, Math.floor(from - size / 10)));
  const x = changed ? start(x0, w, width) : 0, y = changed ? start(y0, h, height) : 0;
  // Pixel positions and sizes, written plainly as every coordinate is (counts are grouped).
  const n = v => String(Math.round(v));
  let note = `The content is ${n(width)} × ${n(height)} px, too large to draw whole: showing x ${n(x)}–${n(x + w)}, ` +
    `y ${n(y)}–${n(y + h)} at 1:1`;
  note += changed ? `, around the changed frames (they span x ${n(x0)}–${n(x1)}, y ${n(y0)}–${n(y1)}).`
                  : "; no frame changed (only the content size).";
  return { x, y, w, h, scale: 1, note, changed, focusX: changed ? x0 : 0, focusY: changed ? y0 : 0 };
}
