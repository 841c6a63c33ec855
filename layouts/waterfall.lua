-- waterfall.lua: masonry columns, as in Pinterest or CollectionKit's WaterfallLayout.
--
-- Every item goes into the column that is shortest so far (the leftmost one on a tie), is as
-- wide as a column, and keeps the height it asks for at that width. This script gives exactly
-- the frames of the built-in layout, so these two commands print the same JSON:
--
--   tessera run layouts/waterfall.lua --param columns=3 --data datasets/tuxpaint-stamps.json
--   tessera run waterfall             --param columns=3 --data datasets/tuxpaint-stamps.json
--
-- params:
--   columns  number of columns (default 2)
--   spacing  gap between columns and between items in a column (default 0)

-- A number in the fewest digits that read back as it (0.1, not 0.10000000000000001), as the
-- built-in layout writes numbers in its messages.
local function shortest(x)
  for digits = 1, 17 do
    local text = ("%." .. digits .. "g"):format(x)
    if tonumber(text) == x then return text end
  end
  return tostring(x)
end

---@type tessera.Script
local waterfall = {
  name = "waterfall",
  params = { columns = 2, spacing = 0 },

  simpleLayout = function(ctx, p)
    local columns, spacing = p.columns, p.spacing
    if columns < 1 then error("waterfall: columns must be at least 1, got " .. columns) end

    -- (W - (columns - 1) * spacing) / columns: the columns and the gaps between them fill W.
    local width = (ctx.width - (columns - 1) * spacing) / columns
    -- The gaps alone wider than the container: say so, as the built-in layout does, rather
    -- than ask items for their size in a box of negative width.
    if width < 0 then
      error(("waterfall layout needs a spacing of at most %s for %s columns in a width of %s, got %s")
            :format(shortest(ctx.width / (columns - 1)), shortest(columns), shortest(ctx.width), shortest(spacing)))
    end

    -- tops[c] is where the next item in column c starts.
    local tops = {}
    for c = 1, columns do tops[c] = 0 end

    -- Locals are faster than table fields in a hot loop: keep the writer and the size
    -- function in locals (ctx.set is a plain function; ctx.size is a method, hence size(ctx, ...)).
    local set, size, height = ctx.set, ctx.size, ctx.height

    for i = 1, ctx.count do
      -- The shortest column; strict < keeps the lowest index on a tie.
      local c = 1
      for k = 2, columns do
        if tops[k] < tops[c] then c = k end
      end
      -- Ask for the item's size in a column-wide box; only its height is used, the width is
      -- always the column's.
      local _, h = size(ctx, i, width, height)
      set(i, (c - 1) * (width + spacing), tops[c], width, h)
      tops[c] = tops[c] + (h + spacing)   -- the same rounding as the native layout
    end
  end,
}

return waterfall
