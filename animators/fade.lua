-- fade.lua: CollectionKit's fade as a script, animation for animation the built-in `fade`.
-- While a reload runs (not the first load), a view that appears on screen fades in and one that
-- leaves fades out; a view whose frame changed moves. Views scrolling in or out never animate.

return {
  name = "fade",
  params = { alpha = 0, duration = 0.3 },
  insert = function(e, p)
    if e.isReloading and e.reloadCount > 0 and e.onScreen then
      return { from = { alpha = p.alpha }, duration = p.duration }
    end
  end,
  delete = function(e, p)
    if e.isReloading and e.onScreen then
      return { to = { alpha = p.alpha }, duration = p.duration }
    end
  end,
  update = function(e, p)
    local o, f = e.oldFrame, e.frame
    if o and (o[1] ~= f[1] or o[2] ~= f[2] or o[3] ~= f[3] or o[4] ~= f[4]) then
      return { duration = p.duration }
    end
  end,
}
