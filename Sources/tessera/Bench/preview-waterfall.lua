-- The scripted waterfall `tessera bench preview` saves: two columns, each item at its size for
-- the column's width. The bench writes it with each save's spacing in place of the placeholder
-- on the `local columns, spacing` line, so a script edit changes the picture.
return {
  simpleLayout = function(ctx)
    local columns, spacing = 2, SPACING
    local w = (ctx.width - (columns - 1) * spacing) / columns
    local tops = { 0, 0 }
    local set = ctx.set
    for i = 1, ctx.count do
      local c = tops[2] < tops[1] and 2 or 1
      local _, h = ctx:size(i, w, ctx.height)
      set(i, (c - 1) * (w + spacing), tops[c], w, h)
      tops[c] = tops[c] + h + spacing
    end
  end,
}
