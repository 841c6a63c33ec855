// Drawing the current generation: nodes for what lies near the viewport, recycled through a
// pool, shelves in scroll boxes of their own, the offset shown (offsetNow, scrollToState), the
// status line and the scroll the server hears (reportScroll). draw() is what every change calls.
// Relies on preview-state.js (S, M, query, describe, idOf, writeHash), page-drawing.js (shelfBox,
// shelfDrawables, restingOffset, overlaps, titlesAmong, labelWanted, placeLabel), display-number.js (displayNumber) and preview-measure.js
// (measureText); when called, on
// drawGaps (preview-gaps.js), drawProblem and drawProblemMarks (preview-problems.js), paramsElsewhere
// and canonical (preview-params.js), send and
// pageTimings (preview-page.js).

// ---- Drawing: nodes for what lies near the viewport, recycled.
const mounted = new Map(), pool = [];
let requested = null, visibleCount = 0;
const SW = () => Math.min(Math.max(M.CW, S.w), LIMIT), SH = () => Math.min(Math.max(M.CH, S.h), LIMIT);
// Nodes go back to the pool for the next generation (a shelf's scroll box is its own kind).
function clearNodes() {
  for (const [, node] of mounted) { node.remove(); if (node.className !== 'shelf') pool.push(node); }
  mounted.clear();
}
function place(node, d, f, ox, oy) {
  const b = cssBox(f, ox, oy, S.w, S.h);
  node.style.left = (b[0] - ox) + 'px'; node.style.top = (b[1] - oy) + 'px';
  node.style.width = b[2] + 'px'; node.style.height = b[3] + 'px';
  if (M.KIND[d] === ITEM) node.dataset.size = displayNumber(f[2]) + 'x' + displayNumber(f[3]);
}
function dressNode(node, d) {
  const [kind, text] = describe(d);
  node.className = kind; node.textContent = text; node.dataset.d = d; node.style.padding = '';
  measureText(node, d);
  if (M.KIND[d] === ITEM) node.dataset.id = idOf(d); else delete node.dataset.id;
}
function mountShelf(sh) {
  const node = shelfBox(sh);
  node.addEventListener('scroll', () => {
    if (sh.node !== node || sh.restoring) return;
    const x = node.scrollLeft + sh.x0, y = node.scrollTop + sh.y0;
    S.shelves.set(sh.section, [x, y]);
    // When the shelf stops, it comes to rest as its paging behaviour says (PageDrawing's
    // restingOffset, the rule run --format html's page follows).
    clearTimeout(sh.snapTimer);
    sh.snapTimer = setTimeout(() => settleShelf(sh, node), 150);
    writeHash(); draw();
  });
  return node;
}
function settleShelf(sh, node) {
  if (sh.node !== node) return;
  const off = sh.sideways ? node.scrollLeft + sh.x0 : node.scrollTop + sh.y0, target = restingOffset(sh, off);
  if (Math.abs(target - off) >= 0.5) node.scrollTo(sh.sideways ? { left: target - sh.x0, behavior: 'smooth' } : { top: target - sh.y0, behavior: 'smooth' });
}
function shelfOffset(sh) { return S.shelves.get(sh.section) || [0, 0]; }
function scrollShelf(sh) {
  if (!sh.node) return;
  const o = shelfOffset(sh);
  sh.restoring = true;
  sh.node.scrollLeft = o[0] - sh.x0; sh.node.scrollTop = o[1] - sh.y0;
  sh.restoring = false;
}
function drawShelf(sh, vx, vy) {
  const g = M, f = sh.frame, off2 = shelfOffset(sh), ox = off2[0], oy = off2[1];
  let count = 0;
  shelfDrawables(g, sh, sh.sideways ? ox : oy, pool, drawsBelow).forEach((d, rank) => {
    let node = sh.mounted.get(d);
    if (!node) {
      node = pool.pop() || document.createElement('div');
      dressNode(node, d);
      place(node, d, [g.X[d], g.Y[d], g.W[d], g.H[d]], f[0] + sh.x0, f[1] + sh.y0);
      sh.inner.appendChild(node); sh.mounted.set(d, node);
    }
    node.style.zIndex = rank;
    const dx = g.X[d] - ox, dy = g.Y[d] - oy;
    const on = g.KIND[d] !== DECORATION && g.W[d] > 0 && g.H[d] > 0 && overlaps(dx, dy, g.W[d], g.H[d], vx, vy, S.w, S.h)
      && overlaps(dx, dy, g.W[d], g.H[d], f[0], f[1], f[2], f[3]);
    if (on && g.KIND[d] === ITEM) count++;
    decorate(node, d, on);
  });
  return count;
}
function decorate(node, d, on) {
  node.classList.toggle('on', on);
  node.classList.toggle('sel', d === selected);
  node.classList.toggle('problem', !!(M.problems && M.problems.mark[d]));
}
// The offset shown: the scroll position mapped to content, or exactly what was asked for.
// The browser keeps whole-pixel scroll positions, so a scroll moves the offset by as much as
// the position moved from the last one seen (no sub-pixel step after a fractional offset was
// asked for); at the content's edges, the edge.
function offsetNow() {
  const sx = view.scrollLeft, sy = view.scrollTop;
  if (requested && requested.sx === sx && requested.sy === sy) return [requested.x, requested.y];
  const along = (s, rs, r, Sz, C, V) => {
    const max = Math.max(0, C - V);
    if (s <= 0) return 0;
    if (s >= Sz - V - 0.5) return max;
    return Math.max(0, Math.min(max, requested && C <= Sz ? r + s - rs : toContent(s, Sz, C, V)));
  };
  const x = along(sx, requested && requested.sx, requested && requested.x, SW(), M.CW, S.w);
  const y = along(sy, requested && requested.sy, requested && requested.y, SH(), M.CH, S.h);
  requested = { sx, sy, x, y };
  return [x, y];
}
function draw() {
  if (!M) return;
  const g = M, [vx, vy] = offsetNow();
  S.x = vx; S.y = vy;
  layer.style.transform = 'translate(' + view.scrollLeft + 'px,' + view.scrollTop + 'px)';
  const near = query(vx - S.w / 2, vy - S.h / 2, 2 * S.w, 2 * S.h);
  const frames = new Map();
  for (const d of near) frames.set(d, [g.X[d], g.Y[d], g.W[d], g.H[d]]);
  for (const d of g.pinned) {
    const f = pinnedFrame(d, vx, vy);
    if (overlaps(f[0], f[1], f[2], f[3], vx - S.w / 2, vy - S.h / 2, 2 * S.w, 2 * S.h)) frames.set(d, f);
  }
  for (const [d, node] of mounted) if (!frames.has(d)) {
    node.remove(); mounted.delete(d);
    if (g.KIND[d] === SHELF) g.SHELVES[g.REF[d]].node = null; else pool.push(node);
  }
  visibleCount = 0;
  const order = [...frames.keys()].sort(drawsBelow), titles = titlesAmong(g, order, frames, mounted);
  order.forEach((d, rank) => {
    const f = frames.get(d);
    let node = mounted.get(d);
    const fresh = !node;
    if (fresh && g.KIND[d] === SHELF) {
      node = mountShelf(g.SHELVES[g.REF[d]]);
      layer.appendChild(node); mounted.set(d, node);
    } else if (fresh) {
      node = pool.pop() || document.createElement('div');
      dressNode(node, d);
      layer.appendChild(node); mounted.set(d, node);
    }
    // A label clear of the section titles, as run --format html's page places it; not a text
    // --measure shows (its box is the measurement).
    if (!node.textBox && labelWanted(g, d, fresh, titles)) {
      const [kind, text] = describe(d);
      placeLabel(node, kind, text, f, titles.frames);
    }
    place(node, d, f, vx, vy);
    node.style.zIndex = rank;
    if (fresh && g.KIND[d] === SHELF) scrollShelf(g.SHELVES[g.REF[d]]);
    const on = (g.KIND[d] === ITEM || g.KIND[d] === SUPPLEMENTARY) && f[2] > 0 && f[3] > 0 && overlaps(f[0], f[1], f[2], f[3], vx, vy, S.w, S.h);
    if (on && g.KIND[d] === ITEM) visibleCount++;
    if (g.KIND[d] !== SHELF) decorate(node, d, on);
  });
  for (const sh of g.SHELVES) if (sh.node) visibleCount += drawShelf(sh, vx, vy);
  drawGaps(frames, vx, vy);
  drawProblem(vx, vy);
  drawProblemMarks(vx, vy);
  showStatus();
  writeHash();
  reportScroll();
}

