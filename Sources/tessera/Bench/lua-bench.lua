local P = { columns = 3, spacing = 4.5, rowHeight = 120 }
local B = {}

-- the physical baseline: the docs' waterfall loop with heights from a plain Lua array,
-- frames discarded
function B.plain(ctx, p, heights)
  local columns, spacing = p.columns, p.spacing
  local width = (ctx.width - (columns - 1) * spacing) / columns
  local tops = {}
  for c = 1, columns do tops[c] = 0 end
  for i = 1, ctx.count do
    local c = 1
    for k = 2, columns do if tops[k] < tops[c] then c = k end end
    local h = heights[i]
    local x, y = (c - 1) * (width + spacing), tops[c]
    tops[c] = tops[c] + (h + spacing)
  end
end

-- the docs' waterfall, as layouts/waterfall.lua
B.waterfall = { params = P, simpleLayout = function(ctx, p)
  local columns, spacing = p.columns, p.spacing
  local width = (ctx.width - (columns - 1) * spacing) / columns
  local tops = {}
  for c = 1, columns do tops[c] = 0 end
  local set, size, height = ctx.set, ctx.size, ctx.height
  for i = 1, ctx.count do
    local c = 1
    for k = 2, columns do if tops[k] < tops[c] then c = k end end
    local _, h = size(ctx, i, width, height)
    set(i, (c - 1) * (width + spacing), tops[c], width, h)
    tops[c] = tops[c] + (h + spacing)
  end
end }

-- The waterfall written plainly, as a first script is: ctx:size called as a method with
-- ctx.height, params read in the loop; and its baseline, the same loop over a plain array.
function B.plainAsWritten(ctx, p, heights)
  local w = (ctx.width - (p.columns - 1) * p.spacing) / p.columns
  local tops = {}
  for c = 1, p.columns do tops[c] = 0 end
  for i = 1, ctx.count do
    local c = 1
    for k = 2, p.columns do if tops[k] < tops[c] then c = k end end
    local h = heights[i]
    local x, y = (c - 1) * (w + p.spacing), tops[c]
    tops[c] = tops[c] + h + p.spacing
  end
end
B.asWritten = { params = P, simpleLayout = function(ctx, p)
  local w = (ctx.width - (p.columns - 1) * p.spacing) / p.columns
  local tops = {}
  for c = 1, p.columns do tops[c] = 0 end
  local set = ctx.set
  for i = 1, ctx.count do
    local c = 1
    for k = 2, p.columns do if tops[k] < tops[c] then c = k end end
    local _, h = ctx:size(i, w, ctx.height)
    set(i, (c - 1) * (w + p.spacing), tops[c], w, h)
    tops[c] = tops[c] + h + p.spacing
  end
end }

-- the same loop asking ctx:size, frames discarded: what ctx:size costs
function B.sizeOnly(ctx, p)
  local columns, spacing = p.columns, p.spacing
  local width = (ctx.width - (columns - 1) * spacing) / columns
  local tops = {}
  for c = 1, columns do tops[c] = 0 end
  local size, height = ctx.size, ctx.height
  for i = 1, ctx.count do
    local c = 1
    for k = 2, columns do if tops[k] < tops[c] then c = k end end
    local _, h = size(ctx, i, width, height)
    local x, y = (c - 1) * (width + spacing), tops[c]
    tops[c] = tops[c] + (h + spacing)
  end
end

-- the convenience form: returns {x, y, w, h} tables
B.tables = { params = P, simpleLayout = function(ctx, p)
  local columns, spacing = p.columns, p.spacing
  local width = (ctx.width - (columns - 1) * spacing) / columns
  local tops, frames = {}, {}
  for c = 1, columns do tops[c] = 0 end
  local size, height = ctx.size, ctx.height
  for i = 1, ctx.count do
    local c = 1
    for k = 2, columns do if tops[k] < tops[c] then c = k end end
    local _, h = size(ctx, i, width, height)
    frames[i] = { (c - 1) * (width + spacing), tops[c], width, h }
    tops[c] = tops[c] + (h + spacing)
  end
  return frames
end }

-- Justified rows (Flickr-style): items keep their aspect ratio; a row closes when its
-- height at the full width falls to the target height. Three ways to read w and h:
-- ctx:column (the hot-loop path), ctx:item(i), plain arrays.
B.columns = { params = P, simpleLayout = function(ctx, p)
  local W, target, gap, n, set = ctx.width, p.rowHeight, p.spacing, ctx.count, ctx.set
  local ws, hs = ctx:column("w"), ctx:column("h")
  local aspects, y, first, sum = {}, 0, 1, 0
  for i = 1, n do
    local a = ws[i] / hs[i]
    aspects[i] = a
    sum = sum + a
    local h = (W - (i - first) * gap) / sum
    if h <= target or i == n then
      if h > target then h = target end
      local x = 0
      for k = first, i do
        local w = h * aspects[k]
        set(k, x, y, w, h)
        x = x + w + gap
      end
      y, first, sum = y + h + gap, i + 1, 0
    end
  end
end }
B.items = { params = P, simpleLayout = function(ctx, p)
  local W, target, gap, n, set = ctx.width, p.rowHeight, p.spacing, ctx.count, ctx.set
  local aspects, y, first, sum = {}, 0, 1, 0
  for i = 1, n do
    local item = ctx:item(i)
    local a = item.w / item.h
    aspects[i] = a
    sum = sum + a
    local h = (W - (i - first) * gap) / sum
    if h <= target or i == n then
      if h > target then h = target end
      local x = 0
      for k = first, i do
        local w = h * aspects[k]
        set(k, x, y, w, h)
        x = x + w + gap
      end
      y, first, sum = y + h + gap, i + 1, 0
    end
  end
end }
function B.justifiedPlain(ctx, p, ws, hs)
  local W, target, gap, n = ctx.width, p.rowHeight, p.spacing, ctx.count
  local aspects, y, first, sum = {}, 0, 1, 0
  for i = 1, n do
    local a = ws[i] / hs[i]
    aspects[i] = a
    sum = sum + a
    local h = (W - (i - first) * gap) / sum
    if h <= target or i == n then
      if h > target then h = target end
      local x = 0
      for k = first, i do
        local w = h * aspects[k]
        x = x + w + gap
      end
      y, first, sum = y + h + gap, i + 1, 0
    end
  end
end

-- plain arrays of what ctx:size and ctx:item give (built once, untimed)
function B.heights(ctx, p)
  local width, t = (ctx.width - (p.columns - 1) * p.spacing) / p.columns, {}
  for i = 1, ctx.count do local _, h = ctx:size(i, width, ctx.height); t[i] = h end
  return t
end
function B.sizes(ctx)
  local ws, hs = {}, {}
  for i = 1, ctx.count do local it = ctx:item(i); ws[i], hs[i] = it.w, it.h end
  return ws, hs
end
return B
