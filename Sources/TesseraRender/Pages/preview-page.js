// The preview page's glue, last of its files (see preview-state.js for the order): a new
// generation (applyFrame builds it in slices, swapIn puts it in and keeps the anchor item's
// place), the error box (showError), the connection (the socket, its messages, the paint
// reports) and the start (readHash, sizeView, syncOverlays, the pass the page was served with
// (drawFirstPass), connect), which uses every file.

// ---- A new generation: keep the anchor item's place in the viewport.
// The anchor is the selection, or the first item showing (top to bottom, then left to right).
// As the engine's, it passes over an item that `next` resizes (with the same ids: a
// measurement) and that the viewport's top or leading edge cuts: that item grows or shrinks off
// screen and what is drawn below it stays still. Kept by its top instead, a shrinking item
// half scrolled out would pull everything below it up.
function anchor(bySelection, next, sameIds) {
  if (!M) return null;
  let d = bySelection && selected >= 0 && M.KIND[selected] === ITEM ? selected : -1;
  if (d < 0) {
    // One pass, no sort (this runs on every frame message): the first item showing, and the
    // first that is not resized and cut; earlier in the query wins a tie, as a stable sort keeps it.
    let first = -1, kept = -1;
    const before = (a, b) => b < 0 || M.Y[a] < M.Y[b] || (M.Y[a] === M.Y[b] && M.X[a] < M.X[b]);
    for (const e of query(S.x, S.y, S.w, S.h)) {
      if (M.KIND[e] !== ITEM || M.W[e] <= 0 || M.H[e] <= 0) continue;
      if (before(e, first)) first = e;
      const resizedAndCut = sameIds && e < next.n && (next.W[e] !== M.W[e] || next.H[e] !== M.H[e])
        && (M.Y[e] < S.y || M.X[e] < S.x);
      if (!resizedAndCut && before(e, kept)) kept = e;
    }
    d = kept >= 0 ? kept : first;
  }
  return d < 0 || !M.ids ? null : { index: d, id: idAt(M.ids, d), dx: M.X[d] - S.x, dy: M.Y[d] - S.y };
}
function indexOfId(g, id) { return g.ids ? idIndex(g.ids, id) : -1; }
// A generation is built in slices of about 8 ms (a message channel hands the main thread
// back between them); the last picture stays until the new one is complete. A newer
// generation arriving meanwhile replaces the one being built: the last save wins.
let pageTimings = null, building = null, resume = null;
const slices = new MessageChannel();
slices.port1.onmessage = () => { const f = resume; resume = null; if (f) f(); };
// A frame message (its header read from `buf` at `t0`; the frames from `body` on).
function applyFrame(buf, h, body, arrived, t0) {
  arrivals.set(h.gen, arrived);
  frameGen = h.gen;
  if (!sizeChosen && h.viewport) { S.w = h.viewport[0]; S.h = h.viewport[1]; sizeChosen = true; sizeView(); }
  if (h.viewport && h.viewport[0] === S.w && h.viewport[1] === S.h) askedSizes.clear();
  const F = new Float64Array(buf, body, 4 * h.count);
  const decodeMs = performance.now() - t0;
  if (building) building.cancelled = true;
  const job = { cancelled: false }, steps = build(h, F);
  building = job;
  let buildMs = 0;
  const step = () => {
    if (job.cancelled) return;
    const s0 = performance.now();
    for (let r = steps.next(); ; r = steps.next()) {
      if (r.done) { buildMs += performance.now() - s0; building = null; swapIn(h, r.value, decodeMs, buildMs); return; }
      if (performance.now() - s0 > 8) { buildMs += performance.now() - s0; resume = step; slices.port2.postMessage(0); return; }
    }
  };
  step();
}
function swapIn(h, next, decodeMs, buildMs) {
  const t2 = performance.now();
  // A scroll whose event has not come yet (this message's task ran first) counts: the anchor
  // is taken where the page shows now.
  if (M) { const [vx, vy] = offsetNow(); S.x = vx; S.y = vy; }
  // Measurements keep what is on screen in place, as the engine does: the first visible item.
  const selId = S.sel, oldSel = selected, sameIds = M !== null && M.idsVersion === next.idsVersion && !!next.ids;
  const a = anchor(!h.adjust, next, sameIds), oldGen = M ? M.gen : -1, adjust = h.adjust;
  tip.style.display = 'none';
  clearNodes();
  if (M && M.ids) {
    if (PREV) arrays.recycle(PREV.X, PREV.Y, PREV.W, PREV.H);
    PREV = { ids: M.ids, idsVersion: M.idsVersion, X: M.X, Y: M.Y, W: M.W, H: M.H, gen: M.gen };
  }
  if (M) arrays.recycle(M.Z, M.P, M.RANK, M.KIND, M.REF, M.SHELF_OF, M.END, M.EDGE, M.OFF, M.seen, M.entries);
  carryShelves(M, next);
  M = next;
  // An error of a later generation (it arrived while this one was being built) stays up.
  const stale = errorGen > h.gen;
  if (!stale) errorPanel.style.display = 'none';
  view.classList.toggle('stale', stale);
  selected = -1;
  if (selId !== null) {
    // The same id table: the same index (no search through a million ids).
    selected = sameIds && oldSel >= 0 && oldSel < M.n ? oldSel : indexOfId(M, selId);
    if (selected < 0) { deletedSel = { id: selId, gen: M.gen }; S.sel = null; }
  }
  spacer.style.width = SW() + 'px'; spacer.style.height = SH() + 'px';
  sizeView();
  showSafeArea(h.safeArea);
  // A save played with the animator ends where it was played: that offset, not the anchor.
  const played = pendingAnim && pendingAnim.gen === h.gen ? pendingAnim : null;
  pendingAnim = null;
  stopAnimation();
  if (played) { S.x = played.offset[0]; S.y = played.offset[1]; }
  // The engine's adjustment, when it anchored from where the page still is on the frames it
  // still shows; after a scroll since, the page's own anchor (the first visible item now).
  else if (adjust && adjust.gen === oldGen && adjust.to && S.x === adjust.from[0] && S.y === adjust.from[1]) {
    S.x = adjust.to[0]; S.y = adjust.to[1]; measuring.engineAnchored++;
  } else if (a) {
    if (adjust) measuring.pageAnchored++;
    const i = sameIds ? a.index : indexOfId(M, a.id);
    if (i >= 0 && i < M.n) { S.x = M.X[i] - a.dx; S.y = M.Y[i] - a.dy; }
  }
  scrollToState();
  showParams(h.params, h.pageParams);
  // The box speaks of the generation it was filled in, "no problems" included: a new one hides it.
  if (!$('problem').hidden && +$('problem').dataset.gen !== h.gen) { problemShown = null; $('problem').hidden = true; }
  // Asked while this generation was on its way: the answer (of this generation) waited for it.
  const problemsWaited = problemWanted && problemList && problemList.gen === h.gen;
  measureNewGeneration();
  M.problems = null;
  if (S.ov.has('problems')) markProblems();
  draw();
  showInspector();
  // The selection's data and script line as this generation has them (a script edit moves
  // lines): asked again; the inspector shows the last answer until the new one comes.
  if (selected >= 0 && M.KIND[selected] === ITEM) send({ type: 'inspect', index: selected });
  pageTimings = [['decode', decodeMs], ['build', buildMs], ['draw', performance.now() - t2]];
  showStatus();
  if (played) startAnimation(played);
  if (problemsWaited) { problemWanted = false; nextProblem(); }
  if (h !== servedHeader) reportPaint(h.gen);
}

