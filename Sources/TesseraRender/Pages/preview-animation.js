// A save played with --animator over the viewport: startAnimation(msg) and stopAnimation(),
// which swapIn (preview-page.js) calls; pendingAnim, the timeline the connection holds until its
// generation comes. Relies on timeline-player.js (timelinePlayer) and preview-state.js ($, S).

// ---- Animation: a save (of the data or the layout) played with --animator. The server sends
// the timeline's samples (as `tessera animate` computes them) just before the generation's frames; the
// player covers the viewport while it plays or stands before the end, then the picture shows.
let anim = null, pendingAnim = null;
const animBox = $('anim');
function startAnimation(msg) {
  animBox.textContent = '';
  anim = timelinePlayer(animBox, msg.timeline, msg.offset,
    { play: $('aplay'), scrubber: $('ascrub'), speed: $('aspeed'), time: $('atime'), onChange: showAnimation });
  anim.gen = msg.gen; anim.offset = msg.offset; anim.fps = msg.fps;
  // A save that moves nothing in view has nothing to play: say so rather than offer a dead Play.
  const still = !(msg.timeline.duration > 0);
  $('alead').hidden = still; $('astill').hidden = !still;
  for (const id of ['aplay', 'ascrub', 'aspeed']) $(id).disabled = still;
  $('animbar').hidden = false;
  anim.play();
}
function stopAnimation() {
  if (anim) anim.pause();
  anim = null;
  animBox.textContent = '';
  $('animbar').hidden = true;
  showAnimation(null);
}
function showAnimation(p) {
  const on = !!p && p === anim && (p.playing || p.time < p.duration);
  animBox.style.display = on ? 'block' : 'none';
  animBox.style.width = S.w + 'px'; animBox.style.height = S.h + 'px';
}
