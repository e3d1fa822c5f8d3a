-- Camera runs for recorded footage. The recorder writes reel.json into the world folder:
--   { scene = "parkour" | "flyover" | "coaster", seconds, seed, biomes = {...}, time_of_day }
-- The mod finds a start in one of the biomes, generates the area, builds the course, writes "ready",
-- waits for the recorder's "go", then moves the camera along the run and writes "done" at its end.
-- Everything is a function of the seed: the same recipe gives the same run.

local world = minetest.get_worldpath()
local function read_file(name)
  local f = io.open(world .. "/" .. name, "r")
  if not f then return nil end
  local text = f:read("*a")
  f:close()
  return text
end
local function write_file(name, text)
  local f = io.open(world .. "/" .. name, "w")
  f:write(text)
  f:close()
end

-- Nothing written over the picture: no join or leave line in the chat.
minetest.send_join_message = function() end
minetest.send_leave_message = function() end
minetest.get_server_status = function() return "" end

local cfg = minetest.parse_json(read_file("reel.json") or "{}") or {}
local scene = cfg.scene or "parkour"
local seconds = tonumber(cfg.seconds) or 30
local rng = PcgRandom(tonumber(cfg.seed) or 1)

local AIR_LIKE = { air = true, ignore = true }
local function solid_top(x, z, top)
  for y = top or 120, -20, -1 do
    local name = minetest.get_node({ x = x, y = y, z = z }).name
    if not AIR_LIKE[name] then
      return y, name
    end
  end
  return -20, "air"
end

-- A start in one of the wanted biomes: a spiral over the noise (no map generation needed).
local function find_start()
  local wanted = {}
  for _, name in ipairs(cfg.biomes or {}) do wanted[name] = true end
  if next(wanted) == nil then return { x = 0, z = 0 } end
  local step = 96
  for ring = 0, 40 do
    for i = -ring, ring do
      for _, p in ipairs({ { i, -ring }, { i, ring }, { -ring, i }, { ring, i } }) do
        local pos = { x = p[1] * step, y = 12, z = p[2] * step }
        -- The spot and four around it 64 blocks away: the run stays in that landscape for a while.
        local all = true
        for _, o in ipairs({ { 0, 0 }, { 64, 0 }, { -64, 0 }, { 0, 64 }, { 0, -64 } }) do
          local data = minetest.get_biome_data({ x = pos.x + o[1], y = 12, z = pos.z + o[2] })
          if not (data and wanted[minetest.get_biome_name(data.biome)]) then all = false; break end
        end
        if all then
          return { x = pos.x, z = pos.z }
        end
      end
    end
  end
  return { x = 0, z = 0 }
end

-- Reads the ground at (x, z) after generating the map there (defined with the map generation below).
local ground_at

local DIRS = { { x = 0, z = 1 }, { x = 1, z = 0 }, { x = 0, z = -1 }, { x = -1, z = 0 } }

---------------------------------------------------------------- parkour
local PARKOUR_BLOCKS = {
  "wool:red", "wool:yellow", "wool:blue", "wool:white", "wool:magenta", "wool:orange",
  "default:goldblock", "default:diamondblock", "wool:cyan", "default:ice", "wool:green", "wool:pink",
}

-- The highest ground (tree tops included) within `r` blocks of (x, z).
local function top_around(x, z, r)
  local top = -20
  for dx = -r, r, r do
    for dz = -r, r, r do
      top = math.max(top, ground_at(x + dx, z + dz))
    end
  end
  return top
end

