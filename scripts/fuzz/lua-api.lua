-- The Lua API fuzzer's layout script (scripts/fuzz/run drives it, one `tessera run` per seed).
-- With hostile.lua's generated values it calls every function of the tessera module, every
-- method of the values they return (layouts, providers, engines, animators, compositional
-- parts), every ctx function and the standard library functions that loop in C, directly,
-- inside coroutines and inside __close handlers. What the driver looks for is a crash, a hang
-- or a limit escape.
local t = require("tessera")
local fuzzer = require("hostile")

local script = { params = { seed = 1, calls = 200, trace = false } }

-- ctx's plain functions (docs/scripts.md): ctx.set(i, x, y, w, h),
-- ctx.supplementary(kind, section, x, y, w, h [, opts]), ctx.decoration(the same).
local plain = { set = true, supplementary = true, decoration = true }
local optionFields = {
  supplementary = { "zIndex", "pinned", "pinEdge", "pinUntil", "label", "item" },
  decoration = { "zIndex" },
}

-- A value in range for the argument or option `what` three times in four, else a hostile one.
local function near(g, ctx, what)
  if g.rnd(4) == 1 then return g.rnd(2) == 1 and g.extreme() or g.hostile() end
  local r = g.rnd
  if what == "i" or what == "item" then return r(math.max(ctx.count, 1)) end
  if what == "section" then return r(math.max(#ctx.sections, 1)) end
  if what == "kind" then return g.pick({ "header", "footer", "badge", "background" }) end
  if what == "size" then return g.pick({ 0, 1, 44, 0.5, 1e6, r(0, 1000) }) end
  if what == "zIndex" then return r(-3, 3) end
  if what == "pinned" then return r(3) > 1 end
  if what == "pinEdge" then return g.pick({ "top", "bottom", "left", "right" }) end
  if what == "label" then return g.pick({ "", "x", string.rep("y", 300) }) end
  return g.pick({ 0, -5, 10, 1.5, -1e6, 1e6, r(-1000, 1000) })   -- a place: x, y, pinUntil
end

-- The arguments of plain function `name`: its own count (one fewer or more now and then),
-- each near its range; an options table of its fields, each near its range, for the elements.
local function plainArguments(g, ctx, name)
  local args
  if name == "set" then
    args = { near(g, ctx, "i"), near(g, ctx, "x"), near(g, ctx, "y"), near(g, ctx, "size"), near(g, ctx, "size") }
  else
    args = { near(g, ctx, "kind"), near(g, ctx, "section"), near(g, ctx, "x"), near(g, ctx, "y"),
             near(g, ctx, "size"), near(g, ctx, "size") }
    if g.rnd(3) > 1 then
      local options = {}
      for _, field in ipairs(optionFields[name]) do
        if g.rnd(2) == 1 then options[field] = near(g, ctx, field) end
      end
      args[7] = g.rnd(8) == 1 and g.hostile() or options
    end
  end
  local n = #args
  if g.rnd(8) == 1 then n = n + g.pick({ -1, 1 }) end
  return args, n
end

function script.simpleLayout(ctx, params)
  local seed = math.tointeger(params.seed) or 1
  local calls = math.tointeger(params.calls) or 200
  local g = fuzzer(seed, params.trace)

  local functions = g.moduleFunctions(t)
  -- Every function ctx holds, called as a script calls it: the plain ones with a dot and as
  -- many arguments as they take, mostly in range, so the generated values reach their bodies
  -- (with ctx as a first argument they stopped at argument #1); the rest as methods.
  local names = {}
  for name, f in pairs(ctx) do
    if type(f) == "function" then names[#names + 1] = name end
  end
  table.sort(names)
  for _, name in ipairs(names) do
    local f = ctx[name]
    if plain[name] then
      functions[#functions + 1] = { "ctx." .. name, f, function() return plainArguments(g, ctx, name) end }
    else
      functions[#functions + 1] = { "ctx:" .. name, function(...) return f(ctx, ...) end }
    end
  end
  g.drive(functions, g.methods, g.fields, calls)
  for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
end

return script
