"use strict";
// Each failure: {test, where, key, message, oldSize: [w, h], newSize: [w, h],
// old: [x, y, w, h, change, ...], new: [...]}; change 0 unchanged, 1 moved, 2 appeared or
// disappeared. The picture overlays the old frames and the new ones; the slider fades from
// old to new, the buttons show one side or both.
const data = JSON.parse(document.getElementById("report-data").textContent);
const list = document.getElementById("failures");
document.getElementById("title").textContent =
  `tessera test: ${data.length} failed snapshot${data.length === 1 ? "" : "s"}`;
if (data.length === 0) {
  list.innerHTML = '<p class="none">No snapshot failed.</p>';
}
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
  const scale = Math.min(560 / width, 16000 / height);
  const canvas = el("canvas");
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.ceil(width * scale * ratio); canvas.height = Math.ceil(height * scale * ratio);
  canvas.style.width = `${Math.ceil(width * scale)}px`; canvas.style.height = `${Math.ceil(height * scale)}px`;
  box.append(controls, legend, el("div", { className: "picture" }, canvas));
  list.append(box);

  const ctx = canvas.getContext("2d");
  function frames(list, alpha, stroke, isNew) {
    ctx.globalAlpha = alpha;
    for (let k = 0; k < list.length; k += 5) {
      const [x, y, w, h, change] = [list[k], list[k + 1], list[k + 2], list[k + 3], list[k + 4]];
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
    ctx.fillRect(0, 0, f.newSize[0] * scale, f.newSize[1] * scale);
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
