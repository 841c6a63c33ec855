-- pages.lua: the golden outputs' layout (GoldenOutputTests). Small on purpose, and drawing every
-- kind of element a page shows: a sideways shelf that pages, pinned headers, a pinned footer,
-- a badge anchored to an item, a background.
local t = require("tessera")

local function header(height)
  return t.boundary{ kind = "header", size = { "100%", height or 30 }, align = "topLeading", pinned = true, zIndex = 2 }
end

local shelf = t.section{
  group = t.hgroup{ size = { "80%", 90 }, items = { t.item{ size = { "100%", "100%" }, insets = 4 } } },
  orthogonalScrolling = "groupPagingCentered",
  headers = { header() },
}
local grid = t.section{
  group = t.hgroup{ size = { "100%", 70 }, items = { t.item{ size = { "50%", "100%" }, insets = 3,
    supplementaries = { { kind = "badge", size = { 14, 14 }, anchor = "topTrailing" } } } } },
  headers = { header() },
  footers = { t.boundary{ kind = "footer", size = { "100%", 24 }, align = "bottomLeading", pinned = true } },
  background = t.decoration{ kind = "background", insets = { leading = 4, trailing = 4 } },
}
local list = t.section{
  group = t.hgroup{ size = { "100%", 44 }, items = { t.item{ size = { "100%", "100%" }, insets = 2 } } },
  headers = { header(26) },
}

return t.compositional{
  section = function(index) return index == 1 and shelf or (index == 2 and grid or list) end,
}
