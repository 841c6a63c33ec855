const MEASURE_BATCH = 1000;
const measuring = { waiting: new Map(), inFlight: false, timer: 0, frame: 0, observer: null,
                    sent: 0, engineAnchored: 0, pageAnchored: 0 };
// Called when an item node is dressed: true when it now shows its text to be measured.
function measureText(node, d) {
  if (node.textBox) { measuring.observer.unobserve(node.textBox); node.textBox = null; }
  if (!M.h.measure || !M.texts || M.KIND[d] !== ITEM) return false;
  const text = idAt(M.texts, d);
  if (!text) return false;
  const box = document.createElement('div');
  box.className = 'text'; box.textContent = text; box.d = d; box.gen = M.gen;
  node.textContent = ''; node.classList.add('measured'); node.appendChild(box); node.textBox = box;
  if (!measuring.observer) measuring.observer = new ResizeObserver(noteSizes);
  // Observing again reports the box's size at once, even when a recycled node's old box had it.
  measuring.observer.observe(box);
  return true;
}
function noteSizes(entries) {
  for (const e of entries) {
    const box = e.target;
    if (!M || box.gen !== M.gen || !box.isConnected) continue;
    const d = box.d, h = e.borderBoxSize && e.borderBoxSize[0] ? e.borderBoxSize[0].blockSize : box.offsetHeight;
    if (Math.abs(h - M.H[d]) > 0.01) measuring.waiting.set(d, h); else measuring.waiting.delete(d);
  }
  queueSizes();
}
function queueSizes() {
  if (measuring.waiting.size && !measuring.frame) measuring.frame = requestAnimationFrame(sendSizes);
}
function sendSizes() {
  measuring.frame = 0;
  if (!M || measuring.inFlight || !measuring.waiting.size || !ws || ws.readyState !== 1) return;
  const sizes = [];
  for (const [d, h] of measuring.waiting) {
    if (sizes.length >= MEASURE_BATCH) break;
    sizes.push([d, M.W[d], h]);
    measuring.waiting.delete(d);
  }
  measuring.inFlight = true; measuring.sent++;
  send({ type: 'measure', gen: M.gen, idsVersion: M.idsVersion, x: S.x, y: S.y, sizes });
  // A lost answer (a reconnect) must not stop measuring for good.
  clearTimeout(measuring.timer);
  measuring.timer = setTimeout(measureAnswered, 3000);
}
// A generation, an error or a refusal arrived: the next batch may go.
function measureAnswered() {
  measuring.inFlight = false;
  clearTimeout(measuring.timer);
  queueSizes();
}
// A new generation: every drawn box is observed again, against the new frames.
function measureNewGeneration() {
  measuring.waiting.clear();
  measureAnswered();
}
