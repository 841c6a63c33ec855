-- sectioned.lua: a different layout for each section of the dataset.
--
-- Datasets can come in sections (`{"sections": [{"id": ..., "items": [...]}]}`, or a
-- `section` column). t.sections lays out each section with a layout of its own and stacks
-- the sections; here big sections become a dense three-column waterfall (a built-in layout)
-- and small ones justified rows (the script next to this one, layouts/justified.lua).
--
--   tessera run layouts/sectioned.lua --data datasets/tuxpaint-stamps.json --format svg --out out/sectioned.svg
--
-- The script returns a t.* value, which takes its parameters here, in the script, rather than
-- from --param.

local t = require("tessera")
local justified = require("justified")   -- found next to this script

-- A script table is a layout too. A copy with other defaults is the same layout, configured.
---@param script tessera.Script
---@param params table<string, tessera.ParamValue>
---@return tessera.Script
local function configure(script, params)
  ---@type tessera.Script
  local copy = {}
  for k, v in pairs(script) do copy[k] = v end
  copy.params = {}
  for k, v in pairs(script.params) do copy.params[k] = v end
  for k, v in pairs(params) do copy.params[k] = v end
  return copy
end

local margins = { left = 8, right = 8 }
local big = t.waterfall{ columns = 3, spacing = 4 }:inset(margins)          -- method form
local small = t.inset(configure(justified, { rowHeight = 120 }), margins)    -- function form
-- For a window too narrow for three columns (a preview dragged narrow): one column, edge to edge.
local narrow = t.waterfall{ columns = 1 }

return t.sections{
  spacing = 24,                     -- between one section and the next
  -- A 44-point header above every section that sticks to the top of the screen while its
  -- section scrolls by and is pushed up by the section's end (a function of (index, section)
  -- could size each one, or return nil for none).
  header = { height = 44, pinned = true },
  -- Called once per section on every layout with its 1-based index (unused here), a
  -- read-only table of its fields (id, count, and whatever else the dataset gives it: a title,
  -- for example) and the size the sections are laid out in (env.width, env.height).
  sections = function(_, section, env)
    if env.width < 120 then return narrow end   -- three columns would be slivers
    if section.count > 60 then return big end
    return small
  end,
}
