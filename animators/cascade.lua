-- cascade.lua: a cascading reload (CollectionKit's reload example). Each view that appears on a
-- reload drops in from above, later the further it is from the content offset; leaving views
-- fade out the same way; moved views spring to their new place.
return {
  params = { duration = 0.35, spread = 3000, lift = 40 },
  insert = function(e, p)
    if not e.isReloading or e.reloadCount == 0 then return nil end
    local dx, dy = e.frame[1] - e.contentOffset[1], e.frame[2] - e.contentOffset[2]
    return { from = { alpha = 0, ty = -p.lift, scale = 0.9 }, duration = p.duration,
             delay = math.sqrt(dx * dx + dy * dy) / p.spread, curve = "easeOut" }
  end,
  delete = function(e, p)
    if not e.isReloading then return nil end
    local dx, dy = e.frame[1] - e.contentOffset[1], e.frame[2] - e.contentOffset[2]
    return { to = { alpha = 0, scale = 0.9 }, duration = p.duration,
             delay = math.sqrt(dx * dx + dy * dy) / p.spread, curve = "easeIn" }
  end,
  update = function(e, p)
    if e.isReloading then return { curve = "spring", damping = 0.8, response = 0.4 } end
  end,
}
