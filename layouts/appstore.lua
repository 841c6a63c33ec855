-- appstore.lua: the App Store screens (UIKit compositional layout, as in Apple's App Store app)
-- over an AppStream dataset with one section per category. For example:
--   tessera run layouts/appstore.lua --data datasets/appstream-bookworm.json --format svg --out out/appstore.svg
--   tessera run layouts/appstore.lua --data datasets/appstream-bookworm.json --param screen=today
--
-- `screen` picks the screen:
-- - apps (default): a featured shelf of large cards that pages one centred card at a time,
--   shelves of small apps (three stacked per page) and of medium apps (two stacked), and small
--   categories as a plain list on a background. Shelves scroll sideways on their own
--   (orthogonal sections).
-- - today: a 76-point screen title, then one full-width story card per app, 55% of the screen
--   tall.
-- - updates: a 50-point title, then one 148-point row per app, on a background.
-- Every category's title is a header that stays pinned while its section is on screen.
local t = require("tessera")

local function cell(insets)
  return t.item{ size = { "100%", "100%" }, insets = insets or 4 }
end

local function title(height)
  return t.boundary{ kind = "header", size = { "100%", height or 50 }, align = "topLeading", pinned = true, zIndex = 2 }
end

-- Apps ---------------------------------------------------------------------------------------

-- A shelf of pages 92% wide, each holding `count` apps stacked, centred when it comes to rest.
local function shelf(count)
  return t.section{
    group = t.vgroup{ size = { "92%", t.fh(0.3) }, items = { cell() }, count = count },
    orthogonalScrolling = "groupPagingCentered",
    headers = { title() },
  }
end

local featured = t.section{
  group = t.hgroup{ size = { "92%", t.fh(0.4) }, items = { cell() } },
  orthogonalScrolling = "groupPagingCentered",
  headers = { title() },
}
local small, medium = shelf(3), shelf(2)
local list = t.section{
  group = t.hgroup{ size = { "100%", 50 }, items = { cell() } },
  insets = { top = 4, leading = 16, bottom = 12, trailing = 16 },
  headers = { title() },
  background = t.decoration{ kind = "background", insets = { leading = 8, trailing = 8 } },
}

local function apps(index, section)
  if index == 1 then return featured end
  if section.count <= 12 then return list end      -- small categories as a plain list
  return index % 3 == 0 and medium or small
end

-- Today --------------------------------------------------------------------------------------

local function stories(header)
  return t.section{
    group = t.hgroup{ size = { "100%", t.fh(0.55) }, items = { cell{ top = 12, leading = 20, bottom = 12, trailing = 20 } } },
    headers = { header },
  }
end
local firstStories, moreStories = stories(title(76)), stories(title())

local function today(index)
  return index == 1 and firstStories or moreStories
end

-- Updates ------------------------------------------------------------------------------------

local updated = t.section{
  group = t.hgroup{ size = { "100%", 148 }, items = { cell{ top = 6, leading = 16, bottom = 6, trailing = 16 } } },
  headers = { title() },
  background = t.decoration{ kind = "background" },
}

local function updates() return updated end

-- The screen ----------------------------------------------------------------------------------

local screens = { apps = apps, today = today, updates = updates }

return {
  params = { screen = "apps" },
  build = function(p)
    local provider = screens[p.screen]
    if not provider then
      error("unknown screen '" .. p.screen .. "'; expected apps, today or updates")
    end
    return t.compositional{ section = provider }
  end,
}
