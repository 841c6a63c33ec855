-- edge-shrink.lua: views shrink and fade as they near the top or bottom edge of the screen while
-- scrolling (CollectionKit's EdgeShrinkAnimator example). The look is a pure function of the
-- view's place on screen, so each scroll tick sets it at once, as a `transform`. A view scrolling in
-- gets `insert`, not `scroll` (CollectionKit calls `update` right after `insert`): it takes the
-- same transform, so it enters shrunk at the edge rather than full size for a tick.
local function shrink(e, p)
  local top = e.frame[2] - e.visibleFrame[2]
  local bottom = e.visibleFrame[2] + e.visibleFrame[4] - (e.frame[2] + e.frame[4])
  local nearest = math.min(top, bottom)
  if nearest >= p.edge then return { transform = { scale = 1, alpha = 1 } } end
  local t = math.max(nearest, 0) / p.edge
  local scale = p.minScale + (1 - p.minScale) * t
  return { transform = { scale = scale, alpha = t } }
end

return {
  params = { edge = 120, minScale = 0.6 },
  insert = shrink,
  scroll = shrink,
}