// ---- Errors.
function showError(e) {
  errorGen = e.gen;
  const place = e.file ? e.file + (e.line ? ':' + e.line + (e.column ? ':' + e.column : '') : '') : '';
  let html = '<div class="head">' + esc(e.kind) + ' error' + (place ? ' at ' + esc(place) : '') + ' (generation ' + e.gen + ')</div>';
  html += esc(e.message) + '\n';
  if (e.source && e.source.length) {
    html += '\n' + e.source.map(([n, text]) => {
      const line = String(n).padStart(5) + (n === e.line ? ' > ' : ' | ') + text;
      return n === e.line ? '<span class="at">' + esc(line) + '</span>' : esc(line);
    }).join('\n') + '\n';
  }
  if (e.traceback) html += '\n' + esc(e.traceback);
  html += '\n\n' + (M ? 'Showing the last good picture (generation ' + M.gen + '), dimmed.' : 'Nothing to show yet: the picture appears on the first good save.');
  errorPanel.innerHTML = html;
  errorPanel.style.display = 'block';
  if (M) view.classList.add('stale');
  showStatus();
  reportPaint(e.gen);
}

// ---- Connection: reconnects with the state the page holds; never reloads the page.
// The paint report also says when the generation's message arrived and how long the two
// animation frames took, so that a latency splits into server, page and frame pacing.
let ws = null, retry = 250, lastPaint = 0;
// The generation of the newest frame the page has (served with it, or sent): the socket's address
// says it, and a save made while the page loaded (or while it was disconnected) plays from it.
let frameGen = -1;
const arrivals = new Map();
function send(message) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(message)); }
// The longest main-thread task of a generation, from the Long Tasks API (tasks of 50 ms and
// more): the longest task begun after the previous paint and by this one's (its messages,
// decoding, building, drawing and the frames that painted it). The browser records a task
// only once it has ended, after the paint it delayed, so the report goes one task after the
// paint, when every task begun by then has ended and its entry can be taken.
const longTasks = [];
let longTaskObserver = null;
const noteLongTasks = entries => { for (const e of entries) longTasks.push([e.startTime, e.duration]); };
try {
  longTaskObserver = new PerformanceObserver(list => noteLongTasks(list.getEntries()));
  longTaskObserver.observe({ type: 'longtask', buffered: true });
} catch (e) { /* no long-task timing in this browser: reports say 0 */ }
function longestTask(from, to) {
  if (longTaskObserver) noteLongTasks(longTaskObserver.takeRecords());
  let longest = 0;
  for (const [start, duration] of longTasks) if (start > from && start <= to) longest = Math.max(longest, duration);
  const later = longTasks.filter(([start]) => start > to);
  longTasks.length = 0; longTasks.push(...later);
  return longest;
}
function reportPaint(gen) {
  const asked = performance.now();
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const now = performance.now(), from = lastPaint, arrived = arrivals.get(gen) || 0;
    lastPaint = now;
    for (const k of arrivals.keys()) if (k <= gen) arrivals.delete(k);
    document.body.dataset.gen = gen;
    setTimeout(() => send({ type: 'painted', gen, at: performance.timeOrigin + now, longest: longestTask(from, now), arrived, frames: now - asked }), 0);
  }));
}
// The socket lives in a worker (preview-socket.js, which the page holds as text in its element
// socket-worker and starts from a Blob URL: the page stays one file): a message of
// tens of megabytes is received and put together there and handed over as a transferred
// buffer, without a copy, instead of arriving in one long main-thread task. WorkerSocket
// looks like a WebSocket to the page (readyState, send, close, on* handlers and listeners).
// Where no worker can start, the page's own WebSocket.
const socketSource = document.getElementById('socket-worker').textContent;
let socketURL = null, workersFail = typeof Worker === 'undefined';
class WorkerSocket extends EventTarget {
  constructor(url) {
    super();
    this.readyState = 0;
    socketURL = socketURL || URL.createObjectURL(new Blob([socketSource], { type: 'text/javascript' }));
    this.worker = new Worker(socketURL);
    this.worker.onmessage = e => this.deliver(e.data.event, e.data.data);
    // A worker that cannot run (a browser's policy): plain sockets from now on.
    this.worker.onerror = () => { workersFail = true; this.deliver('close'); };
    this.worker.postMessage({ open: url });
  }
  deliver(event, data) {
    if (this.readyState === 3) return;
    this.readyState = event === 'open' ? 1 : event === 'close' ? 3 : this.readyState;
    if (event === 'close') this.worker.terminate();
    const ev = event === 'message' ? new MessageEvent('message', { data }) : new Event(event);
    if (this['on' + event]) this['on' + event](ev);
    this.dispatchEvent(ev);
  }
  send(text) { this.worker.postMessage({ send: text }); }
  close() { this.worker.postMessage({ close: 1 }); }
}
// A run still going after a few seconds (an endless loop with --time-limit 0) is said in a line
// under the status line until its frame or error, or a later one's, arrives.
let endedGen = 0;
function ranTo(gen) { endedGen = Math.max(endedGen, gen); $('running').hidden = true; }
// A binary message: an id table, kept for the frames that name it, or a frame.
function receiveBinary(buf, arrived) {
  const t0 = performance.now(), { h, body } = readBinary(buf);
  if (h.type !== 'ids') ranTo(h.gen);
  if (h.type === 'ids') {
    const offsets = new Uint32Array(buf, body, h.count + 1);
    ids = { version: h.version, table: { offsets, text: new Uint8Array(buf, body + 4 * (h.count + 1)) } };
    // With --measure: every item's text, a second table of the same shape.
    if (h.texts) ids.table.texts = { offsets: new Uint32Array(buf, body + h.texts[0], h.count + 1), text: new Uint8Array(buf, body + h.texts[1]) };
    // With --label FIELD: every item's label, one more table.
    if (h.labels) ids.table.labels = { offsets: new Uint32Array(buf, body + h.labels[0], h.count + 1), text: new Uint8Array(buf, body + h.labels[1]) };
  } else applyFrame(buf, h, body, arrived, t0);
}
// The pass the server had when it served the page (the elements first-ids and first-frame, in
// base64): drawn as the page loads, so the layout shows before the socket answers. The socket
// brings it again, and that copy is drawn as any frame is (measured, inspected, reported
// painted to the server, which hears nothing of this one); or, when a save came in between, the
// save's frame, after its animation from this pass (the socket's address names the pass).
let servedHeader = null;
function drawFirstPass() {
  const bytes = id => {
    const raw = atob($(id).textContent), out = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out.buffer;
  };
  if (!$('first-frame').textContent) return;
  const arrived = performance.timeOrigin + performance.now();
  receiveBinary(bytes('first-ids'), arrived);
  const frame = bytes('first-frame'), t0 = performance.now(), { h, body } = readBinary(frame);
  servedHeader = h;
  // Its size is the server's, not one the page chose: the socket's hello still asks for none.
  const chosen = sizeChosen;
  applyFrame(frame, h, body, arrived, t0);
  sizeChosen = chosen;
}
function connect() {
  const url = 'ws://' + location.host + '/ws?token=' + encodeURIComponent(token) + (frameGen >= 0 ? '&gen=' + frameGen : '');
  let socket = null;
  if (!workersFail) try { socket = new WorkerSocket(url); } catch (e) { workersFail = true; }
  if (!socket) { socket = new WebSocket(url); socket.binaryType = 'arraybuffer'; }
  ws = socket;
  ws.onopen = () => { retry = 250; conn.textContent = 'connected'; conn.className = ''; if (sizeChosen) askedSizes.add(S.w + 'x' + S.h);
    send(sizeChosen ? { type: 'hello', w: S.w, h: S.h, params: paramsSent() } : { type: 'hello', params: paramsSent() }); reportScroll(); };
  // A server started again has a new token, which this page's address lacks: it would try for
  // ever. Past the first few tries (a server restarting, or a lost connection), it says so.
  ws.onclose = () => {
    conn.textContent = retry < 2000 ? 'disconnected; reconnecting'
      : 'disconnected; reconnecting (a tessera preview started again prints a new address: open that one)';
    conn.className = 'down';
    setTimeout(connect, retry); retry = Math.min(2000, retry * 2);
  };
  ws.onmessage = ev => {
    const arrived = performance.timeOrigin + performance.now();
    if (typeof ev.data !== 'string') { receiveBinary(ev.data, arrived); return; }
    const msg = JSON.parse(ev.data);
    if (msg.type === 'error') { ranTo(msg.gen); arrivals.set(msg.gen, arrived); showError(msg); measureAnswered(); }
    else if (msg.type === 'running') { if (msg.gen > endedGen) { $('running').textContent = msg.message; $('running').hidden = false; } }
    else if (msg.type === 'refused') { showRefusal('the preview refused a message: ' + msg.message); measureAnswered(); }
    else if (msg.type === 'animation') pendingAnim = msg;
    else if (msg.type === 'timings') { lastTimings = msg; showStatus(); }
    else if (msg.type === 'inspect' && !msg.missing && msg.index === selected) { inspected = msg; showInspector(); }
    else if (msg.type === 'origin' && !msg.missing && msg.index === selected) { origin = msg; showInspector(); }
    else if (msg.type === 'problems') problemsArrived(msg);
  };
}
readHash();
sizeView();
syncOverlays();
window.addEventListener('hashchange', () => { readHash(); if (M) { sizeView(); scrollToState(); draw(); } });
drawFirstPass();
connect();
