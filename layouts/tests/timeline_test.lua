-- The shipped timeline.lua on a shipped dataset: its frames are kept in a snapshot, so a change
-- to the layout shows up here first (tessera test layouts/tests, run by scripts/test).
local t = require("tessera")

local data = "../../datasets/images-wallpapers.json"

test("timeline lays out the wallpapers", function()
  local run = t.run("../timeline.lua", {data = data})
  expect(#run.items):toEqual(121)
  expect(run):toMatchSnapshot()
end)

test("timeline keeps its items apart and inside the content", function()
  local run = t.run("../timeline.lua", {data = data, viewport = {768, 1024}})
  expect(run):toHaveNoOverlaps()
  expect(run):toFitContent()
  expect(run):toMirrorInRTL()
end)
