// Selection, the inspector panel and the tooltip: select(d), showInspector(), and inspected and
// origin (the server's answers about the selection, which the connection sets); the view's click,
// hover and scroll listeners. Relies on preview-state.js (M, PREV, S, selected, deletedSel, idOf,
// idIndex, describe, pinnedFrame, esc, bidiControlsShown, view, tip, inspector) and display-number.js
// (displayNumber); when called, on draw and shelfOffset (preview-draw.js) and send
// (preview-page.js).

// ---- Inspector, selection and tooltip. An id and the data show as the item's label does
// (bidiControlsShown): an override in one does not reorder the panel.
function select(d) {
  selected = d; deletedSel = null;
  S.sel = d >= 0 && M.KIND[d] === ITEM ? idOf(d) : null;
  inspected = null; origin = null;
  if (d >= 0 && M.KIND[d] === ITEM) send({ type: 'inspect', index: d });
  writeHash(); draw(); showInspector();
}
let inspected = null, origin = null;
const fr = f => '(' + f.map(displayNumber).join(', ') + ')';
function row(k, v) { return '<span class="k">' + esc(k) + ':</span> ' + esc(v) + '\n'; }
function showInspector() {
  if (deletedSel) { inspector.innerHTML = '<span class="gone">' + esc(bidiControlsShown(deletedSel.id)) + ' was deleted in generation ' + deletedSel.gen + '.</span>\nClick an element to inspect it.'; return; }
  if (!M || selected < 0 || selected >= M.m) { inspector.textContent = 'Click an element to inspect it.'; return; }
  const g = M, d = selected, [vx, vy] = [S.x, S.y];
  let f = [g.X[d], g.Y[d], g.W[d], g.H[d]];
  if (g.P[d]) f = pinnedFrame(d, vx, vy);
  let html = '';
  const shelf = g.SHELF_OF[d] >= 0 ? g.SHELVES[g.SHELF_OF[d]] : null, so = shelf ? shelfOffset(shelf) : [0, 0];
  if (g.KIND[d] === ITEM) {
    html += row('id', bidiControlsShown(idOf(d))) + row('index', d);
    if (inspected && inspected.index === d) html += row('section', inspected.section + ', item ' + inspected.item);
    html += row('category', 'cell') + row('kind', 'item');
  } else if (g.KIND[d] === SUPPLEMENTARY || g.KIND[d] === DECORATION) {
    const e = g.E[g.REF[d]];
    html += row('category', e.category) + row('kind', e.kind) + row('section', e.section) + (e.index !== undefined ? row('item', e.index) : '');
  } else {
    html += row('element', describe(d)[0]);
  }
  html += row('frame (content)', fr(f));
  html += row('frame (viewport)', fr([f[0] - so[0] - vx, f[1] - so[1] - vy, f[2], f[3]]));
  html += row('zIndex', g.Z[d]) + row('pinned', g.P[d] ? 'yes (stops at ' + displayNumber(g.END[d]) + ')' : 'no');
  html += row('shelf', shelf ? 'section ' + shelf.section + ', offset ' + so.map(displayNumber).join(',') : 'none');
  if (g.KIND[d] === ITEM) {
    let change = 'new in generation ' + g.gen;
    if (PREV) {
      const i = PREV.idsVersion === g.idsVersion ? d : idIndex(PREV.ids, idOf(d));
      if (i >= 0 && i < PREV.X.length) {
        const old = [PREV.X[i], PREV.Y[i], PREV.W[i], PREV.H[i]], now = [g.X[d], g.Y[d], g.W[d], g.H[d]];
        change = old.every((v, k) => v === now[k]) ? 'unchanged since gen ' + PREV.gen : fr(old) + ' -> ' + fr(now) + ' (gen ' + PREV.gen + ' -> ' + g.gen + ')';
      }
    } else change = 'first generation';
    html += row('last reload', change);
    if (origin && origin.index === d) html += row('frame set at', origin.file ? origin.file + ':' + origin.line + ' (' + origin.via + ')' : origin.none);
    else html += row('frame set at', 'finding (the layout runs once more)');
    if (inspected && inspected.index === d) html += '<span class="k">data:</span>\n' + esc(bidiControlsShown(JSON.stringify(inspected.fields, null, 2), true)) + '\n';
    else html += row('data', 'loading');
  }
  inspector.innerHTML = html;
}
view.addEventListener('click', ev => {
  const node = ev.target.closest('[data-d]');
  if (!node || !M) return;
  select(+node.dataset.d);
});
view.addEventListener('mousemove', ev => {
  const node = ev.target.closest('[data-d]');
  if (!node || !M) { tip.style.display = 'none'; return; }
  const d = +node.dataset.d, [kind, text] = describe(d);
  tip.textContent = kind + (text ? ' ' + text : '') + (M.KIND[d] === ITEM ? ' #' + d : '') + ' ' + fr([M.X[d], M.Y[d], M.W[d], M.H[d]]);
  tip.style.left = (ev.clientX + 12) + 'px'; tip.style.top = (ev.clientY + 12) + 'px'; tip.style.display = 'block';
});
view.addEventListener('mouseleave', () => { tip.style.display = 'none'; });
view.addEventListener('scroll', () => { tip.style.display = 'none'; draw(); if (selected >= 0) showInspector(); });
