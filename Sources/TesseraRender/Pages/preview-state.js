// The preview page's state. The page's script is these files as one script, in the order of
// preview-page.html's markers: display-number.js, timeline-player.js, page-drawing.js, page-nodes.js, preview-measure.js,
// preview-state.js, preview-draw.js, preview-gaps.js, preview-animation.js, preview-problems.js,
// preview-inspector.js, preview-controls.js, preview-params.js, preview-page.js. A file's
// top-level code uses only what the files before it declare; functions call across files.
// Here: the page's elements and small helpers ($, r2 (the address's 1/100 offsets), esc, bidiControlsShown, showRefusal, LIMIT, MAX_SIDE, token); S, what
// the page keeps across generations, and the address that mirrors it (readHash, writeHash), its
// shelves' offsets carried into each new generation (carryShelves); the
// current generation M as flat arrays (build, from page-drawing.js's drawables, with arrays of
// past generations reused), its id tables (idAt, idIndex), readBinary, query and describe.
// Relies on page-drawing.js (drawables, gridQuery, pinnedFrameIn, the kinds) and page-nodes.js (describeDrawable).

const $ = id => document.getElementById(id);
const view = $('view'), spacer = $('spacer'), layer = $('layer'), statusLine = $('status'), errorPanel = $('error');
const inspector = $('inspector'), tip = $('tip'), conn = $('conn'), outline = $('outline'), grip = $('grip'), safe = $('safe');
const token = new URLSearchParams(location.search).get('token') || '';
const LIMIT = 8000000;
// The largest side of a viewport, the server's bound, which it writes as the W field's max.
const MAX_SIDE = +$('vw').max;
// Timings and the address's offsets to 1/100; numbers about the layout are displayNumber's.
const r2 = v => Math.round(v * 100) / 100;
const esc = s => String(s).replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
// A user's text (an id, a data field) as the pictures and the terminal show it, by
// bidiControlsShown's rule in TesseraCore: each embedding, override and isolate (U+202A-U+202E,
// U+2066-U+2069) written as its escape, \u202e, so it does not reorder what a person reads, and
// each backslash as \\, so the six characters \u202e read apart from U+202E. JSON text (`json`)
// keeps its backslashes: JSON already doubles a string's. The marks (U+200E, U+200F, U+061C)
// stay. Tests/TesseraRenderTests/Fixtures/bidi-controls-shown.json holds the cases both sides
// are tested on.
function bidiControlsShown(text, json = false) {
  return String(text).replace(json ? /[\u202a-\u202e\u2066-\u2069]/g : /[\\\u202a-\u202e\u2066-\u2069]/g,
    c => c === '\\' ? '\\\\' : '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}
// A message not taken (the server's refusal of one, or one the page would not send), in a
// line under the status line until dismissed or replaced: the terminal says the server's too.
function showRefusal(sentence) { $('refusal').textContent = sentence; $('refused').hidden = false; }
$('refusalok').onclick = () => { $('refused').hidden = true; };

// ---- State kept across generations, mirrored in the address.
const S = { w: 375, h: 812, x: 0, y: 0, shelves: new Map(), sel: null, ov: new Set() };
// Until the address or the person sets a size, the page takes the one `--viewport` gave the server.
let sizeChosen = false;
function readHash() {
  for (const part of location.hash.slice(1).split('&')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = decodeURIComponent(part.slice(0, i)), v = decodeURIComponent(part.slice(i + 1)), num = parseFloat(v);
    // Within the W and H fields' bounds; 1e999 (Infinity, sent as null) is left out as x and y are.
    if (k === 'w' && isFinite(num) && num >= 1) { S.w = Math.min(MAX_SIDE, Math.round(num)); sizeChosen = true; }
    else if (k === 'h' && isFinite(num) && num >= 1) { S.h = Math.min(MAX_SIDE, Math.round(num)); sizeChosen = true; }
    else if (k === 'x' && isFinite(num)) S.x = num;
    else if (k === 'y' && isFinite(num)) S.y = num;
    else if (k === 'sel') S.sel = v || null;
    else if (k === 'ov') S.ov = new Set(v.split(',').filter(Boolean));
    else {
      const m = /^s([0-9]+)$/.exec(k);
      if (m) { const [a, b] = v.split(',').map(parseFloat); S.shelves.set(+m[1], [isFinite(a) ? a : 0, isFinite(b) ? b : 0]); }
    }
  }
}
// A shelf's identity: its section's dataset id as the data wrote it (5 and "5" differ) and how
// many earlier sections have the same id, so repeated ids pair n-th with n-th.
const shelfKey = o => JSON.stringify(o.id) + '#' + (o.occurrence || 0);
// The shelves' offsets, kept by section number in `old` (the picture drawn; none yet: the
// address's numbers, written for the picture it was shown with), moved to their sections'
// numbers in `next`: a save that inserts, removes or regroups sections above a shelf renumbers
// it, and its offset follows it as the server's copy does. An offset is dropped when its
// section is gone from `next` or no longer scrolls sideways there.
function carryShelves(old, next) {
  const numbers = new Map(next.O.map(o => [shelfKey(o), o.section])), carried = new Map();
  for (const [section, offset] of S.shelves) {
    const k = old ? old.shelfBySection.get(section) : undefined;
    const number = !old ? section : k === undefined ? undefined : numbers.get(shelfKey(old.O[k]));
    if (number !== undefined && next.shelfBySection.has(number)) carried.set(number, offset);
  }
  S.shelves = carried;
}
let hashTimer = 0;
function writeHash() {
  if (hashTimer) return;
  hashTimer = setTimeout(() => {
    hashTimer = 0;
    const parts = ['w=' + S.w, 'h=' + S.h];
    if (S.x) parts.push('x=' + r2(S.x));
    parts.push('y=' + r2(S.y));
    for (const [s, o] of S.shelves) parts.push('s' + s + '=' + r2(o[0]) + (o[1] ? ',' + r2(o[1]) : ''));
    if (S.sel !== null) parts.push('sel=' + encodeURIComponent(S.sel));
    if (S.ov.size) parts.push('ov=' + [...S.ov].join(','));
    history.replaceState(null, '', '#' + parts.join('&'));
  }, 60);
}

// ---- The current generation, as flat arrays (see HTMLPage's script for the scheme).
let M = null, PREV = null, ids = { version: -1, table: null }, errorGen = 0, lastTimings = null;
let selected = -1, deletedSel = null;
// Typed arrays of past generations, reused: a million-item generation needs ~80 MB of them,
// and allocating that much on every save sets off long garbage collections on the main
// thread. A generation's own arrays return here when the next one replaces it (its X, Y, W,
// H one generation later, as PREV keeps them for the inspector); scratch arrays after build.
const spare = [];
const arrays = {
  take(Type, length, value) {
    const k = spare.findIndex(a => a.constructor === Type && a.length === length);
    if (k < 0) return value ? new Type(length).fill(value) : new Type(length);
    const a = spare[k];
    spare[k] = spare[spare.length - 1]; spare.pop();
    if (value !== undefined) a.fill(value);
    return a;
  },
  recycle(...list) {
    for (const a of list) if (a && !spare.includes(a)) { spare.push(a); if (spare.length > 48) spare.shift(); }
  },
};
// The id table as it arrives: every id's UTF-8 text in one buffer, item i's at
// offsets[i]..offsets[i + 1]. Ids are decoded only when drawn or inspected (a million JS
// strings would cost one long task to make and slow every garbage collection after).
const utf8 = new TextDecoder(), utf8Out = new TextEncoder();
const idAt = (t, i) => utf8.decode(t.text.subarray(t.offsets[i], t.offsets[i + 1]));
// The index of an id, or -1: a scan comparing lengths, then bytes (a few ms for a million).
function idIndex(t, id) {
  const want = utf8Out.encode(id), len = want.length, O = t.offsets, B = t.text;
  for (let i = 0, n = O.length - 1; i < n; i++) {
    const a = O[i];
    if (O[i + 1] - a !== len || (len && B[a] !== want[0])) continue;
    let k = 1;
    while (k < len && B[a + k] === want[k]) k++;
    if (k >= len) return i;
  }
  return -1;
}
// A binary message: a little-endian length, that much JSON header, padding to 8 bytes, the body.
function readBinary(buf) {
  const len = new DataView(buf).getUint32(0, true);
  return { h: JSON.parse(utf8.decode(new Uint8Array(buf, 4, len))), body: 4 + len + ((8 - (4 + len) % 8) % 8) };
}
// A generator (PageDrawing's, shared with run --format html's page): it yields every 16k
// entries so that a large generation is built in slices between which the page stays
// responsive (see applyFrame).
function* build(h, F) {
  const g = yield* drawables(h, F, Math.max(h.content[0], 1), Math.max(h.content[1], 1), h.viewport[0], h.viewport[1], arrays);
  const table = ids.version === h.idsVersion ? ids.table : null;
  return Object.assign(g, { h, gen: h.gen, idsVersion: h.idsVersion,
                            ids: table, texts: table && table.texts || null, labels: table && table.labels || null, problems: null });
}
const query = (qx, qy, qw, qh) => gridQuery(M, qx, qy, qw, qh);
const pinnedFrame = (d, vx, vy) => pinnedFrameIn(M, d, vx, vy, S.w, S.h);
const idOf = i => (M.ids ? idAt(M.ids, i) : String(i));
// What an item shows: its `--label` field's value (shown by the server), else its id.
const labelOf = i => (M.labels ? idAt(M.labels, i) : bidiControlsShown(idOf(i)));
// What drawable d shows: its class and text (page-nodes.js's describeDrawable).
const describe = d => describeDrawable(M, d, labelOf);
