-- `load`, the host's script loader, is named as the prompt's `load` is: a traceback shows its frame
-- ("[C]: in upvalue 'load'") and not this file's wrapper.
local write, load, stdload, settings = ...
local type, tostring, pairs, select, setmetatable = type, tostring, pairs, select, setmetatable
local tonumber, mtype, huge = tonumber, math.type, math.huge
local concat, sort, format = table.concat, table.sort, string.format

local keywords = {}
for word in ("and break do else elseif end false for function goto if in local nil not or repeat return then true until while"):gmatch("%a+") do
  keywords[word] = true
end

local first = { id = 1, name = 2, x = 3, y = 4, w = 5, h = 6, width = 7, height = 8 }
local typerank = { number = 1, string = 2, boolean = 3 }

-- A total order on keys: numbers, then strings (the `first` names leading), then booleans,
-- then anything else by type name and tostring.
local function before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then
    local ra, rb = typerank[ta] or 4, typerank[tb] or 4
    if ra ~= rb then return ra < rb end
    return ta < tb
  end
  if ta == "string" then
    local fa, fb = first[a], first[b]
    if fa or fb then return (fa or 99) < (fb or 99) end
    return a < b
  elseif ta == "number" then
    return a < b
  elseif ta == "boolean" then
    return b and not a
  end
  return tostring(a) < tostring(b)
end

-- A count as every message writes one: its digits grouped in threes by commas ("1,048,576"),
-- NumberText.grouped's rule.
local function grouped(n)
  local text = format("%d", n):reverse():gsub("%d%d%d", "%0,"):reverse()
  return (text:gsub("^(-?),", "%1"))
end

