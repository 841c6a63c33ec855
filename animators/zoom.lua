-- zoom.lua: views are largest at the centre of the screen and get smaller with their distance
-- from it (CollectionKit's ZoomAnimator example), set at once (a `transform`) on every scroll
-- tick, and on a view scrolling in (its `insert`: CollectionKit calls `update` right after it),
-- so it enters small.
local function zoom(e, p)
  local cx = e.frame[1] + e.frame[3] / 2 - (e.visibleFrame[1] + e.visibleFrame[3] / 2)
  local cy = e.frame[2] + e.frame[4] / 2 - (e.visibleFrame[2] + e.visibleFrame[4] / 2)
  local distance = math.sqrt(cx * cx + cy * cy)
  return { transform = { scale = math.max(p.minScale, 1 - distance * p.falloff) } }
end

return {
  params = { falloff = 0.0006, minScale = 0.5 },
  insert = zoom,
  scroll = zoom,
}
