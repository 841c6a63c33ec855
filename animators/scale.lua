-- scale.lua: CollectionKit's scale animator as a script, animation for animation the built-in
-- `scale`: the fade of fade.lua, and views grow from (and shrink to) `scale` as they fade.
local fade = require("fade")

local function hidden(p) return { alpha = p.alpha, scale = p.scale } end

return {
  name = "scale",
  params = { alpha = 0, scale = 0.5, duration = 0.3 },
  insert = function(e, p)
    local a = fade.insert(e, p)
    if a then a.from = hidden(p) end
    return a
  end,
  delete = function(e, p)
    local a = fade.delete(e, p)
    if a then a.to = hidden(p) end
    return a
  end,
  update = fade.update,
}
