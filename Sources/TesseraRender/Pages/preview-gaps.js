// The gaps overlay: drawGaps(frames, vx, vy), which draw() calls with the frames it placed.
// Relies on preview-state.js (M, S, idOf, layer), display-number.js (displayNumber) and
// page-drawing.js (overlaps, ITEM).

// ---- The gaps overlay: the spacing between neighbouring items, as layout tools show it.
// For each item showing in the viewport, the nearest item to its right that shares some of
// its rows, and the nearest below that shares some of its columns: a band over the shared
// span, labelled with the distance. O(k^2) in the k items near the viewport (skipped past 1500).
let gapNodes = [];
function gapsBetween(list) {
  const g = M, out = [];
  for (const a of list) {
    const ax1 = g.X[a] + g.W[a], ay1 = g.Y[a] + g.H[a];
    let right = -1, below = -1, dr = Infinity, db = Infinity;
    for (const b of list) {
      if (b === a) continue;
      const bx1 = g.X[b] + g.W[b], by1 = g.Y[b] + g.H[b];
      const rows = Math.min(ay1, by1) - Math.max(g.Y[a], g.Y[b]), cols = Math.min(ax1, bx1) - Math.max(g.X[a], g.X[b]);
      if (rows > 0 && g.X[b] >= ax1 && g.X[b] - ax1 < dr) { dr = g.X[b] - ax1; right = b; }
      if (cols > 0 && g.Y[b] >= ay1 && g.Y[b] - ay1 < db) { db = g.Y[b] - ay1; below = b; }
    }
    if (right >= 0 && dr > 0.005) {
      const y0 = Math.max(g.Y[a], g.Y[right]), y1 = Math.min(ay1, g.Y[right] + g.H[right]);
      out.push(['h', a, right, [ax1, y0, dr, y1 - y0], dr]);
    }
    if (below >= 0 && db > 0.005) {
      const x0 = Math.max(g.X[a], g.X[below]), x1 = Math.min(ax1, g.X[below] + g.W[below]);
      out.push(['v', a, below, [x0, ay1, x1 - x0, db], db]);
    }
  }
  return out;
}
function drawGaps(frames, vx, vy) {
  for (const node of gapNodes) node.remove();
  gapNodes = [];
  if (!S.ov.has('gaps')) return;
  const g = M, list = [];
  for (const d of frames.keys()) if (g.KIND[d] === ITEM && !g.P[d] && g.W[d] > 0 && g.H[d] > 0) list.push(d);
  if (list.length > 1500) return;
  const showing = d => overlaps(g.X[d], g.Y[d], g.W[d], g.H[d], vx, vy, S.w, S.h);
  for (const [axis, a, b, f, distance] of gapsBetween(list)) {
    if (!showing(a) && !showing(b)) continue;
    const node = document.createElement('div');
    node.className = 'gap ' + axis;
    node.dataset.from = idOf(a); node.dataset.to = idOf(b);
    node.textContent = displayNumber(distance);
    node.style.left = (f[0] - vx) + 'px'; node.style.top = (f[1] - vy) + 'px';
    node.style.width = f[2] + 'px'; node.style.height = f[3] + 'px';
    node.style.zIndex = 1000000;
    layer.appendChild(node); gapNodes.push(node);
  }
}
