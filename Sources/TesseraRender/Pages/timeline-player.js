function timelinePlayer(box, timeline, offset, ui) {
  const samples = timeline.samples, cards = {};
  const P = { time: 0, index: 0, playing: false, elapsed: 0, duration: timeline.duration };
  let last = null;
  ui.scrubber.min = 0; ui.scrubber.max = samples.length - 1; ui.scrubber.step = 1;
  const changed = () => { if (ui.onChange) ui.onChange(P); };
  // The last sample at or before t (binary search: the times ascend).
  P.indexAt = t => {
    let lo = 0, hi = samples.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (samples[mid].t <= t + 1e-9) lo = mid; else hi = mid - 1; }
    return lo;
  };
  P.draw = () => {
    P.index = P.indexAt(P.time);
    const seen = {};
    // Drawn bottom first: the stacking order is the position in the sample.
    samples[P.index].views.forEach((v, position) => {
      const key = v[0];
      seen[key] = true;
      let card = cards[key];
      if (!card) {
        const info = timeline.cards[key] || [key, 'card still'];
        card = document.createElement('div');
        card.className = info[1];
        card.textContent = info[0];
        card.dataset.key = key;
        box.appendChild(card);
        cards[key] = card;
      }
      card.style.display = '';
      card.style.left = (v[1] - offset[0]) + 'px';
      card.style.top = (v[2] - offset[1]) + 'px';
      card.style.width = v[3] + 'px';
      card.style.height = v[4] + 'px';
      card.style.opacity = v[5];
      card.style.zIndex = position + 1;
      card.style.transform = 'translate(' + v[8] + 'px,' + v[9] + 'px) rotate(' + v[7] + 'rad) scale(' + v[6] + ')';
    });
    for (const key in cards) { if (!seen[key]) cards[key].style.display = 'none'; }
    ui.scrubber.value = P.index;
    ui.time.textContent = 't = ' + P.time.toFixed(3) + ' s / ' + P.duration.toFixed(3) + ' s';
    changed();
  };
  function tick(now) {
    if (!P.playing) return;
    if (last !== null) {
      const dt = (now - last) / 1000;
      P.elapsed += dt;
      P.time += dt * parseFloat(ui.speed.value);
    }
    last = now;
    if (P.time >= P.duration) { P.time = P.duration; P.playing = false; ui.play.textContent = 'Play'; }
    P.draw();
    if (P.playing) requestAnimationFrame(tick);
  }
  P.play = () => {
    if (P.time >= P.duration) { P.time = 0; P.elapsed = 0; }
    P.playing = true; last = null; ui.play.textContent = 'Pause';
    requestAnimationFrame(tick);
    changed();
  };
  P.pause = () => { P.playing = false; ui.play.textContent = 'Play'; changed(); };
  P.sample = k => samples[k].views;
  P.seek = k => { P.pause(); P.time = samples[Math.max(0, Math.min(samples.length - 1, k))].t; P.draw(); };
  ui.play.onclick = () => { if (P.playing) P.pause(); else P.play(); };
  ui.scrubber.oninput = () => P.seek(+ui.scrubber.value);
  return P;
}
