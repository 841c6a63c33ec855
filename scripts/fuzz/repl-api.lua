-- The Lua API fuzzer's REPL module (scripts/fuzz/run drives it for part of its seeds, one
-- `tessera repl` per seed with piped lines, TESSERA_PATH=scripts/fuzz). With hostile.lua's
-- generated values it calls every global the REPL adds (run, load, print, require, data) and
-- every method of the results run returns (r:frames, r:frame, r:visible, r:contentSize,
-- r:show, #r, tostring(r)), with the tessera module's functions and methods mixed in so run
-- gets real layouts, directly, inside coroutines and inside __close handlers.
--
--   F = require("repl-api")(_ENV, {seed = N, calls = C})   -- once
--   F()                                                     -- C calls per line
--   =F.values()                                             -- hostile values for the REPL's print
--   F.spoil()                                               -- hostile REPL globals
local fuzzer = require("hostile")

return function(env, params)
  local g = fuzzer(math.tointeger(params.seed) or 1, params.trace)
  local hostile, pick = g.hostile, g.pick
  local t, run = env.t, env.run

  -- A layout run accepts: L, a built-in's name, a layout value from the pool, or anything.
  local function layout()
    local r = g.rnd(6)
    if r == 1 then return env.L end
    if r == 2 then return pick({ "waterfall", "grid", "mosaic", "flow", "nope", "x.lua", "../etc/passwd" }) end
    if r == 3 then return t.flow{} end
    return hostile()
  end
  g.fieldsOf.run = { "width", "height", "x", "y", "params" }
  g.fieldsOf.show = { "x", "y", "columns", "rows" }

  local functions = {
    { "run", run, function(name, f)
      local args, n = { layout(), g.options(name, f), hostile() }, g.rnd(0, 3)
      if g.rnd(4) == 1 then args[2] = { params = hostile(), width = 10, height = 10 } end
      return args, n
    end },
    { "load", env.load }, { "require", env.require }, { "print", env.print },
    { "data[]", function(k) return env.data[k] end }, { "#data", function() return #env.data end },
    { "#", function(v) return #v end }, { "tostring", tostring },
  }
  -- Results are what the REPL adds: every one run returns is kept, and each method is called
  -- on one of them (or, one time in eight, on a hostile value as its self).
  local results = {}
  local function keepResults(ok, r, ...)
    if ok and type(r) == "userdata" then results[#results < 50 and #results + 1 or g.rnd(#results)] = r end
    return ok, r, ...
  end
  local function result()
    if #results == 0 or g.rnd(8) == 1 then return hostile() end
    return results[g.rnd(#results)]
  end
  functions[1][2] = function(...) return select(2, keepResults(pcall(run, ...))) end
  g.keep(keepResults(pcall(run, "waterfall")))
  g.keep(keepResults(pcall(run, t.flow{}, { width = 0, height = 0 })))
  g.keep(true, env.data)
  local resultMethods = { "frames", "frame", "visible", "contentSize", "show" }
  local methods = { table.unpack(g.methods) }
  for _, m in ipairs(resultMethods) do
    methods[#methods + 1] = m
    functions[#functions + 1] = { "r:" .. m, function(...)
      local r, any = result(), results[1]
      return (any and any[m] or r[m])(r, ...)
    end, m == "show" and function(name, f)
      return { g.options("show", f), hostile() }, g.rnd(0, 2)
    end or nil }
  end
  functions[#functions + 1] = { "#r", function() return #result() end }
  functions[#functions + 1] = { "tostring(r)", function() return tostring(result()) end }
  -- The REPL's functions first and three times over: a line's calls start with them.
  local everything = {}
  for k = 1, 3 do
    for _, f in ipairs(functions) do everything[#everything + 1] = f end
  end
  for _, f in ipairs(g.moduleFunctions(t)) do everything[#everything + 1] = f end
  local calls = math.tointeger(params.calls) or 100

  return setmetatable({
    values = function() return hostile(), hostile(), g.pool[g.rnd(#g.pool)] end,
    spoil = function()
      for _, name in ipairs({ "print", "run", "load", "t", "data", "L" }) do
        if g.rnd(2) == 1 then env[name] = hostile() end
      end
    end,
  }, { __call = function() g.drive(everything, methods, g.fields, calls) end })
end
