// Drawing the current generation: the preview's side of page-nodes.js's drawing pass (its
// hooks: how a node is dressed, placed and decorated; shelves in scroll boxes kept at the
// offsets S holds), the offset shown (offsetNow, scrollToState), the status line and the scroll
// the server hears (reportScroll). draw() is what every change calls.
// Relies on preview-state.js (S, M, labelOf, idOf, writeHash), page-drawing.js (shelfBox,
// watchGestures, shelfScrolled), page-nodes.js (drawNear, dressAs, placeNode), display-number.js
// (displayNumber) and preview-measure.js (measureText); when called, on drawGaps
// (preview-gaps.js), drawProblem and drawProblemMarks (preview-problems.js), paramsElsewhere and
// canonical (preview-params.js), send and pageTimings (preview-page.js).

// ---- Drawing: nodes for what lies near the viewport, recycled.
const mounted = new Map(), pool = [];
let requested = null, visibleCount = 0;
const SW = () => Math.min(Math.max(M.CW, S.w), LIMIT), SH = () => Math.min(Math.max(M.CH, S.h), LIMIT);
// Nodes go back to the pool for the next generation (a shelf's scroll box is its own kind).
function clearNodes() {
  for (const [, node] of mounted) { node.remove(); if (node.className !== 'shelf') pool.push(node); }
  mounted.clear();
}
// A node for drawable d: its class and text, its data (an item's id and size) and its --measure box.
function dressNode(node, d) {
  dressAs(node, M, d, labelOf);
  node.dataset.d = d;
  measureText(node, d);
  if (M.KIND[d] === ITEM) { node.dataset.id = idOf(d); node.dataset.size = displayNumber(M.W[d]) + 'x' + displayNumber(M.H[d]); }
  else delete node.dataset.id;
  return node;
}
// The shelf last mounted for each section (by shelfKey: a save may renumber it): a new pass
// mounts its shelves again, and a person's gesture on the one it replaces still ends in a snap
// (watchGestures).
const shelvesMounted = new Map();
function mountShelf(sh) {
  const key = shelfKey(M.O[M.shelfBySection.get(sh.section)]);
  const node = shelfBox(sh);
  node.addEventListener('scroll', () => {
    if (sh.node !== node || sh.restoring) return;
    const x = node.scrollLeft + sh.x0, y = node.scrollTop + sh.y0;
    S.shelves.set(sh.section, [x, y]);
    // Only a person's scroll comes to rest as the shelf's paging behaviour says (PageDrawing's
    // restingOffset, the rule run --format html's page follows): the server's passes and
    // the address leave the offset as they give it.
    shelfScrolled(sh);
    writeHash(); draw();
  });
  watchGestures(sh, node, shelvesMounted.get(key));
  shelvesMounted.set(key, sh);
  return node;
}
function shelfOffset(sh) { return S.shelves.get(sh.section) || [0, 0]; }
function scrollShelf(sh) {
  if (!sh.node) return;
  const o = shelfOffset(sh);
  sh.restoring = true;
  sh.node.scrollLeft = o[0] - sh.x0; sh.node.scrollTop = o[1] - sh.y0;
  sh.restoring = false;
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
// The drawing pass's hooks (page-nodes.js): every node is placed relative to the offset, as
// the layer follows the scroll position.
let vx = 0, vy = 0;
const page = {
  label: i => labelOf(i),
  dress: dressNode,
  mountShelf,
  scrollShelf,
  shelfOffset,
  place: (node, d, f) => placeNode(node, f, vx, vy, vx, vy, S.w, S.h),
  // A text --measure shows has no label placed in it: its box is the measurement.
  keepsText: node => !!node.textBox,
  decorate,
};
const nodes = { mounted, pool, layer };
function draw() {
  if (!M) return;
  [vx, vy] = offsetNow();
  S.x = vx; S.y = vy;
  layer.style.transform = 'translate(' + view.scrollLeft + 'px,' + view.scrollTop + 'px)';
  const { frames, visible } = drawNear(M, vx, vy, S.w, S.h, nodes, page);
  visibleCount = visible;
  drawGaps(frames, vx, vy);
  drawProblem(vx, vy);
  drawProblemMarks(vx, vy);
  showStatus();
  writeHash();
  reportScroll();
}

// The server plays a save where the page is scrolled: it hears the offsets, debounced; of the
// shelves, those of the pass drawn (the address may keep one a later pass has no more, which
// the server would refuse), with its generation (a save the page has not drawn yet may have
// renumbered them or taken one away: the server carries them to their sections' new numbers).
let scrollTimer = 0;
function reportScroll() {
  if (scrollTimer) return;
  scrollTimer = setTimeout(() => {
    scrollTimer = 0;
    const shelves = [...S.shelves].filter(([k]) => M && M.shelfBySection.has(k)).map(([k, o]) => [k, o[0], o[1]]);
    const message = { type: 'scroll', x: S.x, y: S.y, shelves };
    if (M) message.gen = M.gen;
    send(message);
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
  // Before any good run the line says the first one failed, not that the page still waits.
  if (!M) { if (errorGen) statusLine.textContent = 'gen ' + errorGen + ' failed: nothing laid out yet'; return; }
  const t = lastTimings && lastTimings.gen === M.gen ? lastTimings.timings : M.h.timings;
  const total = t.reduce((a, s) => a + s[1], 0);
  const parts = [
    'gen ' + M.gen + (errorGen > M.gen ? ' (stale: gen ' + errorGen + ' failed)' : ''),
    r2(total) + ' ms (' + t.map(s => s[0] + ' ' + r2(s[1])).join(', ') + ')'
      + (pageTimings ? ', page ' + pageTimings.map(s => s[0] + ' ' + r2(s[1])).join(', ') : ''),
    displayCount(M.n) + ' items', displayCount(visibleCount) + ' visible', displayCount(mounted.size) + ' nodes',
    'offset ' + displayNumber(S.x) + ',' + displayNumber(S.y), 'viewport ' + S.w + 'x' + S.h
      + (laidOutElsewhere() ? ' (laid out at ' + M.h.viewport.join('x') + ', another page\'s size: click to lay out at this one)' : ''), 'content ' + displayNumber(M.CW) + 'x' + displayNumber(M.CH)];
  if (paramsElsewhere()) parts.push('laid out with another page\'s params (' + canonical(M.h.pageParams) + '): click to lay out with this one\'s');
  statusLine.textContent = parts.join(' \u00b7 ');
}
