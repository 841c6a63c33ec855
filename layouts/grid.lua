-- grid.lua: a grid of equal cells, in the analytic form.
--
-- A simpleLayout computes every frame up front. That is what most layouts want, but a grid of
-- ten million cells does not need it: any cell's frame follows from its index, and the cells
-- in a rectangle follow from the rectangle. So this script gives the host three functions
-- instead, and the host calls them only when it needs an answer:
--
--   layout(ctx, p)              -> the content size (w, h), once per layout pass
--   frame(i, ctx, p)            -> x, y, w, h of item i
--   visible(x, y, w, h, ctx, p) -> the indices of the items that overlap the rectangle
--
-- Every function gets `ctx` and the params, so the script keeps no state between calls.
--
-- params:
--   columns  cells per row (default 4)
--   spacing  gap between cells (default 1)
--   aspect   cell height / cell width; 1 gives square cells (default 1)

local floor, max, min = math.floor, math.max, math.min

-- Cell width and height, and the distance from one cell to the next across and down.
local function cells(ctx, p)
  local w = max(0, (ctx.width - (p.columns - 1) * p.spacing) / p.columns)   -- 0 if the gaps fill the width
  local h = w * p.aspect
  return w, h, w + p.spacing, h + p.spacing
end

---@type tessera.Script
local grid = {
  name = "grid",
  params = { columns = 4, spacing = 1, aspect = 1 },

  layout = function(ctx, p)
    if p.columns < 1 or math.type(p.columns) ~= "integer" then
      error("grid: columns must be a whole number of at least 1, got " .. p.columns)
    end
    local w, h, stepX, stepY = cells(ctx, p)
    local rows = (ctx.count + p.columns - 1) // p.columns
    if rows == 0 then return 0, 0 end
    -- The right edge of the last column (the width, up to rounding) and the bottom of the last row.
    return (p.columns - 1) * stepX + w, (rows - 1) * stepY + h
  end,

  frame = function(i, ctx, p)
    local w, h, stepX, stepY = cells(ctx, p)
    local row, col = (i - 1) // p.columns, (i - 1) % p.columns
    return col * stepX, row * stepY, w, h
  end,

  visible = function(x, y, w, h, ctx, p)
    local cw, ch, stepX, stepY = cells(ctx, p)
    local columns, count = p.columns, ctx.count
    local rows = (count + columns - 1) // columns
    -- The columns and rows the rectangle can touch, one wider on each side to be safe from
    -- rounding; the exact test below decides.
    local c0, c1 = max(0, floor(x / stepX) - 1), min(columns - 1, floor((x + w) / stepX) + 1)
    local r0, r1 = max(0, floor(y / stepY) - 1), min(rows - 1, floor((y + h) / stepY) + 1)
    local result, n = {}, 0
    for row = r0, r1 do
      local top = row * stepY
      -- Open intervals, as everywhere in Tessera: touching edges do not count.
      if top < y + h and y < top + ch then
        for col = c0, c1 do
          local left = col * stepX
          local i = row * columns + col + 1
          if i <= count and left < x + w and x < left + cw then
            n = n + 1
            result[n] = i
          end
        end
      end
    end
    return result
  end,
}

return grid
