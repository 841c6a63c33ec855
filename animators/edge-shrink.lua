-- edge-shrink.lua: views shrink and fade as they near the top or bottom edge of the screen while
-- scrolling (CollectionKit's EdgeShrinkAnimator example). The transform is a pure function of
-- the view's place on screen, so each scroll tick sets it with no duration.
return {
  params = { edge = 120, minScale = 0.6 },
  scroll = function(e, p)
    local top = e.frame[2] - e.visibleFrame[2]
    local bottom = e.visibleFrame[2] + e.visibleFrame[4] - (e.frame[2] + e.frame[4])
    local nearest = math.min(top, bottom)
    if nearest >= p.edge then return { to = { scale = 1, alpha = 1 }, duration = 0 } end
    local t = math.max(nearest, 0) / p.edge
    local scale = p.minScale + (1 - p.minScale) * t
    return { to = { scale = scale, alpha = t }, duration = 0 }
  end,
}
