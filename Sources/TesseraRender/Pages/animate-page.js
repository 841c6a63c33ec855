const player = timelinePlayer(document.getElementById('view'), timeline, offset, {
  play: document.getElementById('play'), scrubber: document.getElementById('scrubber'),
  speed: document.getElementById('speed'), time: document.getElementById('time') });
// `#t=T` opens (or, edited, moves) the player paused at T seconds, read as the run page reads its
// `#x=`: any number JavaScript reads (0.15, 1e-1), held within the timeline.
function timeFromHash() {
  for (const part of location.hash.slice(1).split('&')) {
    const [key, value] = part.split('=');
    const t = parseFloat(value);
    if (key === 't' && isFinite(t)) { player.pause(); player.time = Math.max(0, Math.min(t, timeline.duration)); }
  }
  player.draw();
}
window.addEventListener('hashchange', timeFromHash);
timeFromHash();
