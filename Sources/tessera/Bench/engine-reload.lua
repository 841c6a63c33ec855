-- `tessera bench engine`'s reload from a Lua array: `count` {id, width, height} tables as a
-- provider's data, and a second array with the item after `changed` replaced. Returns the
-- repeat: it assigns the other array and runs the pass (the bridge converts every item, then
-- the engine reloads), giving how many views the pass left.
return function(count, changed)
  local t = require("tessera")
  local a, b = {}, {}
  for i = 1, count do a[i] = { id = i, width = 120, height = 50 + (i * 37) % 350 }; b[i] = a[i] end
  b[changed + 1] = { id = -1, width = 120, height = 99 }
  local p = t.provider{ data = a, layout = t.waterfall{ columns = 3, spacing = 4.5 }, size = "fillWidth" }
  local e = t.engine{ provider = p, viewport = { 375, 812 } }
  e:scroll(0, 20000)
  local flip = false
  return function() flip = not flip; p.data = flip and b or a; return #e:layout() end
end
