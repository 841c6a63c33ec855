-- The Lua API fuzzer's layout script (scripts/fuzz/run drives it, one `tessera run` per seed).
-- With hostile.lua's generated values it calls every function of the tessera module, every
-- method of the values they return (layouts, providers, engines, animators, compositional
-- parts), every ctx function and the standard library functions that loop in C, directly,
-- inside coroutines and inside __close handlers. What the driver looks for is a crash, a hang
-- or a limit escape.
local t = require("tessera")
local fuzzer = require("hostile")

local script = { params = { seed = 1, calls = 200, trace = false } }

function script.simpleLayout(ctx, params)
  local seed = math.tointeger(params.seed) or 1
  local calls = math.tointeger(params.calls) or 200
  local g = fuzzer(seed, params.trace)

  local functions = g.moduleFunctions(t)
  for _, name in ipairs({ "set", "size", "item", "section", "id", "textHeight", "textSize", "column", "supplementary", "decoration" }) do
    local f = ctx[name]
    if f then functions[#functions + 1] = { "ctx." .. name, function(...) return f(ctx, ...) end } end
  end
  g.drive(functions, g.methods, g.fields, calls)
  for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
end

return script
