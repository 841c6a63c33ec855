-- The shipped appstore.lua on the AppStream dataset it was written for: its frames are kept
-- in a snapshot, so a change to the layout shows up here first (tessera test layouts/tests,
-- run by scripts/test).
local t = require("tessera")

local data = "../../datasets/appstream-bookworm.json"

test("appstore lays out the apps screen", function()
  local run = t.run("../appstore.lua", {data = data})
  expect(#run.items):toEqual(1988)
  expect(run):toMatchSnapshot()
end)

test("appstore's today screen", function()
  local run = t.run("../appstore.lua", {data = data, params = {screen = "today"}, offset = {0, 0}})
  expect(#run.visible > 0):toEqual(true)
  expect(run):toFitContent()
  expect(run):toMirrorInRTL()
end)
