-- rings.lua: items on concentric rings around one centre, as many to a ring as fit.
--
--            [ 2 ]
--       [ 7 ]     [ 3 ]
--            [ 1 ]
--       [ 6 ]     [ 4 ]
--            [ 5 ]
--
-- Item 1 sits in the centre; ring k (k = 1, 2, ...) is k * step from it, where
-- step = cell * sqrt(2) + spacing, and holds 6, 12, 18, ... items, starting at twelve o'clock
-- and going clockwise. Neighbouring slots are at least `step` apart, so the cells (squares of
-- side `cell`, at any angle to each other) never overlap. Each item is fitted into its cell,
-- keeping its aspect ratio, and centred on its slot. The rings are centred in the width, or
-- start at the left edge when they are wider; the content grows with the number of rings.
--
--   tessera run layouts/rings.lua --data datasets/examples/photos.jsonl --format text
--
-- params:
--   cell     the side of the square each item is fitted into (default 48)
--   spacing  the least gap between two cells, added to the distance between rings (default 8)

-- How many slots ring k holds: neighbours' centres a chord of `step` apart, on a circle of
-- radius k * step (the step cancels). 1e-9 keeps the exact cases (6 on ring 1) from rounding down.
local function slots(k)
  if k == 0 then return 1 end
  return math.floor(math.pi / math.asin(1 / (2 * k)) + 1e-9)
end

---@type tessera.Script
local rings = {
  name = "rings",
  params = { cell = 48, spacing = 8 },

  simpleLayout = function(ctx, p)
    if p.cell <= 0 then error("rings: cell must be positive, got " .. p.cell) end
    if p.spacing < 0 then error("rings: spacing must not be negative, got " .. p.spacing) end
    local step = p.cell * math.sqrt(2) + p.spacing
    local set, size = ctx.set, ctx.size

    -- The outermost ring that holds an item, and so the rings' radius to their outer edge.
    local last, left = 0, ctx.count - 1
    while left > 0 do last = last + 1; left = left - slots(last) end
    local radius = last * step + p.cell / 2
    local cx, cy = math.max(ctx.width / 2, radius), radius

    local i = 0
    for k = 0, last do
      local n, r = slots(k), k * step
      for j = 0, n - 1 do
        if i == ctx.count then return end
        i = i + 1
        local a = 2 * math.pi * j / n - math.pi / 2   -- clockwise from twelve o'clock (y points down)
        local w, h = size(ctx, i, p.cell, p.cell)
        w, h = math.min(w, p.cell), math.min(h, p.cell)
        set(i, cx + r * math.cos(a) - w / 2, cy + r * math.sin(a) - h / 2, w, h)
      end
    end
  end,
}

return rings
