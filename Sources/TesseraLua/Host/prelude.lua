local host = ...
local G = _G
local load, pairs, ipairs, select, tostring, type, error = load, pairs, ipairs, select, tostring, type, error
local concat = table.concat
local P = {}

-- Strings index the real string table through their shared metatable, so remove dump there
-- too: ("").dump would otherwise reach it (binary chunks cannot be loaded anyway).
string.dump = nil

-- The string metatable stays out of reach: getmetatable("") gives false, not the table
-- whose __index is the real `string` library.
getmetatable("").__metatable = false

-- The sandbox: no io, no os beyond clock/time/date, no debug, no dofile/loadfile/package, no
-- collectgarbage, and `load` only for text chunks. `coroutine` is there with a resume of the
-- host's (host.resume), under which the time limit, the instruction budget and the memory cap
-- apply inside coroutines as on the main thread.
local globals = {
  "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget",
  "rawlen", "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "xpcall", "_VERSION",
}
local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

-- setmetatable without finalizers, xpcall whose handler a limit's stop passes by, pcall and
-- xpcall that forget a caught coroutine error's frames, and rawset that refuses read-only
-- views (LuaBridge's Guards.c says why).
local guardedsetmetatable, guardedpcall, guardedxpcall, guardedrawset =
  host.setmetatable, host.pcall, host.xpcall, host.rawset
local resume, close, create, status = host.resume, host.close, coroutine.create, coroutine.status
-- As Lua's wrap: an error that ended the coroutine runs its pending __close handlers (one of
-- them may replace the error) and goes on as raised inside, which already says where.
local function wrapped(co, ok, ...)
  if ok then return ... end
  local e = ...
  if status(co) == "dead" then
    local _, closing = close(co)
    if closing ~= nil then e = closing end
  end
  error(e, 0)
end
local function newcoroutine()
  local c = copy(coroutine)
  c.resume = resume
  c.close = close
  c.wrap = function(...)
    local f = ...
    if type(f) ~= "function" then   -- as Lua's wrap says it, at the caller's line
      local got = select("#", ...) == 0 and "no value" or type(f)
      error("bad argument #1 to 'wrap' (function expected, got " .. got .. ")", 2)
    end
    local co = create(f)
    return function(...)
      -- resume's own refusals have no place: blame the line that called the function
      local now = status(co)
      if now ~= "suspended" then
        error("cannot resume " .. (now == "dead" and "dead" or "non-suspended") .. " coroutine", 2)
      end
      return wrapped(co, resume(co, ...))
    end
  end
  return c
end
local libraries = { "math", "string", "table", "utf8" }

-- A fresh environment per script: library tables are copies, so one script cannot change
-- `math` or `string` for another.
function P.newenv(require)
  local env = {}
  for _, k in ipairs(globals) do env[k] = G[k] end
  for _, name in ipairs(libraries) do env[name] = copy(G[name]) end
  env.os = { clock = os.clock, time = os.time, date = os.date }
  env.setmetatable = guardedsetmetatable
  env.pcall = guardedpcall
  env.xpcall = guardedxpcall
  env.rawset = guardedrawset
  env.coroutine = newcoroutine()
  env.require = require
  env._G = env
  env.print = function(...)
    local n, parts = select("#", ...), {}
    for i = 1, n do parts[i] = tostring((select(i, ...))) end
    host.write(concat(parts, "\t"))
  end
  env.load = function(...)
    local chunk, name, mode = ...
    local kind = type(chunk)
    if kind ~= "string" and kind ~= "number" and kind ~= "function" then
      -- Lua's message, at the caller's line (load would name this one)
      local got = select("#", ...) == 0 and "no value" or kind
      error("bad argument #1 to 'load' (function expected, got " .. got .. ")", 2)
    end
    if mode ~= nil and mode ~= "t" then
      error("load: only text chunks are allowed here (mode \"t\")", 2)
    end
    -- Chunks named "=[...]" are Tessera's own: limits never blame their lines and tracebacks
    -- leave them out, so a script may not give its chunk such a name.
    if type(name) == "string" and name:sub(1, 2) == "=[" then
      error("load: the chunk name '" .. name .. "' is reserved (names starting with \"=[\" are Tessera's own chunks)", 2)
    end
    if select("#", ...) < 4 then return load(chunk, name, "t", env) end
    return load(chunk, name, "t", (select(4, ...)))
  end
  return env
end

-- t.sticky: the flags of a sticky predicate of (index, item) for items 1..n, in one call.
function P.stickyflags(fn, n, ctx)
  local flags = {}
  for i = 1, n do flags[i] = fn(i, ctx:item(i)) and true or false end
  return flags
end

-- Animator scripts: every event of one engine pass through its hook, in one call from the
-- host. A `move` goes to the `update` hook; a missing hook or a nil result is `false` here.
-- Each hook is called as a field by its name, so a traceback names the hook the script wrote
-- (`in field 'insert'`), not a variable of this function.
function P.animate(hooks, events, params)
  local out = {}
  for k = 1, #events do
    local e = events[k]
    local kind, r = e.type, nil
    if kind == "insert" then r = hooks.insert and hooks.insert(e, params)
    elseif kind == "delete" then r = hooks.delete and hooks.delete(e, params)
    elseif kind == "update" or kind == "move" then r = hooks.update and hooks.update(e, params)
    elseif kind == "scroll" then r = hooks.scroll and hooks.scroll(e, params)
    elseif kind == "shift" then r = hooks.shift and hooks.shift(e, params)
    end
    out[k] = r or false
  end
  return out
end

return P