-- The course: blocks 2-4 apart with a sidestep now and then, turning every so often; its height keeps
-- 4-7 blocks over the trees below and never steps more than one block up or down from one block to the next.
local function plan_parkour(start, count)
  local pts, x, z, dir = {}, start.x, start.z, rng:next(0, 3)
  local straight = 0
  for i = 1, count do
    pts[i] = { x = x, z = z, node = PARKOUR_BLOCKS[rng:next(1, #PARKOUR_BLOCKS)] }
    pts[i].ground = top_around(x, z, 2)
    straight = straight + 1
    if straight > 6 and rng:next(1, 8) == 1 then
      dir = (dir + ({ 1, 3 })[rng:next(1, 2)]) % 4
      straight = 0
    end
    local d = DIRS[dir + 1]
    local gap = rng:next(2, 4)
    local side = ({ -1, 0, 0, 0, 1 })[rng:next(1, 5)]
    x = x + d.x * gap + d.z * side
    z = z + d.z * gap + d.x * side
  end
  for i = 1, count do
    local need = -20
    for k = math.max(1, i - 1), math.min(count, i + 1) do need = math.max(need, pts[k].ground) end
    pts[i].y = need + 4 + math.floor(1.5 + 1.5 * math.sin(i * 0.45))
  end
  for i = 2, count do pts[i].y = math.max(pts[i].y, pts[i - 1].y - 1) end
  for i = count - 1, 1, -1 do pts[i].y = math.max(pts[i].y, pts[i + 1].y - 1) end
  return pts
end

-- Hop timings: a hop over a longer gap takes a little longer; the top of the arc is over a block's height.
local function parkour_timeline(pts)
  local t, hops = 0, {}
  for i = 1, #pts - 1 do
    local a, b = pts[i], pts[i + 1]
    local dist = math.sqrt((b.x - a.x) ^ 2 + (b.z - a.z) ^ 2)
    local dur = 0.42 + dist * 0.075
    hops[i] = { t0 = t, dur = dur, a = a, b = b }
    t = t + dur
  end
  return hops
end

---------------------------------------------------------------- coaster
-- A rail track on posts: climbs, drops and turns above the trees; the camera rides it in a cart.
local function plan_coaster(start, count)
  local cells, x, z, dir = {}, start.x, start.z, rng:next(0, 3)
  local y = ground_at(x, z) + 8
  local phase, run = "climb", rng:next(10, 16)
  local straight = 0
  for i = 1, count do
    local ground = ground_at(x, z)
    local dy = 0
    if phase == "climb" then dy = (i % 2 == 0) and 1 or 0 end
    if phase == "drop" then dy = -1 end
    if y + dy < ground + 3 then dy = 1; phase = "climb"; run = rng:next(8, 14) end
    y = y + dy
    cells[#cells + 1] = { x = x, y = y, z = z }
    run = run - 1
    if run <= 0 then
      local r = rng:next(1, 3)
      phase = (phase == "climb") and "drop" or (r == 1 and "flat" or (r == 2 and "climb" or "drop"))
      run = rng:next(6, 16)
    end
    straight = straight + 1
    if phase ~= "drop" and dy == 0 and straight > 8 and rng:next(1, 5) == 1 then
      dir = (dir + ({ 1, 3 })[rng:next(1, 2)]) % 4
      straight = 0
    end
    local d = DIRS[dir + 1]
    x, z = x + d.x, z + d.z
  end
  return cells
end

---------------------------------------------------------------- flyover
local function flyover_at(start, t)
  local speed = tonumber(cfg.speed) or 9
  local yaw = 0.35 * math.sin(t * 0.11) + 0.2 * math.sin(t * 0.043 + 1.3) + (cfg.heading or 0)
  -- Integrate the heading in closed form steps of 0.1 s (deterministic for the same t).
  local x, z = start.x, start.z
  local n = math.floor(t / 0.1)
  for k = 0, n - 1 do
    local tk = k * 0.1
    local yk = 0.35 * math.sin(tk * 0.11) + 0.2 * math.sin(tk * 0.043 + 1.3) + (cfg.heading or 0)
    x = x - math.sin(yk) * speed * 0.1
    z = z + math.cos(yk) * speed * 0.1
  end
  return x, z, yaw
end

---------------------------------------------------------------- set-up
local ready, started, finished = false, false, false
local t = 0
local run = {}

local function hide_hud(player)
  player:hud_set_flags({
    hotbar = false, crosshair = false, wielditem = false, healthbar = false,
    breathbar = false, minimap = false, minimap_radar = false, basic_debug = false,
  })
  player:set_physics_override({ speed = 0, jump = 0, gravity = 0, sneak = false })
  player:set_properties({ visual_size = { x = 0, y = 0 }, pointable = false })
  player:set_clouds({ density = tonumber(cfg.clouds) or 0.3, height = 180, thickness = 12 })
  player:set_inventory_formspec("")
  minetest.set_timeofday(tonumber(cfg.time_of_day) or 0.45)
end

-- Map generation on demand: the planners call need(x, z) before reading the ground there; it generates
-- the 80-block column of chunks holding that spot (once) and resumes the planner when it is ready.
local CELL = 80
local generated = {}
local function cell_of(v) return math.floor((v + 32) / CELL) end
local planner
local function need(x, z)
  local cx, cz = cell_of(x), cell_of(z)
  local id = cx .. ":" .. cz
  if generated[id] then return end
  local minp = { x = cx * CELL - 32, y = -32, z = cz * CELL - 32 }
  local maxp = { x = minp.x + CELL - 1, y = 127, z = minp.z + CELL - 1 }
  minetest.emerge_area(minp, maxp, function(_, _, remaining)
    if remaining == 0 and not generated[id] then
      generated[id] = true
      local ok, err = coroutine.resume(planner)
      if not ok then error(err) end
    end
  end)
  coroutine.yield()
end
ground_at = function(x, z)
  need(x, z)
  return (solid_top(x, z))
end

local function build(player)
  local start = find_start()
  minetest.log("action", ("[reel] %s starts at %d,%d in %s"):format(scene, start.x, start.z,
    minetest.get_biome_name(minetest.get_biome_data({ x = start.x, y = 12, z = start.z }).biome)))
  player:set_pos({ x = start.x, y = 90, z = start.z })
  planner = coroutine.create(function()
    if scene == "parkour" then
      run.points = plan_parkour(start, math.floor(seconds * 2.2) + 8)
      for _, p in ipairs(run.points) do minetest.set_node(p, { name = p.node }) end
      run.hops = parkour_timeline(run.points)
      local a = run.points[1]
      player:set_pos({ x = a.x, y = a.y + 0.5, z = a.z })
    elseif scene == "coaster" then
      run.cells = plan_coaster(start, math.floor(seconds * 11) + 40)
      for i, c in ipairs(run.cells) do
        minetest.set_node(c, { name = "carts:powerrail" })
        -- A plank bed and posts under level track only: on a slope the bed would stand in front of the rail below.
        local prev, nxt = run.cells[i - 1] or c, run.cells[i + 1] or c
        local level = prev.y == c.y and nxt.y == c.y
        if level then minetest.set_node({ x = c.x, y = c.y - 1, z = c.z }, { name = "default:wood" }) end
        if level and i % 4 == 0 then
          for y = c.y - 2, solid_top(c.x, c.z, c.y - 2) + 1, -1 do
            minetest.set_node({ x = c.x, y = y, z = c.z }, { name = "default:fence_wood" })
          end
        end
      end
      local c = run.cells[1]
      player:set_pos({ x = c.x, y = c.y + 0.1, z = c.z })
    else
      run.start = start
      -- The ground under and ahead of the whole flight, sampled every 4 s of it.
      for k = 0, math.ceil(seconds / 4) + 2 do
        local x, z = flyover_at(start, k * 4)
        ground_at(math.floor(x), math.floor(z))
      end
      local x, z = flyover_at(start, 0)
      player:set_pos({ x = x, y = solid_top(math.floor(x), math.floor(z)) + 30, z = z })
    end
    ready = true
    write_file("ready", "1")
  end)
  local ok, err = coroutine.resume(planner)
  if not ok then error(err) end
end

minetest.register_on_joinplayer(function(player)
  hide_hud(player)
  build(player)
end)

---------------------------------------------------------------- camera
-- The camera rides an invisible entity. The entity is steered by its velocity, which the client follows
-- frame by frame between the server's updates, so the picture moves smoothly in every recorded frame.
minetest.register_entity("reel:rig", {
  initial_properties = {
    physical = false,
    collide_with_objects = false,
    pointable = false,
    visual = "sprite",
    visual_size = { x = 0, y = 0 },
    textures = { "blank.png" },
    is_visible = false,
    static_save = false,
  },
})

local last_wanted
-- Before "go" the view sways a hair, so that every frame the game draws differs from the last one and the
-- recorder can count how many it draws a second.
local warm = 0
local function sway()
  if started then return 0 end
  warm = warm + 1
  return 0.01 * math.sin(warm * 0.7)
end
local function move_to(player, pos, dtime)
  if not run.rig or not run.rig:get_pos() then
    run.rig = minetest.add_entity(pos, "reel:rig")
    player:set_attach(run.rig, "", { x = 0, y = 0, z = 0 }, { x = 0, y = 0, z = 0 })
    last_wanted = pos
    return
  end
  if dtime <= 0 then
    run.rig:set_pos(pos)
    run.rig:set_velocity({ x = 0, y = 0, z = 0 })
    last_wanted = pos
    return
  end
  -- Feed forward the path's own speed, and pull in what the entity drifted off by over a fifth of a second.
  local cur = run.rig:get_pos()
  local v = {
    x = (pos.x - last_wanted.x) / dtime + (pos.x - cur.x) / 0.2,
    y = (pos.y - last_wanted.y) / dtime + (pos.y - cur.y) / 0.2,
    z = (pos.z - last_wanted.z) / dtime + (pos.z - cur.z) / 0.2,
  }
  run.rig:set_velocity(v)
  last_wanted = pos
end
local yaw, pitch, height = nil, nil, nil
local function smooth_angle(current, want, rate)
  if current == nil then return want end
  local d = (want - current + math.pi) % (2 * math.pi) - math.pi
  return current + d * rate
end

local function parkour_pose(tt)
  local hops = run.hops
  for i = 1, #hops do
    local h = hops[i]
    if tt < h.t0 + h.dur then
      local s = math.max(0, (tt - h.t0) / h.dur)
      local a, b = h.a, h.b
      local rise = math.max(0, b.y - a.y)
      local pos = {
        x = a.x + (b.x - a.x) * s,
        y = a.y + 0.5 + (b.y - a.y) * s + (1.15 + rise * 0.5) * 4 * s * (1 - s),
        z = a.z + (b.z - a.z) * s,
      }
      local c = hops[i + 2] and hops[i + 2].a or b
      return pos, c
    end
  end
  return nil
end

-- Position along the track by arc length, with the speed a cart would have (slow up, fast down).
local function coaster_pose(dist)
  local cells = run.cells
  local i = math.floor(dist) + 1
  local s = dist - (i - 1)
  local a, b = cells[i], cells[i + 1]
  if not b then return nil end
  local ahead = cells[math.min(#cells, i + 5)]
  return { x = a.x + (b.x - a.x) * s, y = a.y + (b.y - a.y) * s + 0.6, z = a.z + (b.z - a.z) * s }, ahead
end

minetest.register_globalstep(function(dtime)
  if not ready or finished then return end
  local player = minetest.get_connected_players()[1]
  if not player then return end
  -- Until "go", hold the run's first pose (the first grabbed frame already looks where the run goes).
  local rate = math.min(1, dtime * 3.5)
  if not started then
    if read_file("go") then started = true else dtime = 0; rate = 1 end
  end
  t = t + dtime
  if scene == "parkour" then
    local pos, target = parkour_pose(t)
    if not pos then finished = true; write_file("done", "1"); return end
    move_to(player, pos, dtime)
    local eye = { x = pos.x, y = pos.y + 1.5, z = pos.z }
    yaw = smooth_angle(yaw, math.atan2(-(target.x - eye.x), target.z - eye.z), rate)
    local flat = math.max(1, math.sqrt((target.x - eye.x) ^ 2 + (target.z - eye.z) ^ 2))
    local want_pitch = math.atan2(eye.y - (target.y + 0.5), flat) + 0.12
    pitch = pitch and (pitch + (want_pitch - pitch) * rate) or want_pitch
    player:set_look_horizontal(yaw + sway())
    player:set_look_vertical(pitch)
  elseif scene == "coaster" then
    run.dist = run.dist or 0
    run.top = run.top or run.cells[1].y
    local pos, ahead = coaster_pose(run.dist)
    if not pos or t > seconds + 3 then finished = true; write_file("done", "1"); return end
    run.top = math.max(run.top, pos.y)
    local speed = math.max(4.5, math.sqrt(2 * 9.8 * math.max(0, run.top - pos.y) + 20))
    if speed > 16 then speed = 16 end
    run.dist = run.dist + speed * dtime
    move_to(player, pos, dtime)
    yaw = smooth_angle(yaw, math.atan2(-(ahead.x - pos.x), ahead.z - pos.z), rate)
    local flat = math.max(1, math.sqrt((ahead.x - pos.x) ^ 2 + (ahead.z - pos.z) ^ 2))
    local want_pitch = math.atan2((pos.y + 1.5) - (ahead.y + 1.0), flat)
    pitch = pitch and (pitch + (want_pitch - pitch) * rate) or want_pitch
    player:set_look_horizontal(yaw + sway())
    player:set_look_vertical(pitch)
  else
    if t > seconds + 3 then finished = true; write_file("done", "1"); return end
    local x, z, want_yaw = flyover_at(run.start, t)
    -- Fly about 26 blocks over the highest ground ahead, eased so the camera glides.
    local top = -20
    for k = 0, 6 do
      local ax = x - math.sin(want_yaw) * k * 6
      local az = z + math.cos(want_yaw) * k * 6
      top = math.max(top, (solid_top(math.floor(ax), math.floor(az))))
    end
    local want_height = math.max(top, 0) + (tonumber(cfg.altitude) or 26)
    height = height and (height + (want_height - height) * math.min(1, dtime * 0.8)) or want_height
    move_to(player, { x = x, y = height, z = z }, dtime)
    yaw = smooth_angle(yaw, want_yaw, rate)
    player:set_look_horizontal(yaw + sway())
    player:set_look_vertical(tonumber(cfg.pitch) or 0.32)
  end
end)
