// The problems overlay and "next problem": markProblems, drawProblemMarks and drawProblem (draw()
// calls the last two), problemsArrived (the server's answer, from the connection), nextProblem
// and the #next button. Relies on preview-state.js (M, S, $, layer), page-drawing.js (overlaps);
// when called, on draw and scrollToState (preview-draw.js), select (preview-inspector.js),
// syncOverlays (preview-controls.js) and send (preview-page.js).

// ---- Problems overlay: exactly what the server's check (tessera check's warnings: overlap,
// outside, covered, pinned) found in this generation, one source of truth with "next problem".
// The items a warning names are red; a warning about elements (a header covering cards, pinned
// elements meeting) is also a red box at its frame. Asked of the server once per generation.
let problemsAsked = -1;
function markProblems() {
  if (problemList && problemList.gen === M.gen) {
    const mark = new Uint8Array(M.m), boxes = [];
    for (const p of problemList.problems) {
      for (const i of p.items) if (i >= 0 && i < M.n) mark[i] = 1;
      if (p.kind === 'covered' || p.kind === 'pinned') boxes.push(p);
    }
    M.problems = { mark, boxes, total: problemList.total };
  } else if (problemsAsked !== M.gen) { problemsAsked = M.gen; send({ type: 'problems' }); }
}
const problemMarks = document.createElement('div');
problemMarks.id = 'problemmarks';
function drawProblemMarks(vx, vy) {
  const boxes = S.ov.has('problems') && M.problems ? M.problems.boxes : [];
  // Nothing to mark and nothing marked, as on most draws (every scroll and frame message): no DOM work.
  if (!boxes.length && !problemMarks.firstChild) return;
  problemMarks.textContent = '';
  for (const p of boxes) {
    const f = p.frame;
    if (!overlaps(f[0], f[1], f[2], f[3], vx, vy, S.w, S.h)) continue;
    const box = document.createElement('div');
    box.className = 'problemmark'; box.dataset.kind = p.kind; box.title = p.message;
    box.style.left = (f[0] - vx) + 'px'; box.style.top = (f[1] - vy) + 'px';
    box.style.width = f[2] + 'px'; box.style.height = f[3] + 'px';
    problemMarks.append(box);
  }
  if (problemMarks.parentNode !== layer) layer.appendChild(problemMarks);
}
// "next problem": the check's warnings of this generation (asked of the server, which runs
// `tessera check`'s checks), top to bottom. From where the page is scrolled: the first at or
// below the viewport's top, or the one after the problem shown last when the page has not
// moved since; after the last, the first again. The problem is scrolled into view, outlined,
// and its sentence shown.
let problemList = null, problemShown = null, problemWanted = false;
$('next').addEventListener('click', () => {
  if (!M) return;
  if (!S.ov.has('problems')) { S.ov.add('problems'); syncOverlays(); }
  if (problemList && problemList.gen === M.gen) nextProblem();
  else { problemWanted = true; send({ type: 'problems' }); }
});
function problemsArrived(msg) {
  problemList = msg;
  if (M && msg.gen === M.gen && S.ov.has('problems')) { markProblems(); draw(); }
  if (problemWanted && M && msg.gen === M.gen) { problemWanted = false; nextProblem(); }
}
function nextProblem() {
  const list = problemList.problems, box = $('problem');
  box.hidden = false;
  box.dataset.gen = M.gen;
  box.classList.toggle('none', !list.length);
  if (!list.length) { box.textContent = 'No problems: tessera check finds no warnings in generation ' + M.gen + '.'; problemShown = null; draw(); return; }
  let k;
  if (problemShown && problemShown.gen === M.gen && problemShown.x === S.x && problemShown.y === S.y) k = (problemShown.k + 1) % list.length;
  else { k = list.findIndex(p => p.frame[1] >= S.y); if (k < 0) k = 0; }
  const p = list[k], f = p.frame;
  // A pinned pair: the visible edge it names goes to `at` (an x for left and right).
  if (p.at !== undefined && (p.edge === 'left' || p.edge === 'right')) {
    S.x = p.edge === 'right' ? p.at - S.w : p.at;
    if (f[1] < S.y || f[1] + f[3] > S.y + S.h) S.y = f[1] - 8;
  } else {
    if (p.at !== undefined) S.y = p.edge === 'bottom' ? p.at - S.h : p.at;
    else S.y = f[1] - 8;
    if (f[0] < S.x || f[0] + f[2] > S.x + S.w) S.x = f[0] - 8;
  }
  S.x = Math.max(0, Math.min(S.x, M.CW - S.w)); S.y = Math.max(0, Math.min(S.y, M.CH - S.h));
  scrollToState();
  if (p.items.length) select(p.items[0]); else draw();
  problemShown = { k, gen: M.gen, x: S.x, y: S.y, frame: f };
  box.textContent = 'Problem ' + (k + 1) + ' of ' + problemList.total + ' (' + p.kind + '): ' + p.message;
  draw();
}
// The outline of the problem shown, over everything in the layer.
const problemBox = document.createElement('div');
problemBox.id = 'problembox';
function drawProblem(vx, vy) {
  const f = problemShown && M && problemShown.gen === M.gen ? problemShown.frame : null;
  if (!f) { problemBox.remove(); return; }
  problemBox.style.left = (f[0] - vx) + 'px'; problemBox.style.top = (f[1] - vy) + 'px';
  problemBox.style.width = f[2] + 'px'; problemBox.style.height = f[3] + 'px';
  if (problemBox.parentNode !== layer) layer.appendChild(problemBox);
}
