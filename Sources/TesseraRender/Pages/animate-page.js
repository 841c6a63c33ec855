const player = timelinePlayer(document.getElementById('view'), timeline, offset, {
  play: document.getElementById('play'), scrubber: document.getElementById('scrubber'),
  speed: document.getElementById('speed'), time: document.getElementById('time') });
const match = /t=([0-9.]+)/.exec(location.hash);
if (match) player.time = Math.min(parseFloat(match[1]), timeline.duration);
player.draw();
