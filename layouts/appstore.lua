-- The App Store "Apps" screen (UIKit compositional layout, as in Apple's App Store app) over an
-- AppStream dataset with one section per category, e.g.
--   tessera run layouts/appstore.lua --data datasets/appstream-bookworm.json --format svg --out appstore.svg
--
-- Section kinds: a featured shelf of large cards that pages one centred card at a time, shelves
-- of small apps (three stacked per page) and of medium apps (two stacked), and a plain category
-- list on a background. Every section's title is a header that stays pinned while its section
-- is on screen. Shelves scroll sideways on their own (orthogonal sections).
local t = require("tessera")

local cell = t.item{ size = { "100%", "100%" }, insets = { top = 4, leading = 4, bottom = 4, trailing = 4 } }

local function title()
  return t.boundary{ kind = "header", size = { "100%", 50 }, align = "topLeading", pinned = true, zIndex = 2 }
end

-- A shelf of pages 92% wide, each holding `count` apps stacked, centred when it comes to rest.
local function shelf(height, count)
  return t.section{
    group = t.vgroup{ size = { "92%", height }, items = { cell }, count = count },
    orthogonalScrolling = "groupPagingCentered",
    headers = { title() },
  }
end

local featured = t.section{
  group = t.hgroup{ size = { "92%", t.fh(0.4) }, items = { cell } },
  orthogonalScrolling = "groupPagingCentered",
  headers = { title() },
}
local small = shelf(t.fh(0.3), 3)
local medium = shelf(t.fh(0.3), 2)
local list = t.section{
  group = t.hgroup{ size = { "100%", 50 }, items = { cell } },
  insets = { top = 4, leading = 16, bottom = 12, trailing = 16 },
  headers = { title() },
  background = t.decoration{ kind = "background", insets = { leading = 8, trailing = 8 } },
}

return t.compositional{
  section = function(index, section, env)
    if index == 1 then return featured end
    if section.count <= 12 then return list end      -- small categories as a plain list
    return index % 3 == 0 and medium or small
  end,
}
