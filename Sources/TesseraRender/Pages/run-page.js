const D = JSON.parse(document.getElementById('tessera-data').textContent);
const view = document.getElementById('view'), spacer = document.getElementById('spacer');
const layer = document.getElementById('layer'), statusLine = document.getElementById('status');
const VW = D.viewport[0], VH = D.viewport[1];
// The scroll range: the content's box joined with the viewport's at offset 0 (a right-to-left
// content wider than the viewport starts left of 0: X0 < 0), CW x CH from (X0, Y0).
const OX = D.contentOrigin ? D.contentOrigin[0] : 0, OY = D.contentOrigin ? D.contentOrigin[1] : 0;
const X0 = Math.min(0, OX), Y0 = Math.min(0, OY);
const CW = Math.max(OX + D.content[0], VW) - X0, CH = Math.max(OY + D.content[1], VH) - Y0;
const LIMIT = 8000000;
const SW = Math.min(CW, LIMIT), SH = Math.min(CH, LIMIT), scaled = CW > SW || CH > SH;
spacer.style.width = SW + 'px'; spacer.style.height = SH + 'px';
// Grow the box by its scrollbars so that the client area is exactly the viewport. Again when
// the window is resized: a zoom, or a phone's overlay scrollbars, change their width, and a box
// sized for the old ones would show more than the viewport and reach past a phone's edge.
function fitView() {
  for (let pass = 0; pass < 2; pass++) {
    view.style.width = (VW + view.offsetWidth - view.clientWidth) + 'px';
    view.style.height = (VH + view.offsetHeight - view.clientHeight) + 'px';
  }
}
fitView();

// The overview strip (run-overview.js): along the axis the page scrolls furthest, as long as the
// viewport; a click or a drag moves the view's start there, kept within the scroll range.
const OV = D.overview, down = OV.axis === 'y';
document.getElementById('run').className = down ? 'down' : 'across';
const strip = document.getElementById('overview');
strip.style[down ? 'height' : 'width'] = (down ? VH : VW) + 'px';
const showOverview = overviewStrip(strip, document.getElementById('overview-mark'), OV, down ? VH : VW, down ? VH : VW, v => {
  if (down) view.scrollTo({ top: toScroll(Math.max(0, Math.min(v - Y0, CH - VH)), SH, CH, VH) });
  else view.scrollTo({ left: toScroll(Math.max(0, Math.min(v - X0, CW - VW)), SW, CW, VW) });
});

// Everything drawable in one set of arrays, indexed (PageDrawing's script, shared with the preview).
const G = built(drawables(D, D.frames, CW, CH, VW, VH));
const { X, Y, W, H, KIND, REF, P, TITLES, shelfBySection } = G;
const S = D.sections, E = D.elements, O = D.orthogonal;
const SHELVES = G.SHELVES.map(sh => Object.assign(sh, { offset: sh.start.slice() }));
const label = i => D.labels[i];

// A label between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, as the svg picture's hover
// titles write it: a right-to-left override in it cannot reorder the index or frame beside it.
const isolated = text => '\u2068' + text + '\u2069';
// A drawable's hover title, as the svg picture's: what it is and where (frame f).
function tooltip(d, f) {
  const where = ' (' + f.map(displayNumber).join(', ') + ')';
  switch (KIND[d]) {
    case ITEM: return REF[d] + ': ' + isolated(D.labels[REF[d]]) + where;
    case SECTION: return 'section ' + S[REF[d]].section + ': ' + isolated(S[REF[d]].title) + where;
    case TITLE: return 'section ' + S[REF[d]].section + ': ' + isolated(S[REF[d]].title);
    case SHELF: return 'section ' + O[REF[d]].section + ' scrolls on its own' + where;
    default: {
      const e = E[REF[d]], anchor = e.index === undefined ? '' : ' for item ' + e.index;
      return e.category + ' ' + e.kind + ' of section ' + e.section + anchor + where;
    }
  }
}

const nodes = { mounted: new Map(), pool: [], layer };

