-- justified.lua: rows of images that fill the width, as on Flickr or Google Photos.
--
-- Images keep their aspect ratio. Each row holds as many images as fit at about `rowHeight`,
-- then the whole row is scaled so that it fills the width exactly: all images in a row share
-- one height, close to `rowHeight`. The last row is left at `rowHeight` and is not stretched.
--
-- params:
--   rowHeight  the height rows aim for (default 180)
--   spacing    gap between images and between rows (default 4)

-- An item's aspect ratio (width / height), from the size it asks for in a box `h` high.
-- Items without a usable size count as squares.
local function aspectRatio(ctx, i, w, h)
  local iw, ih = ctx:size(i, w, h)
  if ih > 0 and iw > 0 then return iw / ih end
  return 1
end

---@type tessera.Script
local justified = {
  name = "justified",
  params = { rowHeight = 180, spacing = 4 },

  simpleLayout = function(ctx, p)
    local W, target, s = ctx.width, p.rowHeight, p.spacing
    if target <= 0 then error("justified: rowHeight must be positive, got " .. target) end
    local set = ctx.set

    -- Places items first..last in one row at height h, from the left edge, starting at y.
    -- When `fill` is true the last item ends exactly at the right edge.
    local aspects = {}
    local function placeRow(first, last, h, y, fill)
      local x = 0
      for i = first, last do
        local w = aspects[i] * h
        if fill and i == last then w = math.max(0, W - x) end   -- absorbs rounding: the row ends at W (0 if gaps overrun it)
        set(i, x, y, w, h)
        x = x + w + s
      end
    end

    -- The height at which items first..last fill the width (gaps included).
    local function fillHeight(first, last, sum)
      return (W - (last - first) * s) / sum
    end

    local y, first, sum = 0, 1, 0   -- the open row is items first..i-1; sum: their aspect ratios
    for i = 1, ctx.count do
      local a = aspectRatio(ctx, i, W, target)
      aspects[i] = a
      -- The height at which the open row plus item i fills the width. At or below the target,
      -- the row is full.
      local h = fillHeight(first, i, sum + a)
      if h <= target and i > first then
        -- Closing the row before item i makes it a bit taller than the target, closing it after
        -- makes it a bit shorter: keep whichever is nearer, and on a tie, keep item i.
        local before = fillHeight(first, i - 1, sum)
        if before - target < target - h then
          placeRow(first, i - 1, before, y, true)
          y = y + before + s
          first, sum = i, 0
          h = fillHeight(i, i, a)     -- item i alone: full only if it is a wide panorama
        end
      end
      sum = sum + a
      h = math.max(0, h)   -- the row's gaps alone are wider than the width: a row 0 high
      if h <= target then
        placeRow(first, i, h, y, true)
        y = y + h + s
        first, sum = i + 1, 0
      end
    end
    -- The last row, if it did not fill the width, stays at the target height.
    if first <= ctx.count then placeRow(first, ctx.count, target, y, false) end
  end,
}

return justified