local escapes = { ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t", ['"'] = '\\"', ["\\"] = "\\\\" }
local function escape(c) return escapes[c] or format("\\%03d", c:byte()) end

local function quote(s)
  local more = ""
  if #s > settings.stringlimit then
    more = "...(" .. grouped(#s) .. " bytes)"
    s = s:sub(1, settings.stringlimit)
  end
  return '"' .. s:gsub('[%c"\\]', escape) .. '"' .. more
end

local function plain(v)
  return type(v) == "table" and tostring(v):sub(1, 7) == "table: "
end

-- Floats in the fewest digits (14 to 17) that read back as the same number, so the REPL
-- shows what `tessera run` prints; integral floats keep Lua's ".0"; NaN as every message
-- writes it ("nan", where C's printf may write "-nan").
local function number(v)
  if v ~= v then return "nan" end
  if mtype(v) == "float" and v == v and v ~= huge and v ~= -huge then
    for digits = 14, 17 do
      local s = format("%." .. digits .. "g", v)
      if tonumber(s) == v then
        if not s:find("[.eEn]") then s = s .. ".0" end
        return s
      end
    end
  end
  return tostring(v)
end

local function scalar(v)
  if type(v) == "string" then return quote(v) end
  if type(v) == "number" then return number(v) end
  return tostring(v)
end

local function isname(k)
  return type(k) == "string" and k:match("^[%a_][%w_]*$") ~= nil and not keywords[k]
end

local function keytext(k)
  if isname(k) then return k end
  return "[" .. scalar(k) .. "]"
end

local function childpath(path, k)
  if isname(k) then return path .. "." .. k end
  return path .. "[" .. scalar(k) .. "]"
end

-- State of one print call.
local lines, budget, cut, open, cache

-- How many entries of one table printing visits to find its keys. Printing runs under the
-- line's limits, and a table of a million entries must print as cheaply as a small one; past
-- this many, the keys shown are the first ones met (in order) and the count left out is a
-- lower bound.
local scanned = 1000

-- The entries of t in print order: 1..n, then keys, and whether some keys went unvisited.
-- Cached per call, as a table is first tried on one line and then, if too long, written on
-- several.
local function entries(t)
  local e = cache[t]
  if e then return e.n, e.keys, e.partial end
  local n = #t
  if mtype(n) ~= "integer" or n < 0 then n = 0 end
  local keys, visited, partial = {}, 0, false
  for k in pairs(t) do
    visited = visited + 1
    if visited > scanned then
      partial = true
      break
    end
    if not (mtype(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, before)
  cache[t] = { n = n, keys = keys, partial = partial }
  return n, keys, partial
end

-- v on one line in at most `room` characters, or nil.
local function inline(v, path, room, depth)
  if not plain(v) then return scalar(v) end
  if open[v] then return "<cycle: " .. open[v] .. ">" end
  if depth > settings.depth then return "{...}" end
  local n, keys, partial = entries(v)
  local total = n + #keys
  if total == 0 and not partial then return "{}" end
  if partial or 3 * total > room then return nil end
  open[v] = path
  local parts, used = {}, 2
  for i = 1, total do
    local k = i <= n and i or keys[i - n]
    local prefix = i <= n and "" or keytext(k) .. " = "
    local s = inline(v[k], childpath(path, k), room - used - #prefix, depth + 1)
    if s then
      s = prefix .. s
      used = used + #s + 2
    end
    if not s or used > room + 2 then
      open[v] = nil
      return nil
    end
    parts[i] = s
  end
  open[v] = nil
  return "{" .. concat(parts, ", ") .. "}"
end

local function add(line)
  if #lines >= budget then
    cut = true
    return false
  end
  lines[#lines + 1] = line
  return true
end

-- Writes the run of scalars of v's list part from i on (up to n), as many to a line as fit
-- (at least one), and returns the index of the last one written, or nil when the line budget
-- is spent: a list of a thousand numbers takes a few lines, not a thousand.
local function packed(v, i, n, inner)
  local line, j = inner .. scalar(v[i]) .. ",", i
  while j < n and not plain(v[j + 1]) do
    local s = scalar(v[j + 1]) .. ","
    if #line + 1 + #s > settings.width then break end
    line, j = line .. " " .. s, j + 1
  end
  if not add(line) then return nil end
  return j
end

-- Writes v at `indent`, on one line if it fits, else one entry per line (the list part's
-- scalars packed as `packed` writes them). Returns false if nothing could be written (the line
-- budget is spent).
local function block(v, indent, prefix, suffix, path, depth)
  local s = inline(v, path, settings.width - #indent - #prefix - #suffix, depth)
  if s then return add(indent .. prefix .. s .. suffix) end
  if not add(indent .. prefix .. "{") then return false end
  open[v] = path
  local n, keys, partial = entries(v)
  local total, shown, inner = n + #keys, 0, indent .. "  "
  while shown < total do
    if #lines >= budget then break end
    local i = shown + 1
    local k = i <= n and i or keys[i - n]
    if i <= n and not plain(v[i]) then
      local last = packed(v, i, n, inner)
      if not last then break end
      shown = last
    else
      if not block(v[k], inner, i <= n and "" or keytext(k) .. " = ", ",", childpath(path, k), depth + 1) then break end
      shown = i
    end
  end
  open[v] = nil
  if shown < total or partial then
    cut = true
    local left = total - shown
    if partial and left < 1 then left = 1 end
    lines[#lines + 1] = format("%s... %s%s more %s", inner, partial and "at least " or "", grouped(left), left == 1 and "entry" or "entries")
  end
  lines[#lines + 1] = indent .. "}" .. suffix
  return true
end

local function print(...)
  local count = select("#", ...)
  local parts, used = {}, 0
  cut, open, cache = false, {}, {}
  for i = 1, count do
    local v = select(i, ...)
    if plain(v) then
      lines, budget = {}, settings.lines - used
      if budget < 1 then budget = 1 end
      block(v, "", "", "", "root", 1)
      used = used + #lines
      parts[i] = concat(lines, "\n")
    elseif type(v) == "number" then
      parts[i] = number(v)
    else
      parts[i] = tostring(v)
    end
  end
  lines, open, cache = nil, nil, nil
  local text = concat(parts, "\t")
  if cut then
    text = text .. "\n-- (truncated: output is limited to " .. grouped(settings.lines) .. " lines)"
  end
  write(text)
end

local function scriptorchunk(chunk, ...)
  if type(chunk) == "string" and select("#", ...) == 0 and chunk:sub(-4) == ".lua" then
    return load(chunk)
  end
  return stdload(chunk, ...)
end

return print, scriptorchunk