// A shelf's scroll box (PageDrawing's shelfBox), with this page's scroll handling; it snaps
// after a person's gesture only (watchGestures).
function mountShelf(sh) {
  const node = shelfBox(sh);
  node.addEventListener('scroll', () => {
    if (sh.node !== node) return;
    sh.offset = [node.scrollLeft + sh.x0, node.scrollTop + sh.y0];
    shelfScrolled(sh);
    update();
  });
  watchGestures(sh, node);
  return node;
}
function scrollShelf(sh) {
  if (!sh.node) return;
  sh.node.scrollLeft = sh.offset[0] - sh.x0; sh.node.scrollTop = sh.offset[1] - sh.y0;
}
let anchorX = 0, anchorY = 0, vx = 0, vy = 0;
// The drawing pass's hooks (page-nodes.js): nodes are placed once, relative to the anchor,
// unless the page scales the scroll range or the node is pinned.
const page = {
  label,
  dress(node, d, f) {
    dressAs(node, G, d, label);
    node.title = tooltip(d, f); node.dataset.index = d;
    return node;
  },
  mountShelf(sh, d, f) { const node = mountShelf(sh); node.title = tooltip(d, f); return node; },
  scrollShelf,
  shelfOffset: sh => [sh.node.scrollLeft + sh.x0, sh.node.scrollTop + sh.y0],
  place(node, d, f, fresh) {
    if (P[d] && !fresh) node.title = tooltip(d, f);
    if (fresh || scaled || P[d]) placeNode(node, f, anchorX, anchorY, vx, vy, VW, VH);
  },
  keepsText: () => false,
  decorate: (node, d, on) => node.classList.toggle('on', on),
};
// The offset asked for (--offset or the fragment) while the scroll position is still the
// one it gave: a scaled scroll position rounds, and the page should show the exact offset.
let requested = null;
function update() {
  const sx = view.scrollLeft, sy = view.scrollTop;
  const exact = requested && requested.sx === sx && requested.sy === sy;
  vx = exact ? requested.x : X0 + toContent(sx, SW, CW, VW); vy = exact ? requested.y : Y0 + toContent(sy, SH, CH, VH);
  if (scaled) { anchorX = vx; anchorY = vy; }
  layer.style.transform = 'translate(' + (sx - vx + anchorX) + 'px,' + (sy - vy + anchorY) + 'px)';
  const { visible } = drawNear(G, vx, vy, VW, VH, nodes, page);
  showOverview(down ? vy : vx);
  statusLine.textContent = 'offset ' + displayNumber(vx) + ',' + displayNumber(vy) + ': '
    + displayCount(visible) + ' items visible (orange), ' + displayCount(nodes.mounted.size) + ' nodes near the viewport';
}
function scrollToOffset() {
  let x = D.offset[0], y = D.offset[1];
  for (const part of location.hash.slice(1).split('&')) {
    const [key, value] = part.split('=');
    if ((key === 'x' || key === 'y') && isFinite(parseFloat(value))) { if (key === 'x') x = parseFloat(value); else y = parseFloat(value); }
    const shelf = /^s([0-9]+)$/.exec(key);
    if (shelf && shelfBySection.has(+shelf[1]) && value !== undefined) {
      const [sx, sy] = value.split(',').map(parseFloat), sh = SHELVES[shelfBySection.get(+shelf[1])];
      sh.offset = [isFinite(sx) ? sx : 0, isFinite(sy) ? sy : 0];
      scrollShelf(sh);
    }
  }
  x = Math.max(X0, Math.min(x, X0 + CW - VW)); y = Math.max(Y0, Math.min(y, Y0 + CH - VH));
  view.scrollTo(toScroll(x - X0, SW, CW, VW), toScroll(y - Y0, SH, CH, VH));
  requested = { sx: view.scrollLeft, sy: view.scrollTop, x: x, y: y };
  update();
}
view.addEventListener('scroll', update);
window.addEventListener('hashchange', scrollToOffset);
window.addEventListener('resize', () => { fitView(); update(); });
scrollToOffset();
