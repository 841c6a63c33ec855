---@meta

-- The globals of a layout test file (`*_test.lua`, run by `tessera test`; docs/testing.md):
-- `test`, `expect` and its matchers. A test file runs in the same sandbox as a layout script
-- (sandbox.lua), and its `require("tessera")` also has `t.run` (tessera.lua). A test that
-- compares this file with the harness keeps the two lists of matchers equal.

---What `expect(value)` returns: each matcher raises at the test's line when it fails.
---@class tessera.Expectation
local Expectation = {}

---Deep equality of plain data (numbers, strings, booleans, tables; integers equal floats of
---the same value); the failure names the first place that differs.
---@param expected any
function Expectation:toEqual(expected) end

---The value is a number within `tolerance` (default 1e-6) of `expected`.
---@param expected number
---@param tolerance? number
function Expectation:toBeCloseTo(expected, tolerance) end

---The value matches the snapshot kept in `__snapshots__/FILE.snap.json` under this test's name
---(and `name`, or a counter): numbers compared to 1e-6 relative. A missing snapshot is written
---(it fails when `CI` is set); `tessera test --update` rewrites one that differs.
---@param name? string
function Expectation:toMatchSnapshot(name) end

---The value, a run from `t.run`, has no two items sharing a positive area.
function Expectation:toHaveNoOverlaps() end

---The value, a run from `t.run`, has every item, supplementary and decoration inside its
---content bounds.
function Expectation:toFitContent() end

---The value, a run from `t.run`, is the mirror image (x' = W - x - w) of the same run laid out
---in the other direction.
function Expectation:toMirrorInRTL() end

---Declares a test: `fn` runs later, on its own, under the sandbox's limits. Names are unique
---in a file; they name the snapshots the test takes.
---@param name string
---@param fn fun()
function test(name, fn) end

---Starts an expectation about `value`.
---@param value any
---@return tessera.Expectation
function expect(value) end
