-- emoji-split.lua: the emoji groups in two columns that stack independently, each group under
-- a titled header (UICollectionViewSplitLayout's EmojiCollectionViewController).
--
--   tessera run layouts/emoji-split.lua --data datasets/emoji-17.0.json --viewport 1024x768 --format svg --out out/emoji.svg
--
-- Below 700 points of viewport width the ratio is 1: one full-width column, and the groups
-- that asked for the right side flow into it. A new viewport lays the groups out again.

local t = require("tessera")

return t.split{
  -- Left gets 45% of the width on wide screens; one column on phones.
  leftSideRatio = function(width) return width < 700 and 1 or 0.45 end,
  splitSpacing = 16,
  minimumInterItemSpacing = 4,
  minimumItemLineSpacing = 4,
  sectionInset = { top = 8, left = 8, bottom = 16, right = 8 },
  itemSize = { 40, 40 },
  -- Big groups on the left, small ones on the right, so the columns end near each other.
  side = function(_, section)
    if section.count > 200 then return "left" end
    return "right"
  end,
  header = { height = 32, pinned = true },
}
