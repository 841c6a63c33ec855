-- An analytic layout whose frame function fails from item 6 on: laying it out succeeds (layout()
-- gives the content size without asking any frame), and the failure comes with the query.
return {
  name = "failing-analytic",
  layout = function(ctx, p) return ctx.width, ctx.count * 10 end,
  frame = function(i, ctx, p)
    if i > 5 then error("no frame for item " .. i) end
    return 0, (i - 1) * 10, ctx.width, 10
  end,
  visible = function(x, y, w, h, ctx, p)
    local items = {}
    for i = 1, ctx.count do items[#items + 1] = i end
    return items
  end,
}
