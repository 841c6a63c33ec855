-- The globals of a `*_test.lua` file: test(name, fn) and expect(value) with its matchers.
-- Loaded once into each test file's fresh state. `host` holds the checks that are done in
-- Swift (deep equality, snapshots, the layout checks of a run); each returns nil when the
-- expectation holds and the failure message otherwise. A failed expectation raises at the
-- line of the test file that made it (error level 2 from a matcher).
local host = ...
local error, type, tostring, setmetatable = error, type, tostring, setmetatable
local abs, max, huge, format = math.abs, math.max, math.huge, string.format

-- Numbers as every message writes them: 316, not 316.0; 0.1 + 0.2 as 0.3; nan, inf, -inf.
local function show(v)
  if type(v) == "number" then return host.number(v) end
  return tostring(v)
end

local tests = {}      -- {name = string, fn = function}, in the order they were declared
local byName = {}
local current = nil   -- the running test: {name = string, count = snapshots taken, named = {}}

local function test(name, fn)
  if type(name) ~= "string" or name == "" then
    error("test: argument #1 (name) must be a non-empty string, got " .. (type(name) == "string" and "an empty string" or type(name)), 2)
  end
  -- A name is printed on one line of the output and in a JUnit attribute (where a newline turns
  -- into a space), and a terminal would obey an escape sequence in it.
  if name:find("%c") then
    error("test: argument #1 (name) must be one line without control characters, got '"
      .. name:gsub("%c", function(c) return "\\" .. c:byte() end) .. "'", 2)
  end
  if type(fn) ~= "function" then error("test: argument #2 (fn) must be a function, got " .. type(fn), 2) end
  if current then error("test: tests cannot be declared inside a test ('" .. current.name .. "')", 2) end
  if byName[name] then error("test: a test named '" .. name .. "' is already declared in this file", 2) end
  byName[name] = true
  tests[#tests + 1] = {name = name, fn = fn}
end

local Expectation = {}
Expectation.__index = Expectation
Expectation.__name = "expectation"

local function expect(value)
  return setmetatable({value = value}, Expectation)
end

local function check(message)
  if message then error(message, 3) end
end

-- Two finite numbers this close are one value after rounding (0.1 + 0.2 and 0.3).
local function roundingApart(a, b)
  return type(a) == "number" and type(b) == "number" and a ~= b and abs(a) < huge and abs(b) < huge
    and abs(a - b) <= 1e-9 * max(abs(a), abs(b))
end

function Expectation:toEqual(expected)
  local message = host.equal(self.value, expected)
  if message and roundingApart(self.value, expected) then
    message = message .. " (they differ by a rounding error: use toBeCloseTo(" .. show(expected) .. "))"
  end
  check(message)
end

function Expectation:toBeCloseTo(expected, tolerance)
  local value = self.value
  if type(expected) ~= "number" then error("toBeCloseTo: argument #1 (expected) must be a number, got " .. type(expected), 2) end
  if tolerance ~= nil and (type(tolerance) ~= "number" or not (tolerance >= 0)) then
    error("toBeCloseTo: argument #2 (tolerance) must be a non-negative number, got " .. show(tolerance), 2)
  end
  tolerance = tolerance or 1e-6
  if type(value) ~= "number" then error(format("expected a number close to %s, got %s", show(expected), type(value)), 2) end
  -- equal values are close, so inf is close to inf (where value - expected is nan)
  if value ~= expected and not (abs(value - expected) <= tolerance) then
    error(format("expected %s to be within %s of %s (off by %s)", show(value), show(tolerance),
      show(expected), show(abs(value - expected))), 2)
  end
end

function Expectation:toMatchSnapshot(name)
  if not current then error("toMatchSnapshot: snapshots can only be taken inside a test", 2) end
  local key
  if name == nil then
    current.count = current.count + 1
    key = current.name .. " " .. current.count
  elseif type(name) == "string" and name ~= "" then
    key = current.name .. ": " .. name
    if current.named[key] then error("toMatchSnapshot: this test already took a snapshot named '" .. name .. "'", 2) end
    current.named[key] = true
  else
    error("toMatchSnapshot: argument #1 (name) must be a non-empty string or nil, got " .. type(name), 2)
  end
  check(host.snapshot(key, self.value))
end

function Expectation:toHaveNoOverlaps()
  check(host.overlaps(self.value))
end

function Expectation:toFitContent()
  check(host.fits(self.value))
end

function Expectation:toMirrorInRTL()
  check(host.mirrors(self.value))
end

-- What the host drives: how many tests there are, their names, and running one.
local function count() return #tests end
local function name(i) return tests[i].name end
local function run(i)
  local entry = tests[i]
  current = {name = entry.name, count = 0, named = {}}
  entry.fn()
  current = nil
end

return test, expect, count, name, run
