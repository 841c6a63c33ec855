-- timeline.lua: items on both sides of a centre line, alternating left and right.
--
--        |
--   [ 1 ]|
--        |  [ 2 ]
--   [ 3 ]|  [   ]
--   [   ]|
--        |  [ 4 ]
--
-- Odd items go on the left, even items on the right, each hugging the centre line. An item
-- starts at the lowest free y on its side, but never less than `stagger` below the start of
-- the item before it, so the items still read top to bottom in order.
--
-- params:
--   gutter   width of the strip between the two sides, where the line runs (default 24)
--   spacing  gap between items on the same side (default 8)
--   stagger  least vertical distance between the starts of consecutive items (default 24)

---@type tessera.Script
local timeline = {
  name = "timeline",
  params = { gutter = 24, spacing = 8, stagger = 24 },

  simpleLayout = function(ctx, p)
    local half = math.max(0, (ctx.width - p.gutter) / 2)   -- each side's width; 0 if the gutter fills it
    local right = half + p.gutter             -- where the right side starts
    local set = ctx.set
    local bottom = { 0, 0 }                   -- the lowest free y on the left (1) and right (2)
    local previous = -p.stagger               -- where the item before started

    for i = 1, ctx.count do
      local side = 2 - i % 2                  -- 1 for odd items (left), 2 for even (right)
      local w, h = ctx:size(i, half, ctx.height)
      w = math.min(w, half)
      local y = math.max(bottom[side], previous + p.stagger)
      -- Left items end at the line, right items start just after the gutter.
      local x = side == 1 and half - w or right
      set(i, x, y, w, h)
      bottom[side] = y + h + p.spacing
      previous = y
    end
  end,
}

return timeline
