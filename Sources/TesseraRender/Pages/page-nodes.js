// The drawing pass both pages run on every scroll, run --format html's (run-page.js) and the
// preview's (preview-draw.js): what a drawable shows (describeDrawable), DOM nodes for what
// lies within half a viewport of the visible rectangle, recycled through a pool, in drawing
// order with their labels clear of the section titles (drawNear), and a shelf's cards near its
// offset (drawShelfNear). What differs between the pages comes in `page`, their hooks:
//   label(i)            item i's label
//   dress(node, d, f)   a node taken for drawable d (at frame f): its class, text and data; returns it
//   mountShelf(sh, d, f) a shelf's scroll box (shelfBox) with the page's scroll handling
//   scrollShelf(sh)     puts a freshly mounted shelf at its offset
//   shelfOffset(sh)     the offset [x, y] shelf sh is scrolled to
//   place(node, d, f, fresh) puts a node of the main layer at frame f for this pass's offset
//   keepsText(node)     true for a node whose text is its own (no label placed in it)
//   decorate(node, d, on) the classes a drawn node carries (on: it shows in the viewport)
// Relies on page-drawing.js (the drawables, gridQuery, pinnedFrameIn, the shelves, the labels).

// What drawable d shows: its class and its text.
function describeDrawable(g, d, label) {
  switch (g.KIND[d]) {
    case ITEM: return ['item', label(d)];
    case SECTION: return ['section', ''];
    case TITLE: return ['title', g.Sx[g.REF[d]].title];
    case SHELF: return ['shelf', ''];
    default: {
      // A background is drawn bare, as in the svg picture: its kind would sit under the items.
      const e = g.E[g.REF[d]];
      return [e.category + (e.pinLimit !== undefined ? ' pinned' : ''), g.KIND[d] === DECORATION ? '' : g.TITLES.get(g.REF[d]) || e.kind];
    }
  }
}
// A node's class and text as describeDrawable says, with no label padding left from its last use.
function dressAs(node, g, d, label) {
  const [kind, text] = describeDrawable(g, d, label);
  node.className = kind; node.textContent = text; node.style.padding = '';
  return node;
}
// A node's box: frame f relative to (ox, oy), cut to what CSS can place around the viewport
// (vx, vy, vw, vh) (cssBox).
function placeNode(node, f, ox, oy, vx, vy, vw, vh) {
  const b = cssBox(f, vx, vy, vw, vh);
  node.style.left = (b[0] - ox) + 'px'; node.style.top = (b[1] - oy) + 'px';
  node.style.width = b[2] + 'px'; node.style.height = b[3] + 'px';
}
// Whether drawable d at frame f shows in the viewport (its items are counted as visible).
const showsIn = (g, d, f, vx, vy, vw, vh) => (g.KIND[d] === ITEM || g.KIND[d] === SUPPLEMENTARY)
  && f[2] > 0 && f[3] > 0 && overlaps(f[0], f[1], f[2], f[3], vx, vy, vw, vh);
// Draws generation g for the viewport (vx, vy, vw, vh) into `nodes` ({ mounted: drawable ->
// node, pool: spare nodes, layer }). Returns the frames drawn (drawable -> frame) and how
// many items show, in shelves too.
function drawNear(g, vx, vy, vw, vh, nodes, page) {
  const { mounted, pool, layer } = nodes;
  const frames = new Map();
  for (const d of gridQuery(g, vx - vw / 2, vy - vh / 2, 2 * vw, 2 * vh)) frames.set(d, [g.X[d], g.Y[d], g.W[d], g.H[d]]);
  for (const d of g.pinned) {
    const f = pinnedFrameIn(g, d, vx, vy, vw, vh);
    if (overlaps(f[0], f[1], f[2], f[3], vx - vw / 2, vy - vh / 2, 2 * vw, 2 * vh)) frames.set(d, f);
  }
  for (const [d, node] of mounted) if (!frames.has(d)) {
    node.remove(); mounted.delete(d);
    if (g.KIND[d] === SHELF) g.SHELVES[g.REF[d]].node = null; else pool.push(node);
  }
  const order = [...frames.keys()].sort(byDrawingOrder(g));
  // The titles near the view; when one comes into it, the labels it may cover are placed again.
  const titles = titlesAmong(g, order, frames, mounted);
  let visible = 0;
  order.forEach((d, rank) => {
    const f = frames.get(d);
    let node = mounted.get(d);
    const fresh = !node;
    if (fresh) {
      node = g.KIND[d] === SHELF ? page.mountShelf(g.SHELVES[g.REF[d]], d, f) : page.dress(pool.pop() || document.createElement('div'), d, f);
      layer.appendChild(node); mounted.set(d, node);
    }
    if (!page.keepsText(node) && labelWanted(g, d, fresh, titles)) {
      const [kind, text] = describeDrawable(g, d, page.label);
      placeLabel(node, kind, text, f, titles.frames);
    }
    page.place(node, d, f, fresh);
    node.style.zIndex = rank;
    if (fresh && g.KIND[d] === SHELF) page.scrollShelf(g.SHELVES[g.REF[d]]);
    const on = showsIn(g, d, f, vx, vy, vw, vh);
    if (on && g.KIND[d] === ITEM) visible++;
    if (g.KIND[d] !== SHELF) page.decorate(node, d, on);
  });
  for (const sh of g.SHELVES) if (sh.node) visible += drawShelfNear(g, sh, vx, vy, vw, vh, pool, page);
  return { frames, visible };
}
// Mounts what lies within half a scroller of what shelf `sh` shows at its offset; returns how many of its items show through both the scroller and
// the viewport.
function drawShelfNear(g, sh, vx, vy, vw, vh, pool, page) {
  const f = sh.frame, [ox, oy] = page.shelfOffset(sh), x0 = f[0] + sh.x0, y0 = f[1] + sh.y0;
  let count = 0;
  shelfDrawables(g, sh, sh.sideways ? ox : oy, pool, byDrawingOrder(g)).forEach((d, rank) => {
    let node = sh.mounted.get(d);
    if (!node) {
      const at = [g.X[d], g.Y[d], g.W[d], g.H[d]];
      node = page.dress(pool.pop() || document.createElement('div'), d, at);
      placeNode(node, at, x0, y0, x0, y0, vw, vh);
      sh.inner.appendChild(node); sh.mounted.set(d, node);
    }
    node.style.zIndex = rank;
    const dx = g.X[d] - ox, dy = g.Y[d] - oy;
    const on = g.KIND[d] !== DECORATION && g.W[d] > 0 && g.H[d] > 0 && overlaps(dx, dy, g.W[d], g.H[d], vx, vy, vw, vh)
      && overlaps(dx, dy, g.W[d], g.H[d], f[0], f[1], f[2], f[3]);
    if (on && g.KIND[d] === ITEM) count++;
    page.decorate(node, d, on);
  });
  return count;
}
