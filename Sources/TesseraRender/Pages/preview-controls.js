// The viewport's size and the overlays: sizeView() and the frame fitted to the window (fitFrame),
// the W and H fields, the presets and the grip (setViewport), the overlay checkboxes
// (syncOverlays), the safe area's band (showSafeArea). Relies on preview-state.js (S, M, $,
// view, outline, grip, safe, spacer, writeHash, sizeChosen, MAX_SIDE); when called, on draw, SW and SH (preview-draw.js), markProblems
// (preview-problems.js) and send (preview-page.js).

// ---- Viewport controls: fields, presets, drag-to-resize.
function sizeView() {
  view.style.width = S.w + 'px'; view.style.height = S.h + 'px';
  for (let pass = 0; pass < 2; pass++) {
    view.style.width = (S.w + view.offsetWidth - view.clientWidth) + 'px';
    view.style.height = (S.h + view.offsetHeight - view.clientHeight) + 'px';
  }
  outline.style.width = S.w + 'px'; outline.style.height = S.h + 'px';
  safe.style.width = S.w + 'px'; safe.style.height = S.h + 'px';
  $('vw').value = S.w; $('vh').value = S.h;
  fitFrame();
}
// The safe area a generation was laid out with ([top, left, bottom, right], absent: none), as
// the band of each edge.
function showSafeArea(insets) {
  const [top, left, bottom, right] = insets || [0, 0, 0, 0];
  // CSS names the edges clockwise from the top: top, right, bottom, left.
  safe.style.borderWidth = [top, right, bottom, left].map(v => v + 'px').join(' ');
  safe.classList.toggle('on', !!insets);
}
// The frame drawn smaller when it does not fit the window (a phone's 812 px under the bars is
// taller than a laptop's window): the layout still gets the viewport's size, but the frame and
// its grip show whole, so the grip is in reach without scrolling. Never below MIN_FIT: in a
// window that small the page scrolls instead. A drag keeps the scale it started with, so the
// grip stays under the pointer; the frame fits again when it ends.
// The grip may reach the window's right edge (a phone's 375 px viewport then fits a 390 px
// screen whole), not quite its bottom.
const frameBox = $('frame'), fitNote = $('fit'), GRIP = 16, GRIP_IN = 4, MIN_FIT = 0.25, BOTTOM_MARGIN = 4;
// The note saying so is a button: pressed, the frame is drawn 1:1 (the page scrolls to its
// grip), pressed again, it fits again.
let fitScale = 1, dragScale = 0, fitting = true;
// The bars above the frame change height as they fill (a status line that wraps when its
// figures grow, the params bar when a script declares params): the frame fits again.
const barsWatch = new ResizeObserver(() => fitFrame());
for (const bar of [$('bar'), $('params'), statusLine]) barsWatch.observe(bar);
function fitFrame() {
  const w = view.offsetWidth, h = view.offsetHeight, out = GRIP - GRIP_IN;
  const roomW = document.documentElement.clientWidth - frameBox.offsetLeft - out;
  const roomH = innerHeight - frameBox.offsetTop - out - BOTTOM_MARGIN;
  const fit = Math.max(MIN_FIT, Math.min(1, roomW / w, roomH / h));
  const k = dragScale || (fitting ? fit : 1);
  fitScale = k;
  // Scaled about its top left corner; the negative margins give back the room the transform
  // does not (a transform leaves the layout box as it was).
  frameBox.style.transform = k < 1 ? 'scale(' + k + ')' : '';
  frameBox.style.marginRight = k < 1 ? (k - 1) * w + 'px' : '';
  frameBox.style.marginBottom = k < 1 ? (k - 1) * h + 'px' : '';
  // The grip keeps its size on screen.
  grip.style.width = grip.style.height = GRIP / k + 'px';
  grip.style.left = (w - GRIP_IN / k) + 'px'; grip.style.top = (h - GRIP_IN / k) + 'px';
  fitNote.hidden = fit === 1;
  fitNote.textContent = k < 1 ? 'drawn at ' + Math.round(k * 100) + '% (1:1)' : 'drawn 1:1 (fit)';
}
let viewportTimer = 0;
function setViewport(w, h) {
  S.w = Math.max(1, Math.min(MAX_SIDE, Math.round(w))); S.h = Math.max(1, Math.min(MAX_SIDE, Math.round(h)));
  sizeChosen = true;
  sizeView();
  if (M) { spacer.style.width = SW() + 'px'; spacer.style.height = SH() + 'px'; draw(); }
  writeHash();
  if (!viewportTimer) viewportTimer = requestAnimationFrame(() => { viewportTimer = 0; askViewport(); });
}
// Pages share one layout, laid out at the size the page that asked last has: a page the person
// turns to (focused, clicked) whose picture was laid out at another page's size asks for its own.
// The sizes this page asked for since its picture was last at its size are its own (a drag's).
const askedSizes = new Set();
function askViewport() { askedSizes.add(S.w + 'x' + S.h); send({ type: 'viewport', w: S.w, h: S.h }); }
function laidOutElsewhere() {
  return !!M && sizeChosen && (M.h.viewport[0] !== S.w || M.h.viewport[1] !== S.h) && !askedSizes.has(M.h.viewport.join('x'));
}
function claimViewport() { if (laidOutElsewhere()) askViewport(); }
window.addEventListener('focus', claimViewport);
document.addEventListener('pointerdown', claimViewport, true);
$('vw').addEventListener('change', () => setViewport(+$('vw').value || S.w, S.h));
$('vh').addEventListener('change', () => setViewport(S.w, +$('vh').value || S.h));
for (const b of document.querySelectorAll('[data-preset]')) b.addEventListener('click', () => { const [w, h] = b.dataset.preset.split('x').map(Number); setViewport(w, h); });
grip.addEventListener('pointerdown', ev => {
  ev.preventDefault();
  const x0 = ev.clientX, y0 = ev.clientY, w0 = S.w, h0 = S.h, k = dragScale = fitScale;
  grip.setPointerCapture(ev.pointerId);
  const move = e => setViewport(w0 + (e.clientX - x0) / k, h0 + (e.clientY - y0) / k);
  const up = () => {
    grip.removeEventListener('pointermove', move); grip.removeEventListener('pointerup', up); grip.removeEventListener('pointercancel', up);
    dragScale = 0; fitFrame();
  };
  grip.addEventListener('pointermove', move); grip.addEventListener('pointerup', up); grip.addEventListener('pointercancel', up);
});
// A window resized or zoomed: the frame fits again, and the view is measured again for its
// scrollbars (a zoom or a phone's overlay scrollbars change their width). The bars above the
// frame wrap to more lines or fewer as the status and the controls change: that moves it too.
window.addEventListener('resize', sizeView);
const barsAbove = new ResizeObserver(fitFrame);
fitNote.addEventListener('click', () => { fitting = !fitting; fitFrame(); });
for (const id of ['bar', 'params', 'status', 'animbar']) barsAbove.observe($(id));

// ---- Overlays.
function syncOverlays() {
  for (const box of document.querySelectorAll('[data-ov]')) {
    box.checked = S.ov.has(box.dataset.ov);
    view.classList.toggle('ov-' + box.dataset.ov, box.checked);
  }
  if (M && S.ov.has('problems') && !M.problems) markProblems();
  writeHash(); draw();
}
for (const box of document.querySelectorAll('[data-ov]')) box.addEventListener('change', () => {
  if (box.checked) S.ov.add(box.dataset.ov); else S.ov.delete(box.dataset.ov);
  syncOverlays();
});
