-- A layout script with a bug on line 6: `ctx.set` needs a width.
return {
  name = "broken",
  simpleLayout = function(ctx, p)
    for i = 1, ctx.count do
      ctx.set(i, 0, i * 10, nil, 10)
    end
  end,
}
