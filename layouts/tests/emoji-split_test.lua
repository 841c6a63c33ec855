-- The shipped emoji-split.lua on an emoji dataset, as on an iPad: its frames are kept in a
-- snapshot, so a change to the layout shows up here first (tessera test layouts/tests, run
-- by scripts/test).
local t = require("tessera")

test("emoji-split lays out the emoji groups in two columns", function()
  local run = t.run("../emoji-split.lua", {data = "../../datasets/emoji-13.0.json", viewport = {1024, 768}})
  expect(#run.items):toEqual(1805)
  expect(run):toMatchSnapshot()
  expect(run):toHaveNoOverlaps()
  expect(run):toFitContent()
  expect(run):toMirrorInRTL()
end)
