-- The shipped rings.lua on a shipped dataset: its frames are kept in a snapshot, so a change
-- to the layout shows up here first (tessera test layouts/tests, run by scripts/test).
local t = require("tessera")

local data = "../../datasets/images-wallpapers.json"

test("rings lays out the wallpapers", function()
  local run = t.run("../rings.lua", {data = data})
  expect(#run.items):toEqual(121)
  expect(run):toMatchSnapshot()
end)

test("rings keeps its items apart and inside the content", function()
  local run = t.run("../rings.lua", {data = data, viewport = {768, 1024}, params = {cell = 40, spacing = 0}})
  expect(run):toHaveNoOverlaps()
  expect(run):toFitContent()
  expect(run):toMirrorInRTL()
end)
