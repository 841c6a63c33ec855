-- wobble.lua: CollectionKit's wobble as a script, animation for animation the built-in `wobble`.
-- While scrolling, a view is pushed along the scroll by velocity × resistance, where resistance
-- grows with its distance from the touch (here the centre of the screen), clamped at 1 so the
-- push never exceeds the velocity or flips its sign; then it springs back. Reloads fade views in
-- and out with the same spring.
local spring = { curve = "spring", damping = 30 / (2 * math.sqrt(250)), response = 2 * math.pi / math.sqrt(250) }

local function push(e, p, boost)
  local v, f = e.visibleFrame, e.frame
  local dx = (f[1] + f[3] / 2) - (v[1] + v[3] / 2)
  local dy = (f[2] + f[4] / 2) - (v[2] + v[4] / 2)
  local rx = math.min(math.abs(dx * p.sensitivityX) / 1000, 1)
  local ry = math.min(math.abs(dy * p.sensitivityY) / 1000, 1)
  return e.velocity[1] * boost * rx, e.velocity[2] * boost * ry
end

-- Descriptions are only read, so every one can share this `to`.
local rest = { tx = 0, ty = 0 }

local function springBack(x, y)
  if x == 0 and y == 0 then return nil end
  return { from = { tx = x, ty = y }, to = rest,
           curve = spring.curve, damping = spring.damping, response = spring.response }
end


return {
  name = "wobble",
  params = { sensitivityX = 1, sensitivityY = 1 },
  insert = function(e, p)
    if e.isReloading then
      if e.reloadCount == 0 or not e.onScreen then return nil end
      return { from = { alpha = 0 }, curve = spring.curve, damping = spring.damping, response = spring.response }
    end
    return springBack(push(e, p, 8))
  end,
  delete = function(e, p)
    if not (e.isReloading and e.onScreen) then return nil end
    return { to = { alpha = 0 }, curve = spring.curve, damping = spring.damping, response = spring.response }
  end,
  update = function(e, p)
    local o, f = e.oldFrame, e.frame
    if o and (o[1] ~= f[1] or o[2] ~= f[2] or o[3] ~= f[3] or o[4] ~= f[4]) then
      return { curve = spring.curve, damping = spring.damping, response = spring.response }
    end
  end,
  scroll = function(e, p) return springBack(push(e, p, 1)) end,
}