// The server plays a save where the page is scrolled: it hears the offsets, debounced.
let scrollTimer = 0;
function reportScroll() {
  if (scrollTimer) return;
  scrollTimer = setTimeout(() => {
    scrollTimer = 0;
    send({ type: 'scroll', x: S.x, y: S.y, shelves: [...S.shelves].map(([k, o]) => [k, o[0], o[1]]) });
  }, 100);
}
function scrollToState() {
  const x = Math.max(0, Math.min(S.x, M.CW - S.w)), y = Math.max(0, Math.min(S.y, M.CH - S.h));
  // Whole pixels: the browser may keep a fraction it does not report in scrollTop, and the
  // layer is placed by scrollTop (the content offset keeps the fraction in `requested`).
  view.scrollTo(Math.round(toScroll(x, SW(), M.CW, S.w)), Math.round(toScroll(y, SH(), M.CH, S.h)));
  requested = { sx: view.scrollLeft, sy: view.scrollTop, x, y };
  for (const sh of M.SHELVES) scrollShelf(sh);
}
function showStatus() {
  if (!M) return;
  const t = lastTimings && lastTimings.gen === M.gen ? lastTimings.timings : M.h.timings;
  const total = t.reduce((a, s) => a + s[1], 0);
  const parts = [
    'gen ' + M.gen + (errorGen > M.gen ? ' (stale: gen ' + errorGen + ' failed)' : ''),
    r2(total) + ' ms (' + t.map(s => s[0] + ' ' + r2(s[1])).join(', ') + ')'
      + (pageTimings ? ', page ' + pageTimings.map(s => s[0] + ' ' + r2(s[1])).join(', ') : ''),
    M.n + ' items', visibleCount + ' visible', mounted.size + ' nodes',
    'offset ' + displayNumber(S.x) + ',' + displayNumber(S.y), 'viewport ' + S.w + 'x' + S.h
      + (laidOutElsewhere() ? ' (laid out at ' + M.h.viewport.join('x') + ', another page\'s size: click to lay out at this one)' : ''), 'content ' + displayNumber(M.CW) + 'x' + displayNumber(M.CH)];
  if (paramsElsewhere()) parts.push('laid out with another page\'s params (' + canonical(M.h.pageParams) + '): click to lay out with this one\'s');
  statusLine.textContent = parts.join(' \u00b7 ');
}
