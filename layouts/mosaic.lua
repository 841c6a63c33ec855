-- mosaic.lua: the Photos-style mosaic of large and small tiles (the CollectionKit workshop's
-- MosaicLayout).
--
-- Items fill a grid of equal cells in a pattern that repeats every six items:
--
--   +---+-------+      1: small   2: LARGE   3: small
--   | 1 |       |      4: LARGE   5: small   6: small
--   +---+   2   |
--   | 3 |       |      A large tile covers 2 x 2 cells (and the gaps between them).
--   +---+---+---+      Like Photos, the mosaic ignores the items' own sizes: each image
--   |       | 5 |      is shown cropped to its tile.
--   |   4   +---+
--   |       | 6 |
--   +-------+---+
--
-- Edit `pattern` to make your own mosaic: the number of columns and the height of one
-- period are worked out from it.
--
-- params:
--   spacing  gap between tiles (default 2)
--   aspect   cell height / cell width; 1 gives square cells (default 1)

-- One period of the pattern: for each item, its cell column, cell row, and how many cells it
-- spans across and down (columns and rows count from 0).
local pattern = {
  { 0, 0, 1, 1 }, { 1, 0, 2, 2 }, { 0, 1, 1, 1 },
  { 0, 2, 2, 2 }, { 2, 2, 1, 1 }, { 2, 3, 1, 1 },
}

-- The grid the pattern needs: columns across, rows in one period.
local columns, rows = 0, 0
for _, tile in ipairs(pattern) do
  columns = math.max(columns, tile[1] + tile[3])
  rows = math.max(rows, tile[2] + tile[4])
end

---@type tessera.Script
local mosaic = {
  name = "mosaic",
  params = { spacing = 2, aspect = 1 },

  simpleLayout = function(ctx, p)
    local s = p.spacing
    local cellW = math.max(0, (ctx.width - (columns - 1) * s) / columns)   -- 0 if the gaps fill the width
    local cellH = cellW * p.aspect
    local set, period = ctx.set, #pattern

    for i = 1, ctx.count do
      -- Which period the item is in (0, 1, 2, ...) and which tile of the pattern it takes.
      local k = (i - 1) // period
      local tile = pattern[(i - 1) % period + 1]
      local col, row, across, down = tile[1], tile[2], tile[3], tile[4]
      row = row + k * rows
      set(i,
          col * (cellW + s), row * (cellH + s),
          across * cellW + (across - 1) * s, down * cellH + (down - 1) * s)
    end
  end,
}

return mosaic
