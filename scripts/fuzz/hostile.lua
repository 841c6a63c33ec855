-- The fuzzer's one generator, shared by its two scripts (lua-api.lua, run as a layout script,
-- and repl-api.lua, run inside `tessera repl`): hostile values (wrong types, non-tables inside
-- lists, NaN, +-inf, +-1e308, -0.0, math.mininteger, math.maxinteger, +-2^53, huge counts,
-- cycles, deep nesting, tables whose __index, __len or __pairs raise or loop), option tables built from the fields a function
-- names, the ways a call runs (directly, inside coroutines, inside __close handlers run by
-- coroutine.close), and the loop that calls functions, methods of pooled values and field
-- assignments. Every call is protected: an error is an expected answer. Each value a call
-- returns joins the pool, so later calls get real layouts, parts, engines and results.
--
-- fuzzer(seed, trace) -> g with g.hostile, g.extreme, g.pick, g.rnd, g.options, g.arguments, g.keep,
-- g.call, g.fieldsOf (preset field lists), g.moduleFunctions(t), g.methods, g.fields and
-- g.drive(functions, methods, fields, calls).
return function(seed, trace)
  math.randomseed(seed)
  local rnd = math.random
  local g = { rnd = rnd, pool = {}, fieldsOf = {} }
  local pool = g.pool

  local function pick(list) return list[rnd(#list)] end
  g.pick = pick

  local function nested(depth)
    local v = {}
    for _ = 1, depth do v = { v } end
    return v
  end
  local cycle = {}
  cycle[1] = cycle
  cycle.self = cycle
  local function raising() error("fuzz: raised on purpose") end
  local function metas()
    local kind = rnd(6)
    if kind == 1 then return setmetatable({}, { __index = raising }) end
    if kind == 2 then return setmetatable({}, { __len = raising }) end
    if kind == 3 then return setmetatable({}, { __pairs = raising }) end
    if kind == 4 then return setmetatable({}, { __len = function() return math.maxinteger end, __index = rawequal }) end
    if kind == 5 then return setmetatable({}, { __index = function(_, k) return k end }) end
    return setmetatable({}, { __len = function() return 0 / 0 end })
  end

  local scalars = {
    false, true, 0, -1, 1, 2, 0.5, -0.0, 0 / 0, math.huge, -math.huge, 1e308, -1e308, 1e-320,
    math.maxinteger, math.mininteger, 1e9, 2 ^ 53, 2 ^ 63, 1e15, 1000000.0,
    "", "x", "50%", "-50%", "nan%", "1e308%", "top", "leading", "vertical", "horizontal",
    "fade", "cascade", "waterfall", "../etc/passwd", "/etc/passwd", "a.b.c", string.rep("z", 300),
  }
  -- The ends of the number ranges, where host arithmetic on a script's number overflows
  -- (math.mininteger - 1) or a conversion traps (a NaN or 1e308 made an integer): a value in
  -- eight is one of them, and a dataset whose sections give first and count (as t.diff and
  -- t.provider take them) gets them there one in forty.
  local extremes = {
    math.mininteger, math.maxinteger, math.mininteger + 1, math.maxinteger - 1, 1 << 53, -(1 << 53),
    2 ^ 53, -(2 ^ 53), -1, 0, math.huge, -math.huge, 0 / 0, -0.0, 1e308, -1e308,
  }
  local function extreme() return pick(extremes) end
  g.extreme = extreme
  local function hostile(depth)
    depth = depth or 0
    local r = rnd(40)
    if r <= 5 then return extreme() end
    if r <= 6 then
      local near = function() return rnd(2) == 1 and extreme() or rnd(0, 3) end
      local side = { 1, 2, sections = { { id = "a", first = 1, count = 1 }, { id = "b", first = near(), count = near() } } }
      if rnd(2) == 1 then side.sections[2] = { count = near() } end
      return side
    end
    r = rnd(20)
    if r <= 7 then return pick(scalars) end
    if r <= 10 and #pool > 0 then return pool[rnd(#pool)] end
    if r == 11 then return nil end
    if r == 12 then return cycle end
    if r == 13 then return nested(rnd(2) == 1 and 40 or 400) end
    if r == 14 then return metas() end
    if r == 15 then return raising end
    if r == 16 then return function(...) return hostile(depth + 1), hostile(depth + 1) end end
    if r == 17 then return coroutine.create(function() end) end
    if depth > 2 then return {} end
    local list = {}
    for k = 1, rnd(4) do list[k] = hostile(depth + 1) end
    if rnd(3) == 1 then list.x, list.y, list.w, list.h = hostile(depth + 1), hostile(depth + 1), 1, 1 end
    return list
  end
  g.hostile = hostile

  -- Option tables from the fields a constructor names: it lists them when given an unknown
  -- one (g.fieldsOf may preset a function's fields).
  local fieldsOf = g.fieldsOf
  local function knownFields(name, f)
    if fieldsOf[name] == nil then
      local _, message = pcall(f, { __fuzz_unknown_field = 1 })
      local list = {}
      for field in tostring(message):match("known fields: ([%w_, ]+)") and
          tostring(message):match("known fields: ([%w_, ]+)"):gmatch("[%w_]+") or function() end do
        list[#list + 1] = field
      end
      fieldsOf[name] = list
    end
    return fieldsOf[name]
  end
  local function options(name, f)
    local fields, o = knownFields(name, f), {}
    for _, field in ipairs(fields) do
      if rnd(2) == 1 then o[field] = hostile(1) end
    end
    if rnd(10) == 1 then o[pick(fields) or "x"] = { hostile(2), 5, "x", true } end
    return o
  end
  g.options = options

  local function arguments(name, f)
    local args, n = {}, rnd(0, 4)
    for k = 1, n do args[k] = hostile() end
    if rnd(2) == 1 then args[1] = options(name, f) end
    return args, n
  end
  g.arguments = arguments

  local function keep(ok, ...)
    if ok then
      for k = 1, select("#", ...) do
        local v = select(k, ...)
        if type(v) == "userdata" or type(v) == "table" then
          if #pool < 200 then pool[#pool + 1] = v else pool[rnd(#pool)] = v end
        end
      end
    end
  end
  g.keep = keep

  -- The most arguments each function took, learned from its refusals of an extra one ("argument
  -- #3 must be absent"): three calls in four are cut to that many, so the rest of the generated
  -- arguments reach the function's body instead of stopping at the count.
  local most = setmetatable({}, { __mode = "k" })
  local function learn(f, name, ok, message)
    local extra = not ok and type(message) == "string" and message:match("argument #(%d+) must be absent %(")
    if extra then most[f] = tonumber(extra) - 1 + (name:find("^method ") and 1 or 0) end
  end

  -- Where a call runs: directly, in a coroutine, or in a __close handler that coroutine.close runs.
  local function call(f, args, n, name)
    local how = rnd(4)
    if most[f] and n > most[f] and rnd(4) > 1 then n = most[f] end
    if trace then print(string.format("fuzz: %s (%d arguments, way %d)", name, n, how)) end
    if how == 1 then
      local co = coroutine.create(function() return f(table.unpack(args, 1, n)) end)
      keep(coroutine.resume(co))
    elseif how == 2 then
      keep(pcall(coroutine.wrap(function() return f(table.unpack(args, 1, n)) end)))
    elseif how == 3 then
      local co = coroutine.create(function()
        local guard <close> = setmetatable({}, { __close = function() keep(pcall(f, table.unpack(args, 1, n))) end })
        coroutine.yield()
      end)
      coroutine.resume(co)
      coroutine.close(co)
    else
      local function answer(ok, ...)
        learn(f, name, ok, ...)
        return ok, ...
      end
      keep(answer(pcall(f, table.unpack(args, 1, n))))
    end
  end
  g.call = call

  -- Every function of the tessera module `t`, and the standard functions that loop in C.
  function g.moduleFunctions(t)
    local functions = {}
    for name, f in pairs(t) do
      if type(f) == "function" then functions[#functions + 1] = { "t." .. name, f } end
    end
    table.sort(functions, function(a, b) return a[1] < b[1] end)
    for _, name in ipairs({ "move", "insert", "remove", "concat", "unpack", "sort" }) do
      functions[#functions + 1] = { "table." .. name, table[name] }
    end
    for _, name in ipairs({ "rep", "find", "match", "gsub", "format" }) do
      functions[#functions + 1] = { "string." .. name, string[name] }
    end
    return functions
  end
  -- The methods and fields of the module's values.
  g.methods = {
    "inset", "transposed", "sticky", "visibleFrameInset", "sized",
    "layout", "views", "scroll", "resize", "tap", "frame", "scrollTo", "show", "scrollSection",
  }
  g.fields = { "sections", "layout", "data", "size", "view", "tap", "id", "content", "header", "animator", "provider",
    "width", "height", "identifier" }

  -- `calls` steps over `functions` ({name, f [, arguments(name, f) -> args, n]}), the
  -- `methods` of pooled values and assignments to their `fields`.
  function g.drive(functions, methods, fields, calls)
    for step = 1, calls do
      local r = rnd(10)
      if r <= 6 or #pool == 0 then
        local entry = functions[(step - 1) % #functions + 1]
        if rnd(2) == 1 then entry = pick(functions) end
        local args, n = (entry[3] or arguments)(entry[1], entry[2])
        call(entry[2], args, n, entry[1])
      elseif r <= 8 then
        -- a method of a pooled value
        local v, name = pool[rnd(#pool)], pick(methods)
        local ok, m = pcall(function() return v[name] end)
        if ok and type(m) == "function" then
          local args, n = arguments(name, m)
          table.insert(args, 1, v)
          call(m, args, n + 1, "method " .. name)
        end
      else
        -- an assignment to a pooled value's field, and reading it back
        local v, name, value = pool[rnd(#pool)], pick(fields), hostile()
        if rnd(4) == 1 and #pool > 0 then value = { pool[rnd(#pool)], v } end
        call(function() v[name] = value; return v[name] end, {}, 0, "field " .. name)
      end
    end
  end

  return g
end
