-- test-bench.lua: one file of `tessera bench test`, ten snapshot tests over one dataset.
-- The bench writes this file once per dataset with @DATA@ replaced by the dataset's file name.
local t = require("tessera")

local layouts = { "waterfall", "flow", "row", "waterfall", "flow" }
for k = 0, 9 do
  local layout = layouts[k % #layouts + 1]
  local params = layout == "waterfall" and { columns = 2 + k % 3, spacing = k } or {}
  test(layout .. " " .. k, function()
    expect(t.run(layout, { data = "@DATA@", params = params })):toMatchSnapshot()
  end)
end
