-- Camera runs for recorded footage. The recorder writes reel.json into the world folder:
--   { scene = "parkour" | "flyover" | "coaster" | "runner" | "tunnel" | "city" | "marbles" | "soccer" | "islands" | "rave"
--     | "cube" | "machines",
--     seconds, seed, biomes = {...}, time_of_day, clouds, and the scene's own settings }
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

-- Every large build edits the generated map through this: one VoxelManip over the box, `edit(data, area)` changes
-- the content ids in place, and the result is written back with its light.
local function edit_map(minp, maxp, edit)
  local vm = minetest.get_voxel_manip()
  local emin, emax = vm:read_from_map(minp, maxp)
  local data = vm:get_data()
  edit(data, VoxelArea:new({ MinEdge = emin, MaxEdge = emax }))
  vm:set_data(data)
  vm:write_to_map(true)
end

-- The content ids of water, which a build holds back with stone or fills under itself.
local function liquid_ids()
  local ids = {}
  for _, name in ipairs({ "default:water_source", "default:water_flowing", "default:river_water_source",
    "default:river_water_flowing" }) do ids[minetest.get_content_id(name)] = true end
  return ids
end

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
-- It heads one way overall: a turn leaves that heading to the left or right and the next turn comes back to it, so
-- the course never crosses itself (a later hop through an earlier block put the camera inside it: black frames).
local function plan_parkour(start, count)
  local pts, x, z = {}, start.x, start.z
  local heading = rng:next(0, 3)
  local dir, straight = heading, 0
  for i = 1, count do
    pts[i] = { x = x, z = z, node = PARKOUR_BLOCKS[rng:next(1, #PARKOUR_BLOCKS)] }
    pts[i].ground = top_around(x, z, 2)
    straight = straight + 1
    if straight > 6 and rng:next(1, 8) == 1 then
      dir = dir == heading and (heading + ({ 1, 3 })[rng:next(1, 2)]) % 4 or heading
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

---------------------------------------------------------------- runner
-- A railway cutting through the landscape along +z: three lanes of rail on a gravel bed, trains parked in the
-- lanes the runner is not in, barriers to jump in the one it is, and rows of spinning gold to pick up.
local LANE_GAP = 4
local RUN_SPEED = 9.5
local SWITCH_S = 0.32
local JUMP_S = 0.62
local TRAIN_COLOURS = {
  "wool:red", "wool:blue", "wool:yellow", "wool:green", "wool:orange", "wool:cyan", "wool:magenta", "wool:white",
}

local function lane_x(start, lane) return start.x + (lane - 2) * LANE_GAP end

-- The run as plain numbers (distances along the track from its start): where the runner changes lanes, where it
-- jumps, where the gold lies and where the trains stand.
local function plan_runner(length)
  local switches, lanes = {}, { { from = 0, lane = 2 } }
  local at, lane = rng:next(24, 34), 2
  while at < length - 20 do
    local to = lane == 1 and 2 or (lane == 3 and 2 or ({ 1, 3 })[rng:next(1, 2)])
    switches[#switches + 1] = { at = at, from = lane, to = to }
    lanes[#lanes + 1] = { from = at, lane = to }
    lane = to
    at = at + rng:next(26, 44)
  end
  local function lane_at(d)
    local l = 2
    for _, seg in ipairs(lanes) do if seg.from <= d then l = seg.lane end end
    return l
  end
  local function near_switch(d, margin)
    for _, sw in ipairs(switches) do if math.abs(sw.at - d) < margin then return true end end
    return false
  end
  -- Barriers in the runner's lane, clear of the lane changes; gold in rows between them.
  local barriers, coins = {}, {}
  local d = 18
  while d < length - 10 do
    if not near_switch(d, 9) then
      barriers[#barriers + 1] = { at = d, lane = lane_at(d) }
      d = d + rng:next(16, 26)
    else
      d = d + 4
    end
  end
  for i = 0, #barriers do
    local a = (barriers[i] and barriers[i].at or 6) + 5
    local b = (barriers[i + 1] and barriers[i + 1].at or length - 6) - 5
    local row = a + rng:next(0, 3)
    for k = 0, 5 do
      local cd = row + k * 2
      if cd > b then break end
      coins[#coins + 1] = { at = cd, lane = lane_at(cd) }
    end
  end
  -- Where each lane is taken by the runner (a lane change passes through both lanes around it).
  local busy = { {}, {}, {} }
  for i, seg in ipairs(lanes) do
    local to = lanes[i + 1] and lanes[i + 1].from or length + 20
    table.insert(busy[seg.lane], { seg.from - 10, to + 10 })
  end
  local function free(l, a, b)
    for _, span in ipairs(busy[l]) do if a < span[2] and b > span[1] then return false end end
    return true
  end
  local trains = {}
  for l = 1, 3 do
    local z = rng:next(8, 20)
    while z < length + 30 do
      local len = rng:next(10, 18)
      if free(l, z, z + len) then
        trains[#trains + 1] = { lane = l, from = z, to = z + len, colour = TRAIN_COLOURS[rng:next(1, #TRAIN_COLOURS)] }
        z = z + len + rng:next(6, 20)
      else
        z = z + 4
      end
    end
  end
  return { switches = switches, barriers = barriers, coins = coins, trains = trains }
end

-- Cuts the railway into the generated map in one pass: a level bed at `base`, the cutting above it cleared
-- (its walls are the hills it goes through, water held back by stone), an embankment under it over low ground.
local function build_runner(start, base, length, plan)
  local minp = { x = start.x - 10, y = base - 30, z = start.z - 12 }
  local maxp = { x = start.x + 10, y = base + 18, z = start.z + length + 40 }
  edit_map(minp, maxp, function(data, area)
    local id = minetest.get_content_id
    local AIR, GRAVEL, STONE, COBBLE, RAIL = id("air"), id("default:gravel"), id("default:stone"),
      id("default:cobble"), id("carts:rail")
    local liquid = liquid_ids()
    for z = minp.z, maxp.z do
      for x = minp.x, maxp.x do
        local inside = math.abs(x - start.x) <= 8
        for y = minp.y, maxp.y do
          local i = area:index(x, y, z)
          if y > base then
            if inside then data[i] = AIR elseif liquid[data[i]] then data[i] = STONE end
          elseif y == base then
            data[i] = inside and GRAVEL or (liquid[data[i]] and STONE or data[i])
          elseif inside and (data[i] == AIR or liquid[data[i]]) then
            data[i] = COBBLE
          end
        end
      end
    end
    for lane = 1, 3 do
      for z = minp.z, maxp.z do data[area:index(lane_x(start, lane), base + 1, z)] = RAIL end
    end
    -- A low wall along both sides, lamp posts every 12 blocks and a steel gantry over the line every 48: the
    -- things flashing past that make the speed readable.
    local WALL, POST, BEAM = id("default:stonebrick"), id("default:fence_wood"), id("default:steelblock")
    local LIGHT = id("default:meselamp")
    for z = minp.z, maxp.z do
      local rel = z - start.z
      for _, side in ipairs({ -1, 1 }) do
        local wall = area:index(start.x + side * 8, base + 1, z)
        if data[wall] == AIR then data[wall] = WALL end
        if rel % 12 == 0 or rel % 48 == 0 then
          local top = rel % 48 == 0 and 7 or 4
          for y = base + 1, base + top do data[area:index(start.x + side * 7, y, z)] = POST end
          if top == 4 then data[area:index(start.x + side * 7, base + 5, z)] = LIGHT end
        end
      end
      if rel % 48 == 0 then
        for x = start.x - 7, start.x + 7 do data[area:index(x, base + 8, z)] = BEAM end
      end
    end
    local WHITE, RED, DARK, ROOF, LAMP = id("wool:white"), id("wool:red"), id("default:obsidian"),
      id("default:steelblock"), id("default:meselamp")
    for _, b in ipairs(plan.barriers) do
      local x = lane_x(start, b.lane)
      for dx = -1, 1 do data[area:index(x + dx, base + 1, start.z + b.at)] = dx == 0 and WHITE or RED end
    end
    for _, tr in ipairs(plan.trains) do
      local x, body = lane_x(start, tr.lane), id(tr.colour)
      for z = start.z + tr.from, start.z + tr.to do
        for dx = -1, 1 do
          for dy = 1, 3 do
            local node = body
            if dy == 3 then node = ROOF
            elseif dy == 2 and dx ~= 0 and (z - tr.from) % 3 ~= 0 then node = DARK end
            data[area:index(x + dx, base + dy, z)] = node
          end
        end
      end
      -- Headlights on the end that faces the runner.
      data[area:index(x - 1, base + 1, start.z + tr.from)] = LAMP
      data[area:index(x + 1, base + 1, start.z + tr.from)] = LAMP
    end
  end)
end

-- The runner's feet `d` blocks down the track: lanes change with an eased sidestep, barriers are hopped.
local function runner_pose(start, base, plan, d)
  local x = lane_x(start, 2)
  local from_lane = 2
  for _, sw in ipairs(plan.switches) do
    local span = SWITCH_S * RUN_SPEED
    if d >= sw.at + span then
      from_lane = sw.to
    elseif d > sw.at then
      local s = (d - sw.at) / span
      s = s * s * (3 - 2 * s)
      return { x = lane_x(start, sw.from) + (lane_x(start, sw.to) - lane_x(start, sw.from)) * s, y = base + 0.5,
        z = start.z + d }, sw.to - sw.from
    else
      break
    end
  end
  x = lane_x(start, from_lane)
  local y = base + 0.5 + 0.06 * math.abs(math.sin(d * 0.95))
  local reach = JUMP_S * RUN_SPEED / 2
  for _, b in ipairs(plan.barriers) do
    if math.abs(d - b.at) < reach then
      local s = (d - (b.at - reach)) / (2 * reach)
      y = base + 0.5 + 1.35 * 4 * s * (1 - s)
    end
  end
  return { x = x, y = y, z = start.z + d }, 0
end

-- Gold that spins above the rails; it appears ahead of the runner and is gone once picked up or passed.
minetest.register_entity("reel:coin", {
  initial_properties = {
    physical = false,
    collide_with_objects = false,
    pointable = false,
    visual = "wielditem",
    textures = { "default:goldblock" },
    visual_size = { x = 0.22, y = 0.22 },
    automatic_rotate = 2.6,
    glow = 8,
    static_save = false,
  },
})

---------------------------------------------------------------- tunnel
-- A tube of coloured blocks high over the land at night, winding gently, with a ring of lamps every few blocks:
-- the camera races down its middle.
local TUNNEL_SPEED = 15
local TUNNEL_RADIUS = 5
local TUNNEL_BANDS = {
  "wool:red", "wool:orange", "wool:yellow", "wool:green", "wool:cyan", "wool:blue", "wool:violet", "wool:magenta",
}

-- The height the tube runs at (set once the ground along it is known).
local tunnel_sky = 60

-- The tube's middle `d` blocks along it (it runs along +z and sways in x and y).
local function tunnel_centre(start, d)
  return start.x + 7 * math.sin(d / 61) + 2 * math.sin(d / 23 + 1.1),
    tunnel_sky + 3 * math.sin(d / 53 + 0.4)
end

local function build_tunnel(start, length)
  local minp = { x = start.x - 20, y = tunnel_sky - 12, z = start.z - 6 }
  local maxp = { x = start.x + 20, y = tunnel_sky + 12, z = start.z + length + 20 }
  edit_map(minp, maxp, function(data, area)
    local id = minetest.get_content_id
    local AIR, LAMP, DARK = id("air"), id("default:meselamp"), id("default:obsidian")
    local colours = {}
    for i, name in ipairs(TUNNEL_BANDS) do colours[i] = id(name) end
    -- The colour of each six-block band, drawn from the seed (never twice in a row), so no stretch of the
    -- tube looks like another.
    local bands, last = {}, 0
    for k = 0, math.floor((maxp.z - minp.z) / 6) + 2 do
      local pick = rng:next(1, #colours - 1)
      if pick >= last then pick = pick + 1 end
      bands[k], last = colours[pick], pick
    end
    local r = TUNNEL_RADIUS
    for z = minp.z, maxp.z do
      local d = z - start.z
      local cx, cy = tunnel_centre(start, d)
      local ring = d % 6 == 0
      local band = bands[math.floor((z - minp.z) / 6)]
      -- A square-ish tube with cut corners: walls two blocks thick so the sway leaves no hole.
      for x = math.floor(cx) - r - 2, math.ceil(cx) + r + 2 do
        for y = math.floor(cy) - r - 2, math.ceil(cy) + r + 2 do
          local ax, ay = math.abs(x - cx), math.abs(y - cy)
          local edge = math.max(ax, ay) + 0.35 * math.min(ax, ay)
          local i = area:index(x, y, z)
          if edge < r then
            data[i] = AIR
          elseif edge < r + 2 then
            if ring then data[i] = LAMP
            elseif ay > ax then data[i] = (d % 2 == 0) and band or DARK
            else data[i] = band end
          end
        end
      end
    end
  end)
end

---------------------------------------------------------------- city
-- A grid of streets through blocks of towers, built on a level pad where the drive goes: the camera drives
-- down the streets at car height, turning left or right at some crossings, never back the way it came.
local CITY_BLOCK = 28
local STREET = 10
local DRIVE_SPEED = 11
local FACADES = {
  "default:brick", "default:sandstonebrick", "default:desert_stonebrick", "default:stonebrick", "default:silver_sandstone_brick",
  "wool:white", "wool:grey", "default:desert_sandstone_brick", "default:steelblock", "wool:orange", "wool:cyan",
}
local CAR_COLOURS = { "wool:red", "wool:blue", "wool:white", "wool:black", "wool:yellow", "wool:green", "wool:grey" }

-- The route as crossings (grid cells) from (0, 0): mostly on, now and then left or right, never twice through one.
local function plan_city(crossings)
  local route, seen = { { i = 0, j = 0 } }, { ["0:0"] = true }
  local dir, i, j = 1, 0, 0 -- DIRS index: 1 = +z
  for _ = 1, crossings do
    local options = { dir, dir, dir, (dir % 4) + 1, ((dir + 2) % 4) + 1 }
    local tries = 0
    repeat
      local pick = options[rng:next(1, #options)]
      local d = DIRS[pick]
      local ni, nj = i + d.x, j + d.z
      -- Stay within a band around the start so the city stays narrow, and never go backwards (-z).
      if not seen[ni .. ":" .. nj] and math.abs(ni) <= 3 and d.z >= 0 then
        dir, i, j = pick, ni, nj
        break
      end
      tries = tries + 1
    until tries > 20
    if tries > 20 then dir = 1; i, j = i, j + 1 end
    seen[i .. ":" .. j] = true
    route[#route + 1] = { i = i, j = j }
  end
  return route
end

local function crossing_pos(start, c)
  return start.x + c.i * CITY_BLOCK, start.z + c.j * CITY_BLOCK
end

-- The city is built tile by tile (one VoxelManip each, so memory stays small): tile (i, j) holds the crossing at
-- grid point (i, j), the two streets leaving it towards +x and +z, and the block of towers beyond them.
local function city_tiles(route)
  local tiles, list = {}, {}
  for _, c in ipairs(route) do
    for i = c.i - 1, c.i + 1 do
      for j = c.j - 1, c.j + 1 do
        local key = i .. ":" .. j
        if not tiles[key] then tiles[key] = true; list[#list + 1] = { i = i, j = j } end
      end
    end
  end
  return list
end

local function tile_box(start, base, tile)
  local half = STREET / 2
  local minp = { x = start.x + tile.i * CITY_BLOCK - half, y = base - 24, z = start.z + tile.j * CITY_BLOCK - half }
  return minp, { x = minp.x + CITY_BLOCK - 1, y = base + 48, z = minp.z + CITY_BLOCK - 1 }
end

-- Builds one tile: the level pad, asphalt with a dashed middle line, two or three towers of their own height and
-- facade (dark glass windows, a flat roof), lamp posts on the pavement and now and then a parked car.
local function build_city_tile(start, base, tile)
  local minp, maxp = tile_box(start, base, tile)
  edit_map(minp, maxp, function(data, area)
    local id = minetest.get_content_id
    local AIR, ROAD, WALK, FILL, LINE = id("air"), id("wool:dark_grey"), id("default:stone_block"),
      id("default:stone"), id("wool:white")
    local GLASS, LAMP, POST, ROOF = id("default:obsidian_glass"), id("default:meselamp"), id("default:fence_junglewood"),
      id("default:stone_block")
    local liquid = liquid_ids()
    local half = STREET / 2
    for z = minp.z, maxp.z do
      for x = minp.x, maxp.x do
        local gx, gz = x - minp.x, z - minp.z
        local on_x, on_z = gx < STREET, gz < STREET
        for y = minp.y, maxp.y do
          local i = area:index(x, y, z)
          if y > base then data[i] = AIR
          elseif y == base then
            if on_x or on_z then
              data[i] = ROAD
              if on_x and not on_z and gx == half and z % 4 < 2 then data[i] = LINE end
              if on_z and not on_x and gz == half and x % 4 < 2 then data[i] = LINE end
            else
              data[i] = WALK
            end
          elseif data[i] == AIR or liquid[data[i]] then data[i] = FILL end
        end
      end
    end
    local x0, z0 = minp.x + STREET + 1, minp.z + STREET + 1
    local x1, z1 = maxp.x - 1, maxp.z - 1
    local span = (x1 - x0) + 1
    local split_x = rng:next(1, 2) == 1
    local n = rng:next(2, 3)
    for k = 0, n - 1 do
      local from, to = math.floor(k * span / n), math.floor((k + 1) * span / n) - 1
      local h = rng:next(7, 34)
      local facade = id(FACADES[rng:next(1, #FACADES)])
      local ax, az, bx, bz = x0, z0, x1, z1
      if split_x then ax, bx = x0 + from, x0 + to else az, bz = z0 + from, z0 + to end
      for x = ax, bx do
        for z = az, bz do
          local wall = x == ax or x == bx or z == az or z == bz
          for y = base + 1, base + h do
            local i = area:index(x, y, z)
            if y == base + h then data[i] = ROOF
            elseif wall then
              local along = (x == ax or x == bx) and z or x
              local window = (y - base) % 3 ~= 1 and along % 3 ~= 0 and y > base + 1
              data[i] = window and GLASS or facade
            end
          end
        end
      end
    end
    for _, p in ipairs({ { x0 - 1, z0 - 1 }, { x1, z0 - 1 }, { x0 - 1, z1 }, { x0 - 1, math.floor((z0 + z1) / 2) },
      { math.floor((x0 + x1) / 2), z0 - 1 } }) do
      for y = base + 1, base + 4 do data[area:index(p[1], y, p[2])] = POST end
      data[area:index(p[1], base + 5, p[2])] = LAMP
    end
    -- Parked cars by the kerb of the two streets: four long, two wide, glass between the ends.
    for _, axis in ipairs({ "x", "z" }) do
      for s = STREET + 2, CITY_BLOCK - 6, 8 do
        if rng:next(1, 3) == 1 then
          local body = id(CAR_COLOURS[rng:next(1, #CAR_COLOURS)])
          -- By the kerb, clear of the lanes driven two blocks either side of the middle line.
          local across = rng:next(1, 2) == 1 and 0 or STREET - 2
          for a = 0, 3 do
            for w = 0, 1 do
              local x, z = minp.x + across + w, minp.z + s + a
              if axis == "x" then x, z = minp.x + s + a, minp.z + across + w end
              data[area:index(x, base + 1, z)] = body
              data[area:index(x, base + 2, z)] = (a == 0 or a == 3) and body or GLASS
            end
          end
        end
      end
    end
  end)
end

-- The car's path: the right-hand lane (two blocks right of the middle line) through every crossing, each turn a
-- rounded corner, as points with the distance along the path at each.
local function city_path(start, route)
  local pts = {}
  local function add(x, z)
    local last = pts[#pts]
    local d = last and last.d + math.sqrt((x - last.x) ^ 2 + (z - last.z) ^ 2) or 0
    pts[#pts + 1] = { x = x, z = z, d = d }
  end
  local function dir(a, b) return b.i - a.i, b.j - a.j end
  local function right(dx, dz) return dz * 2, -dx * 2 end
  local ux, uz = dir(route[1], route[2])
  local cx, cz = crossing_pos(start, route[1])
  local rx, rz = right(ux, uz)
  add(cx + rx, cz + rz)
  for k = 2, #route - 1 do
    local vx, vz = dir(route[k], route[k + 1])
    if vx ~= ux or vz ~= uz then
      local bx, bz = crossing_pos(start, route[k])
      local r1x, r1z = right(ux, uz)
      local r2x, r2z = right(vx, vz)
      local kx, kz = bx + r1x + r2x, bz + r1z + r2z
      local R = 7
      local p0x, p0z = kx - ux * R, kz - uz * R
      local p2x, p2z = kx + vx * R, kz + vz * R
      for n = 0, 12 do
        local s = n / 12
        add((1 - s) ^ 2 * p0x + 2 * (1 - s) * s * kx + s * s * p2x, (1 - s) ^ 2 * p0z + 2 * (1 - s) * s * kz + s * s * p2z)
      end
      ux, uz = vx, vz
    end
  end
  local ex, ez = crossing_pos(start, route[#route])
  rx, rz = right(ux, uz)
  add(ex + rx, ez + rz)
  return pts
end

-- The point `d` blocks along the path, or nil past its end.
local function city_point(pts, d)
  local lo, hi = 1, #pts
  if d > pts[hi].d then return nil end
  while hi - lo > 1 do
    local mid = math.floor((lo + hi) / 2)
    if pts[mid].d <= d then lo = mid else hi = mid end
  end
  local a, b = pts[lo], pts[hi]
  local s = (b.d > a.d) and (d - a.d) / (b.d - a.d) or 0
  return a.x + (b.x - a.x) * s, a.z + (b.z - a.z) * s
end

---------------------------------------------------------------- marbles
-- A marble run: a tower of ramps over a dark wall, each ramp rolling the other way with a hole at its end that
-- drops the marbles onto the next one. A train of coloured marbles rolls down it; the camera faces the tower
-- and follows them down.
local RAMP_W = 9
local RAMP_GAP = 3
local MARBLE_SPEED = 4.5
local MARBLE_FALL = math.sqrt(2 * RAMP_GAP / 20)
local MARBLE_SPACING = 1.3
local MARBLE_COLOURS = { "#ff3b30", "#ffcc00", "#34c759", "#0a84ff", "#ff2d92", "#ff9500", "#5ac8fa", "#af52de" }
local RAMP_COLOURS = { "wool:white", "wool:yellow", "wool:orange", "wool:red", "wool:magenta", "wool:violet",
  "wool:blue", "wool:cyan", "wool:green" }
local RAMP_TIME = RAMP_W / MARBLE_SPEED + MARBLE_FALL

minetest.register_entity("reel:marble", {
  initial_properties = {
    physical = false,
    collide_with_objects = false,
    pointable = false,
    visual = "sprite",
    textures = { "default_snowball.png" },
    -- The snowball fills the middle of its picture: at this size it reads as a marble about a block wide.
    visual_size = { x = 1.9, y = 1.9 },
    glow = 3,
    static_save = false,
  },
})

-- Where a marble is `tt` seconds after it set off from the top: rolling along a ramp, or falling to the next.
local function marble_pos(tower, tt)
  if tt < 0 then tt = 0 end
  local k = math.floor(tt / RAMP_TIME)
  if k >= tower.ramps - 1 then return nil end
  local s = tt - k * RAMP_TIME
  local floor_y = tower.top - k * RAMP_GAP
  local forward = k % 2 == 0
  local function x_at(u) return forward and tower.x0 + u or tower.x0 + RAMP_W - u end
  local roll = RAMP_W / MARBLE_SPEED
  if s < roll then
    -- A hair of bounce: marbles tick over the block seams.
    local u = s * MARBLE_SPEED
    return { x = x_at(u), y = floor_y + 0.95 + 0.03 * math.abs(math.sin(u * math.pi)), z = tower.z }
  end
  local f = s - roll
  return { x = x_at(RAMP_W) + (forward and 1 or -1) * 0.3 * f / MARBLE_FALL, y = floor_y + 0.95 - 10 * f * f,
    z = tower.z }
end

local function build_marbles(tower)
  local minp = { x = tower.x0 - 4, y = tower.bottom - 2, z = tower.z - 2 }
  local maxp = { x = tower.x0 + RAMP_W + 4, y = tower.top + 6, z = tower.z + 2 }
  edit_map(minp, maxp, function(data, area)
    local id = minetest.get_content_id
    local AIR, BACK, FRAME, LAMP = id("air"), id("wool:black"), id("default:steelblock"), id("default:meselamp")
    -- Clear the space in front of the wall, then the wall, the two pillars and the ramps.
    for y = minp.y, maxp.y do
      for x = minp.x, maxp.x do
        for z = minp.z, tower.z do data[area:index(x, y, z)] = AIR end
        data[area:index(x, y, tower.z + 1)] = (x == minp.x or x == maxp.x) and FRAME or BACK
      end
      for z = tower.z - 1, tower.z + 1 do
        data[area:index(tower.x0 - 2, y, z)] = FRAME
        data[area:index(tower.x0 + RAMP_W + 2, y, z)] = FRAME
      end
    end
    for k = 0, tower.ramps - 1 do
      local y = tower.top - k * RAMP_GAP
      local floor = id(RAMP_COLOURS[k % #RAMP_COLOURS + 1])
      local forward = k % 2 == 0
      -- The floor with a hole where the marbles leave it; a bumper and a lamp beyond the hole.
      for u = 0, RAMP_W - 1 do
        local x = forward and tower.x0 + u or tower.x0 + RAMP_W - u
        data[area:index(x, y, tower.z)] = floor
        data[area:index(x, y, tower.z - 1)] = floor
      end
      local stop = forward and tower.x0 + RAMP_W + 1 or tower.x0 - 1
      data[area:index(stop, y + 1, tower.z)] = LAMP
      data[area:index(stop, y, tower.z)] = FRAME
    end
  end)
end

---------------------------------------------------------------- soccer
-- Car soccer on a walled pitch: four box cars (two blue, two orange) chase a big ball and knock it towards the
-- other side's goal; the camera rides behind the first blue car looking at the ball. The play is a small physics
-- step of our own at a fixed 1/60 s, driven by the seed.
local PITCH_W, PITCH_L = 40, 64
local GOAL_W, GOAL_H = 12, 5
local BALL_R = 1.2
local CAR_SPEED = 13
local STEP = 1 / 60

minetest.register_entity("reel:ball", {
  initial_properties = {
    physical = false, collide_with_objects = false, pointable = false,
    visual = "sprite", textures = { "default_snowball.png" }, visual_size = { x = 5, y = 5 },
    static_save = false,
  },
})
minetest.register_entity("reel:car", {
  initial_properties = {
    physical = false, collide_with_objects = false, pointable = false,
    visual = "cube", textures = { "wool_blue.png", "wool_blue.png", "wool_blue.png", "wool_blue.png", "wool_blue.png",
      "wool_blue.png" },
    visual_size = { x = 1.6, y = 0.8, z = 2.6 },
    static_save = false,
  },
})

local function build_pitch(field)
  local minp = { x = field.x - PITCH_W / 2 - 6, y = field.base - 16, z = field.z - PITCH_L / 2 - 8 }
  -- Cleared high above the pitch, so no hillside hangs over it.
  local maxp = { x = field.x + PITCH_W / 2 + 6, y = field.base + 48, z = field.z + PITCH_L / 2 + 8 }
  edit_map(minp, maxp, function(data, area)
    local id = minetest.get_content_id
    local AIR, GRASS, FILL, LINE, WALL = id("air"), id("default:dirt_with_grass"), id("default:dirt"), id("wool:white"),
      id("default:glass")
    local STAND, BLUE, ORANGE, LAMP = id("wool:dark_grey"), id("wool:blue"), id("wool:orange"), id("default:meselamp")
    local liquid = liquid_ids()
    local hw, hl = PITCH_W / 2, PITCH_L / 2
    for z = minp.z, maxp.z do
      for x = minp.x, maxp.x do
        local dx, dz = x - field.x, z - field.z
        local inside = math.abs(dx) <= hw and math.abs(dz) <= hl
        local in_goal = math.abs(dx) <= GOAL_W / 2 and math.abs(dz) > hl and math.abs(dz) <= hl + 4
        for y = minp.y, maxp.y do
          local i = area:index(x, y, z)
          local h = y - field.base
          if h > 0 then
            data[i] = AIR
            local wall = (math.abs(dx) == hw + 1 and math.abs(dz) <= hl + 1) or (math.abs(dz) == hl + 1 and math.abs(dx) <= hw + 1)
            if wall and h <= 6 and not (in_goal or (math.abs(dz) == hl + 1 and math.abs(dx) <= GOAL_W / 2 and h <= GOAL_H)) then
              data[i] = WALL
            end
            -- The goals: a box behind each end, framed in the side's colour.
            if math.abs(dx) <= GOAL_W / 2 + 1 and math.abs(dz) > hl and math.abs(dz) <= hl + 5 and h <= GOAL_H + 1 then
              local frame = math.abs(dx) == GOAL_W / 2 + 1 or h == GOAL_H + 1 or math.abs(dz) == hl + 5
              if frame then data[i] = dz > 0 and ORANGE or BLUE end
            end
            -- Stands behind the walls on the long sides, stepping up, with lamps on top.
            local out = math.abs(dx) - hw - 1
            if out >= 2 and out <= 5 and math.abs(dz) <= hl and h <= out * 2 then
              data[i] = (h == out * 2 and z % 8 == 0) and LAMP or STAND
            end
          elseif h == 0 then
            local line = inside and (dz == 0 or math.abs(math.sqrt(dx * dx + dz * dz) - 7) < 0.5
              or math.abs(dx) == hw or math.abs(dz) == hl
              or (math.abs(math.abs(dz) - (hl - 8)) < 0.5 and math.abs(dx) <= 10)
              or (math.abs(math.abs(dx) - 10) < 0.5 and math.abs(dz) >= hl - 8))
            data[i] = line and LINE or (in_goal and (dz > 0 and ORANGE or BLUE) or GRASS)
          elseif data[i] == AIR or liquid[data[i]] then
            data[i] = FILL
          end
        end
      end
    end
  end)
end

-- One physics step of the match.
local function soccer_step(m)
  local hw, hl = PITCH_W / 2, PITCH_L / 2
  local b = m.ball
  b.vy = b.vy - 18 * STEP
  b.x, b.y, b.z = b.x + b.vx * STEP, b.y + b.vy * STEP, b.z + b.vz * STEP
  if b.y < BALL_R then
    b.y = BALL_R
    b.vy = math.abs(b.vy) * 0.55
    b.vx, b.vz = b.vx * 0.985, b.vz * 0.985
  end
  if math.abs(b.x) > hw - BALL_R then b.x = (hw - BALL_R) * (b.x > 0 and 1 or -1); b.vx = -b.vx * 0.8 end
  if math.abs(b.z) > hl - BALL_R then
    if math.abs(b.x) < GOAL_W / 2 - BALL_R and b.y < GOAL_H then
      -- A goal: a new kick-off from the middle, lobbed up.
      m.goals = m.goals + 1
      b.x, b.y, b.z = 0, 4, 0
      b.vx, b.vy, b.vz = rng:next(-40, 40) / 10, 9, rng:next(-30, 30) / 10
    else
      b.z = (hl - BALL_R) * (b.z > 0 and 1 or -1)
      b.vz = -b.vz * 0.8
    end
  end
  for _, c in ipairs(m.cars) do
    -- Aim at a spot just behind the ball as seen from the goal this car attacks.
    local gz = c.team == 1 and hl or -hl
    local ax, az = -b.x, gz - b.z
    local al = math.max(0.1, math.sqrt(ax * ax + az * az))
    local tx, tz = b.x - ax / al * (2.2 + c.lag), b.z - az / al * (2.2 + c.lag)
    local want = math.atan2(-(tx - c.x), tz - c.z)
    local turn = ((want - c.yaw + math.pi) % (2 * math.pi)) - math.pi
    c.yaw = c.yaw + math.max(-2.6 * STEP, math.min(2.6 * STEP, turn))
    local target = CAR_SPEED * (math.abs(turn) > 1.2 and 0.55 or 1)
    c.speed = c.speed + (target - c.speed) * math.min(1, STEP * 1.8)
    c.x = c.x - math.sin(c.yaw) * c.speed * STEP
    c.z = c.z + math.cos(c.yaw) * c.speed * STEP
    c.x = math.max(-hw + 1.3, math.min(hw - 1.3, c.x))
    c.z = math.max(-hl + 1.3, math.min(hl - 1.3, c.z))
    -- A touch: the ball flies off along the car's heading, now and then high.
    local dx, dz = b.x - c.x, b.z - c.z
    if dx * dx + dz * dz < (BALL_R + 1.3) ^ 2 and b.y < BALL_R + 1.2 and c.cool <= 0 then
      local fx, fz = -math.sin(c.yaw), math.cos(c.yaw)
      local power = c.speed * 1.35
      b.vx, b.vz = fx * power + dx * 0.8, fz * power + dz * 0.8
      b.vy = rng:next(3, 13)
      c.cool = 0.5
    end
    c.cool = c.cool - STEP
  end
  -- Cars bump instead of driving through each other.
  for i = 1, #m.cars do
    for j = i + 1, #m.cars do
      local a, c = m.cars[i], m.cars[j]
      local dx, dz = c.x - a.x, c.z - a.z
      local d = math.sqrt(dx * dx + dz * dz)
      if d < 2.6 and d > 0.001 then
        local push = (2.6 - d) / 2
        a.x, a.z = a.x - dx / d * push, a.z - dz / d * push
        c.x, c.z = c.x + dx / d * push, c.z + dz / d * push
      end
    end
  end
end

---------------------------------------------------------------- islands
-- A dreamscape: floating islands of grass, flowers and trees strung along a slow glide high over the land, water
-- pouring off their rims, under a sky of the recipe's colours. With `floor` the land below is hidden under an endless
-- floor (a checkerboard, or black lined with gold); `isles = "gold"` makes them of gold, obsidian and gems instead.
-- The camera drifts between the islands, past some, over others.
local ISLE_SPEED = 3.6
local ISLE_GAP = 20
-- Half the width of the map made ready either side of the glide: the islands', or the checkerboard's to the fog.
local ISLE_WIDTH, CHECKER_WIDTH = 64, 150
local ISLE_FLOWERS = {
  "flowers:rose", "flowers:tulip", "flowers:dandelion_yellow", "flowers:viola", "flowers:geranium",
  "flowers:dandelion_white", "flowers:chrysanthemum_green",
}

-- The glide's height (set once the ground below is known).
local isle_sky = 80

-- The glide's line `d` blocks along +z: x and the eye's height.
local function isle_path(start, d)
  return start.x + 6 * math.sin(d / 37) + 3 * math.sin(d / 17 + 0.7), isle_sky + 2.5 * math.sin(d / 29 + 0.3)
end

-- Islands beside the glide on alternating sides (now and then one below it to fly over, and a small one above).
local function plan_islands(start, length)
  local isles, side = {}, 1
  for d = 8, length + 50, ISLE_GAP do
    local cx = isle_path(start, d)
    local z = start.z + d + rng:next(-4, 4)
    if rng:next(1, 5) == 1 then
      -- Low enough that the camera glides over its tree tops.
        isles[#isles + 1] = { x = math.floor(cx + rng:next(-3, 3)), z = z, y = isle_sky - rng:next(17, 22),
        r = rng:next(6, 9), low = true, cx = cx }
    else
      if rng:next(1, 4) > 1 then side = -side end
      local r = rng:next(5, 11)
      isles[#isles + 1] = { x = math.floor(cx + side * (r + rng:next(5, 10))), z = z,
        y = isle_sky - rng:next(3, 12), r = r, cx = cx }
    end
    if rng:next(1, 3) == 1 then
      local r = rng:next(3, 5)
      isles[#isles + 1] = { x = math.floor(cx - side * (r + rng:next(4, 12))), z = z + rng:next(6, 12),
        y = isle_sky + rng:next(8, 14), r = r, small = true, cx = cx }
    end
  end
  for _, isle in ipairs(isles) do
    isle.phase, isle.phase2 = rng:next(0, 628) / 100, rng:next(0, 628) / 100
    isle.fall = not isle.small and rng:next(1, 2) == 1
  end
  return isles
end

-- The island's rim radius towards `angle`: lobed, so no island is a disc.
local function isle_rim(isle, angle)
  return isle.r * (1 + 0.16 * math.sin(3 * angle + isle.phase) + 0.09 * math.sin(5 * angle + isle.phase2))
end

-- The floor that hides the land: "checker" is black-and-white squares of four blocks; "gold" is polished black
-- lined with gold every eight blocks. Everything above it in the box is cleared.
local FLOORS = {
  checker = function(x, z)
    return ((math.floor(x / 4) + math.floor(z / 4)) % 2 == 0) and "wool:white" or "wool:black"
  end,
  gold = function(x, z)
    return (x % 8 == 0 or z % 8 == 0) and "default:goldblock" or "default:obsidian_block"
  end,
  -- Folds of silk: long soft waves crossing each other, lilac in the hollows, blush pink up the slopes, white on the
  -- crests (the block and its height over the floor).
  silk = function(x, z)
    local h = 3.5 + 2.2 * math.sin(x / 9 + z / 14) + 1.6 * math.sin(z / 6.5 - x / 17) + 0.8 * math.sin((x + z) / 4.3)
    h = math.max(0, math.min(8, math.floor(h + 0.5)))
    local name = (h <= 2 and "wool:violet") or (h <= 5 and "wool:pink") or "wool:white"
    return name, h
  end,
}
local function build_floor(minp, maxp, y, pattern)
  edit_map(minp, maxp, function(data, area)
    local ids = {}
    local AIR = minetest.get_content_id("air")
    for z = minp.z, maxp.z do
      for x = minp.x, maxp.x do
        -- A pattern gives the block and, for a floor with relief, its height over y.
        local name, height = pattern(x, z)
        local top = y + (height or 0)
        ids[name] = ids[name] or minetest.get_content_id(name)
        for yy = y, top do data[area:index(x, yy, z)] = ids[name] end
        for yy = top + 1, maxp.y do data[area:index(x, yy, z)] = AIR end
      end
    end
  end)
end

-- What the islands are made of: green ones with flowers, trees and waterfalls, or gold ones over obsidian set
-- with diamonds and mese crystals.
local ISLE_LOOKS = {
  green = { top = "default:dirt_with_grass", soil = "default:dirt", rock = "default:stone",
    fleck = "default:mossycobble", plants = true },
  gold = { top = "default:goldblock", soil = "default:goldblock", rock = "default:obsidian",
    fleck = "default:stone_with_diamond" },
  -- Pearl: white on top over blush pink and lilac, flecked with magenta.
  pearl = { top = "wool:white", soil = "wool:pink", rock = "wool:violet", fleck = "wool:magenta" },
}
local isle_look = ISLE_LOOKS[cfg.isles or "green"] or ISLE_LOOKS.green

-- Pearls drifting in the air around the glide (cfg.pearls): round white sprites, each bobbing and drifting on its own
-- slow swing; one left behind the camera comes back far ahead.
minetest.register_entity("reel:pearl", {
  initial_properties = {
    physical = false, collide_with_objects = false, pointable = false, visual = "sprite",
    textures = { "default_snowball.png^[multiply:#fff3f8" }, visual_size = { x = 1, y = 1 }, glow = 9,
    static_save = false,
  },
})
local PEARLS, PEARL_AHEAD = 44, 70
local function pearls_step(pearls, cam, tt)
  for k = 1, PEARLS do
    local p = pearls[k]
    if not p then
      p = { dx = rng:next(-160, 160) / 10, dy = rng:next(-80, 50) / 10, z = cam.z + 4 + (k / PEARLS) * PEARL_AHEAD,
        size = rng:next(60, 170) / 100, phase = rng:next(0, 628) / 100 }
      pearls[k] = p
    end
    if p.z < cam.z - 6 then
      p.z = p.z + PEARL_AHEAD + 12
      p.dx = rng:next(-160, 160) / 10
    end
    local pos = { x = cam.x + p.dx + 1.5 * math.sin(tt * 0.23 + p.phase), y = cam.y + p.dy + 0.8 * math.sin(tt * 0.41 + p.phase),
      z = p.z }
    if not p.obj then
      p.obj = minetest.add_entity(pos, "reel:pearl")
      if p.obj then p.obj:set_properties({ visual_size = { x = p.size, y = p.size } }) end
    end
    if p.obj then p.obj:set_pos(pos) end
  end
end

-- Planets far out to the sides: spheres in bands of colour, one of them ringed.
local PLANET_BANDS = {
  { "wool:orange", "wool:yellow", "wool:brown" },
  { "wool:cyan", "wool:blue", "wool:white" },
  { "wool:magenta", "wool:pink", "wool:violet" },
}
local function build_planets(start, length)
  local k = 0
  for d = 60, length + 100, 90 do
    k = k + 1
    local side = (k % 2 == 0) and 1 or -1
    local p = { x = start.x + side * rng:next(55, 90), y = isle_sky + rng:next(18, 34), z = start.z + d + rng:next(0, 40),
      r = rng:next(8, 13), bands = PLANET_BANDS[(k - 1) % #PLANET_BANDS + 1], ring = k % 3 == 1 }
    local reach = p.r + (p.ring and 9 or 1)
    edit_map({ x = p.x - reach, y = p.y - p.r - 1, z = p.z - reach }, { x = p.x + reach, y = p.y + p.r + 1, z = p.z + reach },
      function(data, area)
        local id = minetest.get_content_id
        local colours = {}
        for i, name in ipairs(p.bands) do colours[i] = id(name) end
        local RING = id("wool:white")
        for x = p.x - reach, p.x + reach do
          for y = p.y - p.r - 1, p.y + p.r + 1 do
            for z = p.z - reach, p.z + reach do
              local dx, dy, dz = x - p.x, y - p.y, z - p.z
              local dist = math.sqrt(dx * dx + dy * dy + dz * dz)
              local flat = math.sqrt(dx * dx + dz * dz)
              if dist <= p.r then
                -- Bands that wave a little round the sphere.
                local band = math.floor((dy + 2 * math.sin(math.atan2(dz, dx) * 2)) / 3) % #colours + 1
                data[area:index(x, y, z)] = colours[band]
              elseif p.ring and dy == 0 and flat > p.r + 3 and flat < p.r + 8 then
                data[area:index(x, y, z)] = RING
              end
            end
          end
        end
      end)
  end
end

-- Each island: a lobed top of grass with a little hump, a tapering underside of dirt and stone, flowers and
-- grass on top; trees and waterfalls are placed after.
local function build_isle(isle, bottom)
  local r = math.ceil(isle.r * 1.3)
  local minp = { x = isle.x - r - 1, y = isle.y - r * 2, z = isle.z - r - 1 }
  local maxp = { x = isle.x + r + 1, y = isle.y + 3, z = isle.z + r + 1 }
  local tops = {}
  edit_map(minp, maxp, function(data, area)
    local id = minetest.get_content_id
    local GRASS, DIRT, STONE = id(isle_look.top), id(isle_look.soil), id(isle_look.rock)
    local MOSS = id(isle_look.fleck)
    local GEMS = { id("default:diamondblock"), id("default:mese") }
    local flowers = {}
    for i, name in ipairs(ISLE_FLOWERS) do flowers[i] = id(name) end
    local tufts = {}
    for k = 1, 5 do tufts[k] = id("default:grass_" .. k) end
    for x = minp.x, maxp.x do
      for z = minp.z, maxp.z do
        local dx, dz = x - isle.x, z - isle.z
        local rim = isle_rim(isle, math.atan2(dz, dx))
        local dist = math.sqrt(dx * dx + dz * dz)
        if dist < rim then
          local k = 1 - dist / rim
          local top = isle.y + math.floor(k * 2.2)
          local depth = math.floor(k ^ 0.6 * isle.r * 1.5) + 1
          for y = math.max(minp.y, top - depth), top do
            local i = area:index(x, y, z)
            if y == top then data[i] = GRASS
            elseif y >= top - 2 then data[i] = DIRT
            else data[i] = (rng:next(1, 6) == 1) and MOSS or STONE end
          end
          tops[#tops + 1] = { x = x, y = top, z = z, k = k }
          local above = area:index(x, top + 1, z)
          local roll = rng:next(1, 100)
          if not isle_look.plants then
            -- Gems standing on the gold: now and then a diamond or a mese block.
            if roll <= 4 then data[above] = GEMS[roll % 2 + 1] end
          elseif roll <= 14 then data[above] = flowers[rng:next(1, #flowers)]
          elseif roll <= 40 then data[above] = tufts[rng:next(1, 5)] end
        end
      end
    end
  end)
  -- Trees on the larger islands' middles (never on one the camera flies over).
  if isle_look.plants and not isle.low and isle.r >= 5 then
    local inner = {}
    for _, p in ipairs(tops) do if p.k > 0.35 then inner[#inner + 1] = p end end
    local trees = isle.r >= 10 and 3 or (isle.r >= 8 and 2 or 1)
    for _ = 1, math.min(trees, #inner) do
      local p = inner[rng:next(1, #inner)]
      local pos = { x = p.x, y = p.y + 1, z = p.z }
      minetest.set_node(pos, { name = "air" })
      if rng:next(1, 3) == 1 then default.grow_new_aspen_tree(pos) else default.grow_new_apple_tree(pos) end
    end
  end
  -- A waterfall: a spring on the rim facing the glide, pouring down to the floor or the land below.
  if isle_look.plants and isle.fall then
    local toward = isle.low and rng:next(0, 628) / 100 or (isle.x > isle.cx and math.pi or 0)
    local best
    for _, p in ipairs(tops) do
      local a = math.atan2(p.z - isle.z, p.x - isle.x)
      local da = math.abs((a - toward + math.pi) % (2 * math.pi) - math.pi)
      if p.k < 0.18 and da < 0.5 and (not best or p.k < best.k) then best = p end
    end
    if best then
      local ox = best.x + ((best.x > isle.x) and 1 or (best.x < isle.x and -1 or 0))
      minetest.set_node({ x = best.x, y = best.y, z = best.z }, { name = "default:river_water_source" })
      minetest.set_node({ x = best.x, y = best.y + 1, z = best.z }, { name = "air" })
      for y = best.y, bottom, -1 do
        local pos = { x = ox, y = y, z = best.z }
        if minetest.get_node(pos).name ~= "air" then break end
        minetest.set_node(pos, { name = "default:river_water_flowing", param2 = 15 })
      end
    end
  end
end

---------------------------------------------------------------- rave
-- A rave in a dark hall: a crowd of dancers jumping and pumping their fists to a steady 128 bpm, a DJ at the decks
-- on a stage, a wall of coloured panels behind the DJ that changes its pattern on every beat, and laser beams
-- sweeping over the crowd. The camera pushes slowly through the crowd towards the stage at a dancer's eye height.
local RAVE_BEAT = 60 / 128
-- The hall: x from -RAVE_HW to RAVE_HW, z from 0 to RAVE_L (the stage at the far end), RAVE_H high.
local RAVE_HW, RAVE_L, RAVE_H = 15, 36, 9
local STAGE_Z = RAVE_L - 8
local RAVE_WALK = 0.45
-- How far into the hall the camera starts (nobody stands within two blocks ahead of it there).
local RAVE_START = 3
-- The player model's animations the dancers use, each played once a beat: a fist pumped in the air (Minetest
-- Game's "mine"), a step ("walk", two beats a cycle) and, for those who jump, standing.
local RAVE_MOVES = {
  fist = { frames = { x = 189, y = 198 }, fps = 10 / RAVE_BEAT },
  step = { frames = { x = 168, y = 187 }, fps = 10 / RAVE_BEAT },
  jump = { frames = { x = 0, y = 79 }, fps = 30 },
}
local RAVE_COLOURS = { "#ff2a6d", "#05d9e8", "#8a2cff", "#ff9f1c", "#2bff88", "#ffffff" }
-- Every panel gives the same light, so changing the wall's pattern never recomputes the hall's lighting.
for i, colour in ipairs(RAVE_COLOURS) do
  minetest.register_node("reel:panel_" .. i, {
    description = "Light panel", tiles = { "wool_white.png^[multiply:" .. colour },
    paramtype = "light", light_source = 12, groups = { not_in_creative_inventory = 1 }, drop = "",
  })
end
minetest.register_node("reel:panel_off", {
  description = "Light panel (dark)", tiles = { "wool_black.png" },
  paramtype = "light", light_source = 12, groups = { not_in_creative_inventory = 1 }, drop = "",
})
-- The dance floor: dark tiles giving a faint light of their own, so the crowd's feet and the floor between them
-- show in the dark.
minetest.register_node("reel:dance_floor", {
  description = "Dance floor", tiles = { "default_stone_block.png^[multiply:#7a7aa8" },
  paramtype = "light", light_source = 6, groups = { not_in_creative_inventory = 1 }, drop = "",
})
-- Lights set in the ceiling over the stage.
minetest.register_node("reel:ceiling_light", {
  description = "Ceiling light", tiles = { "wool_white.png^[multiply:#c04dff" },
  paramtype = "light", light_source = 13, groups = { not_in_creative_inventory = 1 }, drop = "",
})

minetest.register_entity("reel:dancer", {
  initial_properties = {
    physical = false, collide_with_objects = false, pointable = false,
    visual = "mesh", mesh = "character.b3d", textures = { "character.png" },
    visual_size = { x = 1, y = 1 }, glow = 4, static_save = false,
  },
})
minetest.register_entity("reel:laser", {
  initial_properties = {
    physical = false, collide_with_objects = false, pointable = false,
    visual = "cube", textures = { "blank.png", "blank.png", "blank.png", "blank.png", "blank.png", "blank.png" },
    visual_size = { x = 0.08, y = 0.08, z = 70 }, glow = 14, shaded = false, static_save = false,
  },
})

-- The wall's pattern on beat `b`: one of five, changing every bar, in two colours that change every bar too.
local function panel_at(x, y, b)
  local bar = math.floor(b / 4)
  local c1 = (bar * 2) % #RAVE_COLOURS + 1
  local c2 = (bar * 2 + 3) % #RAVE_COLOURS + 1
  local pattern = bar % 5
  local on
  if pattern == 0 then
    on = ((x + b * 2) % 6) < 3 and c1 or c2
  elseif pattern == 1 then
    on = ((y + b) % 3 == 0) and c1 or nil
  elseif pattern == 2 then
    on = (b % 2 == 0) and c1 or c2
  elseif pattern == 3 then
    on = ((x + y + b) % 2 == 0) and c1 or nil
  else
    on = ((math.abs(x) + math.abs(y - 5) - b * 2) % 6 < 3) and c1 or c2
  end
  return on and ("reel:panel_" .. on) or "reel:panel_off"
end

local function build_hall(hall)
  local minp = { x = hall.x - RAVE_HW - 1, y = hall.base - 1, z = hall.z - 1 }
  local maxp = { x = hall.x + RAVE_HW + 1, y = hall.base + RAVE_H + 1, z = hall.z + RAVE_L + 1 }
  edit_map(minp, maxp, function(data, area)
    local id = minetest.get_content_id
    local AIR, FLOOR, WALL, CEIL, LAMP = id("air"), id("reel:dance_floor"), id("wool:dark_grey"), id("wool:black"),
      id("reel:ceiling_light")
    local STAGE, DECK, SPEAKER, STRIP = id("wool:dark_grey"), id("default:obsidian_block"), id("default:coalblock"),
      id("reel:panel_2")
    local TRUSS, OFF = id("default:steelblock"), id("reel:panel_off")
    for z = minp.z, maxp.z do
      for x = minp.x, maxp.x do
        for y = minp.y, maxp.y do
          local i = area:index(x, y, z)
          local dx, dz, h = x - hall.x, z - hall.z, y - hall.base
          local edge = math.abs(dx) > RAVE_HW or dz < 0 or dz > RAVE_L
          if h <= 0 then
            data[i] = FLOOR
          elseif h >= RAVE_H then
            data[i] = (not edge and dz >= STAGE_Z - 2 and dx % 3 == 0 and dz % 3 == 0) and LAMP or CEIL
          elseif edge then
            -- Walls, with an upright strip of light every eight blocks along the sides.
            data[i] = (math.abs(dx) > RAVE_HW and dz % 8 == 4 and h >= 2 and h <= 8) and STRIP or WALL
          else
            data[i] = AIR
            -- The stage across the far end, a block high; the decks on it; speaker stacks either side.
            if dz >= STAGE_Z and h == 1 then data[i] = STAGE end
            -- Lighting trusses across the hall every eight blocks, hung a block under the ceiling, each with a row of
            -- lamps under it (their colours are set on every beat, see show_panels).
            if dz % 8 == 4 and dz < STAGE_Z and math.abs(dx) < RAVE_HW then
              if h == RAVE_H - 1 then data[i] = TRUSS end
              if h == RAVE_H - 2 and dx % 2 == 0 then data[i] = OFF end
            end
            if dz == STAGE_Z + 2 and math.abs(dx) <= 3 and h == 2 then data[i] = DECK end
            if math.abs(dx) >= 8 and math.abs(dx) <= 10 and dz >= STAGE_Z - 2 and dz <= STAGE_Z - 1 and h <= 4 then
              data[i] = SPEAKER
            end
          end
        end
      end
    end
  end)
end

-- Shows the wall's pattern for beat `b` (panels from x = -12 to 12, 2 blocks up to the ceiling, on the far wall)
-- and the trusses' lamps: a chase of the bar's colour running across each truss, one lamp in four lit, every other
-- truss running the other way.
local function show_panels(hall, b)
  for dx = -12, 12 do
    for h = 2, RAVE_H - 1 do
      minetest.swap_node({ x = hall.x + dx, y = hall.base + h, z = hall.z + RAVE_L }, { name = panel_at(dx, h, b) })
    end
  end
  local lit = "reel:panel_" .. (math.floor(b / 4) % #RAVE_COLOURS + 1)
  for dz = 4, STAGE_Z - 1, 8 do
    local dir = (dz % 16 == 4) and 1 or -1
    for dx = -RAVE_HW + 1, RAVE_HW - 1 do
      if dx % 2 == 0 then
        local on = (dx / 2 * dir + b) % 4 == 0
        minetest.swap_node({ x = hall.x + dx, y = hall.base + RAVE_H - 2, z = hall.z + dz },
          { name = on and lit or "reel:panel_off" })
      end
    end
  end
end

-- The camera's line through the crowd: x (from the hall's middle) where it is `d` blocks in.
local function rave_path(d) return 1.3 * math.sin(d / 6 + 0.4) end

-- How far from the camera's line dancers make way: the camera passes over their heads, so only enough that no head
-- fills the middle of the picture as it comes.
local RAVE_CLEAR = 0.8

-- Where a dancer stands (x from the hall's middle) when the camera is at `zr`: one on its line steps aside, out to
-- RAVE_CLEAR from it, over the last three blocks before the camera reaches them, and stays there.
local function rave_aside(p, zr)
  local line = rave_path(p.z)
  local off = p.x - line
  if math.abs(off) >= RAVE_CLEAR then return p.x end
  local ahead = p.z - zr
  local aside = ahead < 3 and math.min(1, (3 - ahead) / 2) or 0
  return p.x + (off >= 0 and 1 or -1) * (RAVE_CLEAR - math.abs(off)) * aside
end

-- The crowd: people a block or two apart over the floor before the stage. Each has
-- a move (a jump on the beat, a fist in the air, or a nod and step), its timing a little off the others'.
local function plan_crowd(hall)
  local crowd = {}
  for z = 1, STAGE_Z - 2, 1.35 do
    for x = -RAVE_HW + 1.2, RAVE_HW - 1.2, 1.25 do
      local px = x + rng:next(-30, 30) / 100
      local pz = z + rng:next(-30, 30) / 100
      -- Nobody right under the camera where it starts; those on its way step aside as it comes (see rave_aside).
      if (pz > RAVE_START + 1 or math.abs(px - rave_path(pz)) > RAVE_CLEAR) and rng:next(1, 20) <= 17 then
        local roll = rng:next(1, 10)
        crowd[#crowd + 1] = {
          x = px, z = pz,
          move = roll <= 4 and "jump" or (roll <= 8 and "fist" or "step"),
          lag = rng:next(-8, 8) / 100,
          -- Most face the stage; some turn a little to a friend.
          yaw = (rng:next(1, 5) == 1) and rng:next(-150, 150) / 100 or rng:next(-25, 25) / 100,
          -- Clothes of all colours: the skin tinted towards one, from plain to strong.
          tint = ({ "#101010:200", "#f0f0f0:150", "#d02040:150", "#2040d0:150", "#303030:120", "#e0a020:140",
            "#802080:150", "#ffffff:0" })[rng:next(1, 8)],
        }
      end
    end
  end
  return crowd
end

-- Lasers from the top of the stage fanning out over the crowd, sweeping side to side.
local RAVE_LASERS = 6
local function laser_pose(hall, k, tt)
  local side = (k % 2 == 0) and 1 or -1
  local origin = { x = hall.x + side * 6, y = hall.base + RAVE_H - 1.5, z = hall.z + STAGE_Z + 4 }
  local yaw = math.pi + side * (0.12 + 0.09 * k) + 0.35 * math.sin(tt * 0.9 + k * 1.3)
  -- Half of them fan up into the dark over the hall, half down over the crowd's heads.
  local pitch = (k <= RAVE_LASERS / 2 and -0.12 or 0.09) + 0.05 * math.sin(tt * 0.6 + k)
  local dir = { x = -math.sin(yaw) * math.cos(pitch), y = -math.sin(pitch), z = math.cos(yaw) * math.cos(pitch) }
  local half = 35
  return { x = origin.x + dir.x * half, y = origin.y + dir.y * half, z = origin.z + dir.z * half },
    { x = pitch, y = yaw, z = 0 }
end

---------------------------------------------------------------- cube
-- ASMR cube cutting: a long block holding a little world (grass over soil, sand, stone with ores, deep rock with
-- gems and glowing magma at the bottom; a pond, flowers and a tree at the far end) on a wooden board in a studio.
-- A knife comes down through the front, the cut slab tips over towards the camera and lies showing its strata, and
-- the board carries it away while the block glides one slab further. Every cut follows the drawn clip's schedule
-- (library/src/asmr/cube.ts, CUBE_SPANS), whose sound the recording keeps, so each crunch lands where it is seen.
local CUBE_W, CUBE_H = 16, 16
-- Seconds a cut takes (the recipe's: the drawn loop's length over its cuts).
local CUBE_CYCLE = tonumber(cfg.cycle) or 2
-- Shares of a cut, as in CUBE_SPANS: the glide, the knife going down, the slab tipping and the knife rising.
local CUBE_SLIDE, CUBE_CUT, CUBE_FALL = { 0, 0.3 }, { 0.35, 0.6 }, { 0.6, 1 }
-- The knife's height over the top at rest, in block heights (REST_DEPTH in cube.ts): it sets when the blade meets
-- the top. Above the top the knife is drawn nearer, at this share of that height, so at rest it does not hide the
-- block from a camera above it; through the block it moves exactly as the drawn one does.
local CUBE_REST = -0.55
local KNIFE_ABOVE = 0.35
local BLADE_H = 3
-- The strata from the top, one name a row, in cube.ts's LAYERS order (whose sounds play as the knife passes each);
-- the rows each takes come within a row of its depth there (grass 0.1, soil 0.22, sand 0.2, stone 0.18, deep rock
-- 0.15, magma 0.15), so each sound starts within a few milliseconds of its layer (library/test checks both).
local CUBE_ROWS = {
  "grass", "soil", "soil", "soil", "soil", "sand", "sand", "sand", "stone", "stone", "stone", "deep", "deep", "deep",
  "magma", "magma",
}
local CUBE_STRATA = {
  grass = { node = "default:dirt_with_grass", side = "default_grass_side.png" },
  soil = { node = "default:dirt", side = "default_dirt.png" },
  sand = { node = "default:sand", side = "default_sand.png" },
  stone = { node = "default:stone", side = "default_stone.png",
    ores = { { "coal", 12 }, { "iron", 7 }, { "copper", 5 }, { "gold", 3 } } },
  deep = { node = "reel:deep_rock", side = "default_desert_stone.png", ores = { { "diamond", 10 }, { "mese", 6 } } },
  magma = { node = "reel:magma", side = "default_lava.png" },
}
minetest.register_node("reel:deep_rock", {
  description = "Deep rock", tiles = { "default_desert_stone.png" }, groups = { not_in_creative_inventory = 1 },
  drop = "",
})
for _, ore in ipairs({ "diamond", "mese" }) do
  minetest.register_node("reel:deep_" .. ore, {
    description = "Deep rock with " .. ore, tiles = { "default_desert_stone.png^default_mineral_" .. ore .. ".png" },
    groups = { not_in_creative_inventory = 1 }, drop = "",
  })
end
-- Magma as a solid block that glows (lava itself would run out of every cut face).
minetest.register_node("reel:magma", {
  description = "Magma", tiles = { "default_lava.png" }, paramtype = "light", light_source = 10,
  groups = { not_in_creative_inventory = 1 }, drop = "",
})
minetest.register_entity("reel:slab", {
  initial_properties = {
    physical = false, collide_with_objects = false, pointable = false, visual = "cube",
    textures = { "blank.png", "blank.png", "blank.png", "blank.png", "blank.png", "blank.png" },
    visual_size = { x = CUBE_W, y = CUBE_H, z = 1 }, glow = 3, static_save = false,
  },
})
minetest.register_entity("reel:blade", {
  initial_properties = {
    physical = false, collide_with_objects = false, pointable = false, visual = "cube",
    textures = { "blank.png", "blank.png", "blank.png", "blank.png", "blank.png", "blank.png" },
    visual_size = { x = 1, y = 1, z = 1 }, glow = 12, static_save = false,
  },
})

-- Which ore (or none) a stratum shows at a block: a function of the seed and the place, so a slab's faces and the
-- cut face left behind agree.
local function cube_ore(kind, x, y, z)
  local ores = CUBE_STRATA[kind].ores
  if not ores then return nil end
  local roll = (x * 73856093 + y * 19349663 + z * 83492791 + (tonumber(cfg.seed) or 1) * 2654435) % 1000 / 10
  for _, o in ipairs(ores) do
    if roll < o[2] then return o[1] end
    roll = roll - o[2]
  end
  return nil
end
local function cube_node(row, x, z)
  local kind = CUBE_ROWS[row]
  local ore = cube_ore(kind, x, row, z)
  if ore then return kind == "deep" and ("reel:deep_" .. ore) or ("default:stone_with_" .. ore) end
  return CUBE_STRATA[kind].node
end

-- The block (x from cube.x, z from cube.z, CUBE_W wide, cube.depth long, CUBE_H high on the board at cube.base),
-- the board under it reaching far towards the camera, and a dark backdrop behind.
local function build_cube(cube)
  local minp = { x = cube.x - 30, y = cube.base - 1, z = cube.z - 60 }
  local maxp = { x = cube.x + CUBE_W + 30, y = cube.base + CUBE_H + 40, z = cube.z + cube.depth + 12 }
  edit_map(minp, maxp, function(data, area)
    local id = minetest.get_content_id
    local AIR, BOARD, BACK, UNDER = id("air"), id("default:wood"), id("wool:black"), id("default:junglewood")
    for z = minp.z, maxp.z do
      for x = minp.x, maxp.x do
        for y = minp.y, maxp.y do
          local i = area:index(x, y, z)
          local dx, dz, h = x - cube.x, z - cube.z, y - cube.base
          if z >= maxp.z - 2 then
            data[i] = BACK
          elseif h < 0 then
            data[i] = UNDER
          elseif h == 0 then
            -- The board: planks, with a darker rim along its sides.
            data[i] = (dx >= -8 and dx < CUBE_W + 8) and BOARD or UNDER
          elseif dx >= 0 and dx < CUBE_W and dz >= 0 and dz < cube.depth and h <= CUBE_H then
            data[i] = id(cube_node(CUBE_H + 1 - h, x, z))
          else
            data[i] = AIR
          end
        end
      end
    end
  end)
  -- The far end: a pond, flowers and grass, and a little tree, where no cut reaches.
  local top = cube.base + CUBE_H
  local far = cube.z + cube.depth - 1
  for x = cube.x + 2, cube.x + 6 do
    for z = far - 8, far - 5 do minetest.set_node({ x = x, y = top, z = z }, { name = "default:water_source" }) end
  end
  local plants = { "flowers:rose", "flowers:tulip", "flowers:dandelion_yellow", "flowers:viola", "default:grass_3",
    "default:grass_5", "default:grass_2", "flowers:geranium" }
  for z = cube.cuts + 2, cube.depth - 1 do
    for dx = 0, CUBE_W - 1 do
      local p = { x = cube.x + dx, y = top + 1, z = cube.z + z }
      if minetest.get_node({ x = p.x, y = top, z = p.z }).name == "default:dirt_with_grass" and rng:next(1, 4) == 1 then
        minetest.set_node(p, { name = plants[rng:next(1, #plants)] })
      end
    end
  end
  local tx, tz = cube.x + CUBE_W - 5, far - 3
  for dy = 1, 4 do minetest.set_node({ x = tx, y = top + dy, z = tz }, { name = "default:tree" }) end
  for dx = -2, 2 do
    for dz = -2, 2 do
      for dy = 3, 6 do
        local r = math.abs(dx) + math.abs(dz)
        if (dy <= 4 and r <= 3 and not (dx == 0 and dz == 0)) or (dy >= 5 and r <= 1 + (6 - dy)) then
          minetest.set_node({ x = tx + dx, y = top + dy, z = tz + dz }, { name = "default:leaves" })
        end
      end
    end
  end
end

-- The textures of slab `c` as a block of its own: its faces drawn from the same blocks the map holds.
local function slab_textures(cube, c)
  local z = cube.z + c
  local w, h = CUBE_W * 16, CUBE_H * 16
  local face, ores = {}, {}
  for row = 1, CUBE_H do
    for dx = 0, CUBE_W - 1 do
      local kind = CUBE_ROWS[row]
      face[#face + 1] = (dx * 16) .. "," .. ((row - 1) * 16) .. "=" .. CUBE_STRATA[kind].side
      local ore = cube_ore(kind, cube.x + dx, row, z)
      if ore then ores[#ores + 1] = (dx * 16) .. "," .. ((row - 1) * 16) .. "=default_mineral_" .. ore .. ".png" end
    end
  end
  local front = "[combine:" .. w .. "x" .. h .. ":" .. table.concat(face, ":")
  if #ores > 0 then front = front .. "^([combine:" .. w .. "x" .. h .. ":" .. table.concat(ores, ":") .. ")" end
  local top, bottom, side = {}, {}, {}
  for dx = 0, CUBE_W - 1 do
    top[#top + 1] = (dx * 16) .. ",0=default_grass.png"
    bottom[#bottom + 1] = (dx * 16) .. ",0=default_lava.png"
  end
  for row = 1, CUBE_H do side[#side + 1] = "0," .. ((row - 1) * 16) .. "=" .. CUBE_STRATA[CUBE_ROWS[row]].side end
  local top_t = "[combine:" .. w .. "x16:" .. table.concat(top, ":")
  local bottom_t = "[combine:" .. w .. "x16:" .. table.concat(bottom, ":")
  local side_t = "[combine:16x" .. h .. ":" .. table.concat(side, ":")
  return { top_t, bottom_t, side_t, side_t, front, front }
end

local function span_progress(u, span) return math.max(0, math.min(1, (u - span[1]) / (span[2] - span[1]))) end
local function ease(p) return p * p * (3 - 2 * p) end

-- Where the cut is at time `tt`: the cut's number, the time through it (0..1) and the knife's plane (z).
local function cube_moment(cube, tt)
  local c = math.floor(tt / CUBE_CYCLE)
  local u = tt / CUBE_CYCLE - c
  return c, u, cube.z + c - 0.5 + ease(span_progress(u, CUBE_SLIDE))
end

-- The knife's depth (block heights below the top; 1 at the board), as cube.ts's cubeMoment.
local function knife_depth(u)
  local depth
  if u < CUBE_CUT[2] then
    depth = CUBE_REST + (1 - CUBE_REST) * span_progress(u, CUBE_CUT)
  else
    depth = 1 - (1 - CUBE_REST) * ease(span_progress(u, CUBE_FALL))
  end
  return depth < 0 and depth * KNIFE_ABOVE or depth
end

-- Slab `c` tipped `angle` (0 upright, pi/2 lying) about its bottom front edge: its middle and rotation.
local function slab_pose(cube, c, angle, away)
  local py, pz = cube.base + 0.5, cube.z + c - 0.5 - (away or 0)
  local dy, dz = CUBE_H / 2, 0.5
  return {
    x = cube.x + (CUBE_W - 1) / 2,
    y = py + dy * math.cos(angle) + dz * math.sin(angle),
    z = pz - dy * math.sin(angle) + dz * math.cos(angle),
  }, { x = -angle, y = 0, z = 0 }
end

-- Takes slab `c` out of the block and puts it out as a block of its own in the same place.
local function cut_slab(cube, c)
  local z = cube.z + c
  local minp = { x = cube.x, y = cube.base + 1, z = z }
  local maxp = { x = cube.x + CUBE_W - 1, y = cube.base + CUBE_H, z = z }
  edit_map(minp, maxp, function(data, area)
    local air = minetest.get_content_id("air")
    for i in area:iterp(minp, maxp) do data[i] = air end
  end)
  local pos, rot = slab_pose(cube, c, 0)
  local obj = minetest.add_entity(pos, "reel:slab")
  if obj then
    obj:set_properties({ textures = slab_textures(cube, c) })
    obj:set_rotation(rot)
  end
  return obj
end

-- Builds the studio for the run from `start` (need_box generates the map it stands in) and puts the camera there.
local function cube_setup(player, start, need_box)
  -- The studio stands a dozen blocks over the highest ground around, the board reaching far towards the camera.
  local cuts = math.ceil((seconds + 3) / CUBE_CYCLE) + 1
  local cube = { x = start.x, z = start.z, cuts = cuts, depth = cuts + 14 }
  local top = 0
  for dx = -30, CUBE_W + 30, 23 do
    for dz = -60, cube.depth + 12, 20 do top = math.max(top, ground_at(start.x + dx, start.z + dz)) end
  end
  cube.base = top + 12
  need_box({ x = cube.x - 31, y = cube.base - 2, z = cube.z - 61 },
    { x = cube.x + CUBE_W + 31, y = cube.base + CUBE_H + 41, z = cube.z + cube.depth + 13 })
  build_cube(cube)
  player:set_pos({ x = cube.x + CUBE_W / 2 - 4, y = cube.base + CUBE_H + 4.5, z = cube.z - 11.5 })
  return cube
end

---------------------------------------------------------------- dance
-- A green-screen meme: Minetest Game's character dancing on the beat in front of a plain chroma-green sky, high over
-- the map so nothing but the sky is behind it. The beat is the drawn meme's: a kick every DANCE_BEAT seconds from the
-- clip's first frame, four to a bar, and the clip (cfg.cycle seconds, a whole number of bars) loops seamlessly because
-- the dance is a function of the time within it. Each bar is one move (fist pumps, raise the roof, running arms),
-- crossfaded into the next over DANCE_BLEND seconds.
local DANCE_BEAT = 0.25
local DANCE_BAR = 4 * DANCE_BEAT
local DANCE_BLEND = 0.12
local DANCE_LOOP = math.max(DANCE_BAR, math.floor((tonumber(cfg.cycle) or 3) / DANCE_BAR + 0.5) * DANCE_BAR)
local DANCE_GREEN = "#00ff00"
-- Where the camera stands: in front of the dancer, at its middle.
local DANCE_DISTANCE, DANCE_EYE = 1.35, 0.92
-- Where the model's head and arms are (character.b3d). An arm turned 0 degrees about x hangs down, 90 points at the
-- camera, 180 straight up (a turn about another axis twists it out of the shoulder).
local DANCE_BONES = { Head = { x = 0, y = 6.3, z = 0 }, Arm_Left = { x = 3.15, y = 5.25, z = 0 },
  Arm_Right = { x = -3.15, y = 5.25, z = 0 } }
minetest.register_entity("reel:dancer", {
  initial_properties = {
    physical = false, collide_with_objects = false, pointable = false, visual = "mesh", mesh = "character.b3d",
    -- Minetest Game's skin with its green jacket turned red (library/src/recorded/textures.ts): nothing green to key.
    textures = { "reel_dancer.png" }, visual_size = { x = 1, y = 1 }, static_save = false,
  },
})

-- The pulse of beat phase f (0 at the kick): 1 on the kick, easing back to 0 by the next.
local function dance_pulse(f) return 0.5 + 0.5 * math.cos(2 * math.pi * f) end

-- The three moves, each a pose at time u (seconds into its bar): the arms' swing up from hanging (degrees), the head's
-- nod and turn, the body's lean, turn and roll, its dip and its step to the side (blocks). The legs keep the model's
-- standing pose: the body bounces on them.
local DANCE_MOVES = {
  -- Fist pumps: one arm punches up on each kick, right then left, the head nodding and the body turning with it.
  function(u)
    local b = u / DANCE_BEAT
    local k, f = math.floor(b), b % 1
    local p = dance_pulse(f)
    local right = (k % 2 == 0) and p or 0.1 * p
    local left = (k % 2 == 1) and p or 0.1 * p
    return {
      arm_r = 30 + 140 * right, arm_l = 30 + 140 * left, head = { 14 * p, 0 },
      body = { 4 * p, (k % 2 == 0 and 14 or -14) * (0.3 + 0.7 * p), 0 }, dip = 0.1 * p, dx = 0,
    }
  end,
  -- Raise the roof: both hands high, pushing up on each kick, the body swaying from side to side, a side a beat.
  function(u)
    local b = u / DANCE_BEAT
    local side = math.sin(math.pi * b)
    local p = dance_pulse(b % 1)
    return {
      arm_r = 140 + 35 * p, arm_l = 140 + 35 * p, head = { -8 + 10 * p, 12 * side },
      body = { 0, 10 * side, -7 * side }, dip = 0.12 * p, dx = 0.14 * side,
    }
  end,
  -- Running arms: the arms swinging forwards and back in turn, a swing a beat, the body twisting with them.
  function(u)
    local b = u / DANCE_BEAT
    local swing = math.sin(math.pi * b)
    local p = dance_pulse(b % 1)
    return {
      arm_r = 15 + 70 * math.max(0, swing), arm_l = 15 + 70 * math.max(0, -swing), head = { 8 * p, -10 * swing },
      body = { 6 * p, 16 * swing, 0 }, dip = 0.08 * p, dx = 0,
    }
  end,
}

local function dance_mix(a, b, w)
  local out = {}
  for key, va in pairs(a) do
    local vb = b[key]
    if type(va) == "table" then
      out[key] = {}
      for i = 1, #va do out[key][i] = va[i] + (vb[i] - va[i]) * w end
    else
      out[key] = va + (vb - va) * w
    end
  end
  return out
end

-- The pose at time tt: the bar's move, crossfaded from the bar before over the first DANCE_BLEND seconds.
local function dance_pose(tt)
  local l = tt % DANCE_LOOP
  local bars = math.floor(DANCE_LOOP / DANCE_BAR + 0.5)
  local bar = math.floor(l / DANCE_BAR)
  local u = l - bar * DANCE_BAR
  local move = DANCE_MOVES[bar % #DANCE_MOVES + 1]
  local pose = move(u)
  if u < DANCE_BLEND and bars > 1 then
    local before = DANCE_MOVES[(bar - 1) % bars % #DANCE_MOVES + 1](u + DANCE_BAR)
    local w = u / DANCE_BLEND
    pose = dance_mix(before, pose, w * w * (3 - 2 * w))
  end
  return pose
end

local function dance_setup(player, start, need_box, run)
  -- Higher over the highest ground around than the view reaches: only the sky is behind the dancer.
  local top = 0
  for dx = -24, 24, 12 do
    for dz = -24, 24, 12 do top = math.max(top, ground_at(start.x + dx, start.z + dz)) end
  end
  local spot = { x = start.x, y = top + 200, z = start.z }
  need_box({ x = spot.x - 8, y = spot.y - 4, z = spot.z - 8 }, { x = spot.x + 8, y = spot.y + 8, z = spot.z + 8 })
  player:set_sky({ type = "plain", base_color = DANCE_GREEN, clouds = false })
  player:set_sun({ visible = false, sunrise_visible = false })
  player:set_moon({ visible = false })
  player:set_stars({ visible = false })
  player:set_clouds({ density = 0 })
  player:override_day_night_ratio(1)
  run.dance = { spot = spot }
  player:set_pos({ x = spot.x, y = spot.y + DANCE_EYE - 1.5, z = spot.z + DANCE_DISTANCE })
end

-- The shocked meme ("dun, dun, dun"): the same character and green sky, standing easy until the drawn sound's first
-- "dun", then throwing its hands up and trembling as the camera punches in on each one (the whole body, the chest, the
-- face, the eyes), holding on the eyes, and easing back out before the loop ends so it starts again as it began.
local SHOCK_LOOP = tonumber(cfg.cycle) or 3
-- When each "dun" sounds (library/src/memes/sfx.ts), and the shot it punches in to: the field of view (degrees; the
-- whole body, the chest, the face, the eyes) and the height looked at. The camera stays put and zooms, tilting up to
-- the face, as a phone zooms in on one.
local SHOCK_CUES = { 0.1, 0.45, 0.8 }
local SHOCK_SHOTS = { { 78, 0.95 }, { 53, 1.2 }, { 35, 1.4 }, { 22, 1.5 } }
local SHOCK_DISTANCE, SHOCK_EYE = 2.6, 0.95
local SHOCK_PUNCH = 0.07
-- Back out over the loop's last 0.3 s, or what a short loop leaves after the last punch.
local SHOCK_BACK = math.min(0.3, SHOCK_LOOP - SHOCK_CUES[#SHOCK_CUES] - SHOCK_PUNCH - 0.05)

local function ease_out(x) x = math.max(0, math.min(1, x)); return 1 - (1 - x) ^ 3 end
local function smooth(x) x = math.max(0, math.min(1, x)); return x * x * (3 - 2 * x) end

-- The pose and the camera (field of view, height looked at, shake) at time l within the loop.
local function shock_at(l)
  local fov, aim = SHOCK_SHOTS[1][1], SHOCK_SHOTS[1][2]
  local since = nil
  for k, cue in ipairs(SHOCK_CUES) do
    if l >= cue then
      local w = ease_out((l - cue) / SHOCK_PUNCH)
      local a, b = SHOCK_SHOTS[k], SHOCK_SHOTS[k + 1]
      fov, aim = a[1] + (b[1] - a[1]) * w, a[2] + (b[2] - a[2]) * w
      since = l - cue
    end
  end
  -- Back out to the first shot (and the pose to standing easy) over the loop's last SHOCK_BACK seconds.
  local back = smooth((l - (SHOCK_LOOP - SHOCK_BACK)) / SHOCK_BACK)
  fov = fov + (SHOCK_SHOTS[1][1] - fov) * back
  aim = aim + (SHOCK_SHOTS[1][2] - aim) * back
  local shock = (l >= SHOCK_CUES[1]) and ease_out((l - SHOCK_CUES[1]) / 0.08) * (1 - back) or 0
  -- Each punch-in shakes the camera, dying away over a fifth of a second.
  local shake = since and math.max(0, 1 - since / 0.2) * (1 - back) or 0
  local tremble = math.sin(l * 2 * math.pi * 14)
  local idle = math.sin(2 * math.pi * l / SHOCK_LOOP)
  local pose = {
    arm_r = 158 * shock + 4 * tremble * shock, arm_l = 158 * shock - 4 * tremble * shock,
    head = { -10 * shock, 3 * tremble * shock + 4 * idle * (1 - shock) },
    body = { -6 * shock, 0, 1.5 * idle * (1 - shock) }, dip = 0, dx = 0,
  }
  return pose, fov, aim, 0.6 * shake * math.sin(l * 2 * math.pi * 23)
end

---------------------------------------------------------------- machines
-- A machine hall for the "machine experiments" dreamscape: a slow glide down a long hall between walls of turning
-- gears (each big wheel driving a small one, their teeth meshing), rows of pistons pumping in a wave along the floor,
-- glass tubes along both walls carrying glowing orbs, and gears turning flat in the floor under the camera.
local HALL_HW, HALL_H, BAY = 12, 14, 12
local HALL_SPEED = 1.1
local HALL_START = 4
local ORB_COLOURS = { "#38f3ff", "#ff4fd8", "#ffe14a", "#7dff6a" }
-- Gears from library/src/recorded/meshes.ts: sizes (tip radius), teeth and how the pair meshes.
local GEAR = {
  big = { mesh = "reel_gear_big.obj", teeth = 16, pitch = 2.975 },
  small = { mesh = "reel_gear_small.obj", teeth = 10, pitch = 1.875 },
}
minetest.register_node("reel:hall_lamp", {
  description = "Hall lamp", tiles = { "wool_white.png^[multiply:#fff1d6" }, paramtype = "light", light_source = 14,
  groups = { not_in_creative_inventory = 1 }, drop = "",
})
minetest.register_entity("reel:gear", {
  initial_properties = {
    physical = false, collide_with_objects = false, pointable = false, visual = "mesh", mesh = "reel_gear_big.obj",
    textures = { "default_steel_block.png" }, visual_size = { x = 10, y = 10, z = 10 }, backface_culling = false,
    glow = 2, static_save = false,
  },
})
minetest.register_entity("reel:part", {
  initial_properties = {
    physical = false, collide_with_objects = false, pointable = false, visual = "cube",
    textures = { "blank.png", "blank.png", "blank.png", "blank.png", "blank.png", "blank.png" },
    visual_size = { x = 1, y = 1, z = 1 }, static_save = false,
  },
})

local function hall_build(hall)
  local minp = { x = hall.x - HALL_HW - 1, y = hall.base - 1, z = hall.z - 2 }
  local maxp = { x = hall.x + HALL_HW + 1, y = hall.base + HALL_H + 1, z = hall.z + hall.length + 2 }
  edit_map(minp, maxp, function(data, area)
    local id = minetest.get_content_id
    local AIR, FLOOR, LANE, WALL, PILLAR = id("air"), id("wool:dark_grey"), id("default:tinblock"),
      id("default:stone_block"), id("default:copperblock")
    -- Steel for the roof's beams and the pistons' housings alike.
    local LAMP, GLASS, STEEL = id("reel:hall_lamp"), id("default:glass"), id("default:steelblock")
    for z = minp.z, maxp.z do
      for x = minp.x, maxp.x do
        for y = minp.y, maxp.y do
          local i = area:index(x, y, z)
          local dx, dz, h = x - hall.x, z - hall.z, y - hall.base
          local edge = math.abs(dx) > HALL_HW or dz < 0 or dz > hall.length
          if h <= 0 then
            -- Steel lanes under the pistons, a pit for the floor gears every bay.
            data[i] = (math.abs(dx) == 7 and h == 0) and LANE or FLOOR
          elseif h >= HALL_H then
            -- A glass roof on steel beams: the noon sun lights the hall; lamps hang from the beams.
            if dz % 6 == 0 or dx % 8 == 0 then
              data[i] = (h == HALL_H and dz % 6 == 0 and dx % 4 == 2) and LAMP or STEEL
            else
              data[i] = GLASS
            end
          elseif edge then
            data[i] = (dz % BAY == 0 and not (dz < 0 or dz > hall.length)) and PILLAR or WALL
          else
            data[i] = AIR
            -- The glass tubes along both walls, three blocks in from them, high up; a piston housing every
            -- three blocks along the steel lanes.
            if math.abs(dx) == HALL_HW - 3 and h == 11 then data[i] = GLASS end
            if math.abs(dx) == 7 and h == 1 and dz % 3 == 0 then data[i] = STEEL end
            if math.abs(dx) == HALL_HW and dz % BAY == 0 then data[i] = PILLAR end
          end
        end
      end
    end
  end)
end

-- The gears of the hall: on each wall a big wheel driving a small one above it, every bay; and a pair turning flat
-- in the floor's middle every bay from the second. Each pair's centres lie on a line up or across, where the
-- meshing below holds whichever way the mesh and the rotation turn the picture.
local function hall_plan_gears(hall)
  local gears = {}
  local apart = GEAR.big.pitch + GEAR.small.pitch
  for dz = BAY / 2, hall.length - 4, BAY do
    for _, side in ipairs({ -1, 1 }) do
      local big = { kind = "big", x = hall.x + side * (HALL_HW - 0.6), y = hall.base + 4.2, z = hall.z + dz,
        facing = "wall", rate = 0.45 * side }
      gears[#gears + 1] = big
      gears[#gears + 1] = { kind = "small", x = big.x, y = big.y + apart, z = big.z, facing = "wall", drives = big }
    end
    if dz >= BAY then
      local big = { kind = "big", x = hall.x - 2.4, y = hall.base + 0.55, z = hall.z + dz + 4, facing = "floor", rate = 0.35 }
      gears[#gears + 1] = big
      gears[#gears + 1] = { kind = "small", x = big.x + apart, y = big.y, z = big.z, facing = "floor", drives = big }
    end
  end
  return gears
end

-- A gear's rotation at time tt: its spin about its axle, then turned to face out of the wall or up from the floor.
local function gear_rotation(g, tt)
  local spin
  if g.drives then
    local d = g.drives
    -- The line between the centres, seen along the axle; the driven wheel turns the other way, faster by the ratio,
    -- with a gap of its own facing a tooth of the wheel that drives it.
    local along = g.facing == "wall" and math.atan2(g.y - d.y, g.z - d.z) or math.atan2(g.z - d.z, g.x - d.x)
    local big_spin = d.rate * tt
    spin = along + math.pi + math.pi / GEAR[g.kind].teeth
      - (GEAR[d.kind].teeth / GEAR[g.kind].teeth) * (big_spin - along)
  else
    spin = g.rate * tt
  end
  if g.facing == "wall" then return { x = 0, y = math.pi / 2, z = spin } end
  return { x = math.pi / 2, y = 0, z = spin }
end

-- The pistons along both lanes: a rod sliding out of its housing and a head on it, pumping in a wave that runs down
-- the hall (the rod is longer than the stroke; its lower end stays hidden in the housing and the floor).
local ROD = 5
local function piston_pose(hall, side, dz, tt)
  local lift = 0.5 + 0.5 * math.sin(tt * 2.4 - dz * 0.55)
  local top = hall.base + 2.3 + 2.2 * lift
  return { x = hall.x + side * 7, y = top - ROD / 2, z = hall.z + dz }, { x = hall.x + side * 7, y = top + 0.2, z = hall.z + dz }
end

-- Sets the hall up for the run from `start` and puts the camera at its start.
local function hall_setup(player, start, need_box)
  local length = math.floor(seconds * HALL_SPEED) + HALL_START + 30
  local top = 0
  for dx = -HALL_HW, HALL_HW, HALL_HW do
    for dz = 0, length, 16 do top = math.max(top, ground_at(start.x + dx, start.z + dz)) end
  end
  local hall = { x = start.x, z = start.z, base = top + 1, length = length }
  need_box({ x = hall.x - HALL_HW - 2, y = hall.base - 2, z = hall.z - 3 },
    { x = hall.x + HALL_HW + 2, y = hall.base + HALL_H + 2, z = hall.z + length + 3 })
  hall_build(hall)
  hall.gears = hall_plan_gears(hall)
  hall.pistons = {}
  hall.orbs = {}
  player:set_pos({ x = hall.x, y = hall.base + 3.4, z = hall.z + HALL_START })
  return hall
end

local function hall_part(pos, size, tex, glow)
  local obj = minetest.add_entity(pos, "reel:part")
  if obj then
    obj:set_properties({ visual_size = size, textures = { tex, tex, tex, tex, tex, tex }, glow = glow or 0 })
  end
  return obj
end

-- One step of the hall run at time tt: the gears, the pistons and orbs near the camera; returns where the camera is,
-- its yaw off the hall's axis and its pitch.
local function hall_step(hall, tt)
  local zr = HALL_START + tt * HALL_SPEED
  for _, g in ipairs(hall.gears) do
    if not g.obj and g.z - hall.z < zr + 60 then
      g.obj = minetest.add_entity({ x = g.x, y = g.y, z = g.z }, "reel:gear")
      if g.obj then
        g.obj:set_properties({ mesh = GEAR[g.kind].mesh, textures = { g.kind == "big" and "default_steel_block.png"
          or "default_copper_block.png" } })
      end
    end
    if g.obj then g.obj:set_rotation(gear_rotation(g, tt)) end
  end
  for dz = math.max(0, math.floor(zr) - 6), math.min(hall.length, math.floor(zr) + 48) do
    if dz % 3 == 0 then
      for _, side in ipairs({ -1, 1 }) do
        local key = side .. ":" .. dz
        local p = hall.pistons[key]
        local rod_pos, head_pos = piston_pose(hall, side, dz, tt)
        if not p then
          p = { rod = hall_part(rod_pos, { x = 0.35, y = ROD, z = 0.35 }, "default_steel_block.png"),
            head = hall_part(head_pos, { x = 1.1, y = 0.4, z = 1.1 }, "default_copper_block.png") }
          hall.pistons[key] = p
        end
        if p.rod then p.rod:set_pos(rod_pos) end
        if p.head then p.head:set_pos(head_pos) end
      end
    end
  end
  -- Orbs: four blocks apart in each tube, running towards the far end on the left and back on the right.
  for k = 0, math.floor(hall.length / 4) do
    for _, side in ipairs({ -1, 1 }) do
      local key = side .. ":" .. k
      local z = (k * 4 + side * tt * 3.2) % hall.length
      local pos = { x = hall.x + side * (HALL_HW - 3), y = hall.base + 11, z = hall.z + z }
      local o = hall.orbs[key]
      if not o then
        local colour = ORB_COLOURS[(k + (side == 1 and 2 or 0)) % #ORB_COLOURS + 1]
        o = hall_part(pos, { x = 0.45, y = 0.45, z = 0.45 }, "wool_white.png^[multiply:" .. colour, 14)
        hall.orbs[key] = o
      end
      if o then o:set_pos(pos) end
    end
  end
  -- Where the camera is and how it looks, a crane gliding down the hall: it drifts from side to side, turned to the
  -- far wall (46 degrees off the axis at most) so the gears there fill the view, and rises from a third of the hall's
  -- height to two thirds and back every 30 s, looking a little up at the wheels when low and down on the floor's
  -- gears and the pumping pistons when high. No stretch of a 60 s run shows the same view twice.
  local lift = 0.5 - 0.5 * math.cos(tt * 0.21)
  return { x = hall.x + 4.2 * math.sin(tt * 0.29), y = hall.base + 3.4 + 5.6 * lift, z = hall.z + zr },
    0.8 * math.sin(tt * 0.29 + 0.25), -0.06 + 0.42 * lift
end

-- The scenes set up by one function each (player, start, need_box, run), kept in one table so the planner below,
-- which reaches every scene's helpers, stays within Lua's limit of 60 upvalues a function.
local SCENE_SETUP = {
  cube = function(player, start, need_box, run)
    run.cube = cube_setup(player, start, need_box)
    run.slabs = {}
  end,
  machines = function(player, start, need_box, run) run.hall = hall_setup(player, start, need_box) end,
  dance = dance_setup,
  shock = dance_setup,
}

---------------------------------------------------------------- set-up
local ready, started, finished = false, false, false
-- Seconds since "go" on the game's clock, and the clock's reading at "go" (microseconds).
local t, go_us = 0, 0
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
  -- A recipe may paint the sky (the same colours at any hour) and show stars by day.
  if type(cfg.sky) == "table" and cfg.sky.top and cfg.sky.horizon then
    local top, horizon = cfg.sky.top, cfg.sky.horizon
    player:set_sky({ type = "regular", clouds = true, sky_color = {
      day_sky = top, day_horizon = horizon, dawn_sky = top, dawn_horizon = horizon,
      night_sky = top, night_horizon = horizon, indoors = horizon,
      fog_tint_type = "custom", fog_sun_tint = horizon, fog_moon_tint = horizon,
    } })
  end
  if tonumber(cfg.stars) then
    player:set_stars({ visible = true, count = tonumber(cfg.stars), day_opacity = 0.7, scale = 1.4 })
  end
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

-- Generates a box the cells above do not reach (a tall build), resuming the planner when it is ready.
local function need_box(minp, maxp)
  minetest.emerge_area(minp, maxp, function(_, _, remaining)
    if remaining == 0 then
      local ok, err = coroutine.resume(planner)
      if not ok then error(err) end
    end
  end)
  coroutine.yield()
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
    elseif scene == "runner" then
      run.start = start
      run.length = math.floor(seconds * RUN_SPEED) + 60
      -- The bed lies at the middle height of the ground along the way (never under the sea), so the line cuts
      -- through hills and crosses valleys on an embankment.
      local heights = {}
      for d = 0, run.length + 40, 16 do
        heights[#heights + 1] = ground_at(start.x, start.z + d)
        ground_at(start.x - 10, start.z + d)
        ground_at(start.x + 10, start.z + d)
      end
      table.sort(heights)
      run.base = math.max(3, heights[math.floor(#heights / 2) + 1])
      run.plan = plan_runner(run.length)
      build_runner(start, run.base, run.length, run.plan)
      run.coin_next = 1
      run.coins_out = {}
      local pos = runner_pose(start, run.base, run.plan, 0)
      player:set_pos(pos)
    elseif scene == "city" then
      run.start = start
      run.route = plan_city(math.ceil(seconds * DRIVE_SPEED / CITY_BLOCK) + 3)
      local tiles = city_tiles(run.route)
      -- The map under every tile is generated first (its four corners); the pad lies at the middle height.
      local heights = {}
      for _, tile in ipairs(tiles) do
        local minp, maxp = tile_box(start, 0, tile)
        heights[#heights + 1] = ground_at(minp.x, minp.z)
        ground_at(maxp.x, minp.z)
        ground_at(minp.x, maxp.z)
        ground_at(maxp.x, maxp.z)
      end
      table.sort(heights)
      run.base = math.max(3, heights[math.floor(#heights / 2) + 1])
      for _, tile in ipairs(tiles) do build_city_tile(start, run.base, tile) end
      run.path = city_path(start, run.route)
      local x, z = city_point(run.path, 0)
      player:set_pos({ x = x, y = run.base + 0.5, z = z })
    elseif scene == "marbles" then
      local ground = -20
      for _, dx in ipairs({ -6, 0, 8, 14, 20 }) do ground = math.max(ground, ground_at(start.x + dx, start.z)) end
      ground_at(start.x, start.z - 30)
      local count = #MARBLE_COLOURS
      local ramps = math.ceil((seconds + 4 + count * MARBLE_SPACING) / RAMP_TIME) + 3
      -- A full run's tower stands over 100 blocks tall: the map above the generated cells is made for it first.
      local top = ground + ramps * RAMP_GAP + 4
      need_box({ x = start.x - 6, y = ground, z = start.z - 16 }, { x = start.x + RAMP_W + 6, y = top + 8, z = start.z + 4 })
      run.tower = { x0 = start.x, z = start.z, top = top, ramps = ramps, bottom = top - ramps * RAMP_GAP }
      build_marbles(run.tower)
      run.marbles = {}
      run.cam_y = nil
      player:set_pos({ x = start.x + RAMP_W / 2, y = top - 4, z = start.z - 12 })
    elseif scene == "soccer" then
      local heights = {}
      for dx = -PITCH_W / 2 - 6, PITCH_W / 2 + 6, 13 do
        for dz = -PITCH_L / 2 - 8, PITCH_L / 2 + 8, 18 do heights[#heights + 1] = ground_at(start.x + dx, start.z + dz) end
      end
      table.sort(heights)
      local field = { x = start.x, z = start.z, base = math.max(3, heights[math.floor(#heights / 2) + 1]) }
      build_pitch(field)
      local cars = {}
      for k, spot in ipairs({ { -6, -20, 1 }, { 8, -26, 1 }, { 6, 20, 2 }, { -8, 26, 2 } }) do
        cars[k] = { x = spot[1], z = spot[2], team = spot[3], yaw = spot[3] == 1 and 0 or math.pi, speed = 0,
          cool = 0, lag = rng:next(0, 20) / 10 }
      end
      run.match = { field = field, goals = 0, acc = 0, cars = cars,
        ball = { x = 0, y = 3, z = 0, vx = rng:next(-20, 20) / 10, vy = 6, vz = rng:next(-20, 20) / 10 } }
      player:set_pos({ x = start.x, y = field.base + 4, z = start.z - 30 })
    elseif scene == "islands" then
      run.start = start
      run.length = math.floor(seconds * ISLE_SPEED) + 60
      -- The highest ground under the glide and to its sides.
      local top = 0
      for d = -20, run.length + 40, 16 do
        for _, dx in ipairs({ -48, -24, 0, 24, 48 }) do top = math.max(top, ground_at(start.x + dx, start.z + d)) end
      end
      if FLOORS[cfg.floor or ""] then
        run.floor = top + 4
        isle_sky = run.floor + 34
      else
        isle_sky = top + 46
      end
      local half = (run.floor or cfg.planets) and CHECKER_WIDTH or ISLE_WIDTH
      local box_min = { x = start.x - half, y = math.min(run.floor or 200, isle_sky - 40), z = start.z - 50 }
      local box_max = { x = start.x + half, y = isle_sky + (cfg.planets and 50 or 30), z = start.z + run.length + 150 }
      need_box(box_min, box_max)
      if run.floor then
        build_floor(box_min, { x = box_max.x, y = run.floor + 16, z = box_max.z }, run.floor, FLOORS[cfg.floor])
      end
      run.isles = plan_islands(start, run.length)
      for _, isle in ipairs(run.isles) do build_isle(isle, run.floor and run.floor + 1 or -20) end
      if cfg.planets then build_planets(start, run.length) end
      -- The clouds far above the islands: a thin layer near the horizon, never a ceiling over the camera.
      player:set_clouds({ density = tonumber(cfg.clouds) or 0.3, height = isle_sky + 110, thickness = 8 })
      local x, y = isle_path(start, 0)
      player:set_pos({ x = x, y = y - 1.5, z = start.z })
    elseif scene == "rave" then
      -- The hall stands a block over the highest ground under it, so no hill cuts into it.
      local top = 0
      for dx = -RAVE_HW, RAVE_HW, RAVE_HW do
        for dz = 0, RAVE_L, 14 do top = math.max(top, ground_at(start.x + dx, start.z + dz)) end
      end
      -- `feet`: the camera's height, its eye 2.4 over the dance floor (the top of the node at `base`): a phone held up
      -- over the dancers' heads (1.8 high, 2.2 in a jump); the player's eye is 1.5 over its feet.
      local hall = { x = start.x, z = start.z, base = top + 1, feet = top + 1 + 0.5 + 2.4 - 1.5 }
      need_box({ x = hall.x - RAVE_HW - 2, y = hall.base - 2, z = hall.z - 2 },
        { x = hall.x + RAVE_HW + 2, y = hall.base + RAVE_H + 2, z = hall.z + RAVE_L + 2 })
      build_hall(hall)
      show_panels(hall, 0)
      run.hall = hall
      run.crowd = plan_crowd(hall)
      run.beat = 0
      run.lasers = {}
      player:set_pos({ x = hall.x + rave_path(RAVE_START), y = hall.feet, z = hall.z + RAVE_START })
      -- A phone's zoom on the stage: the crowd, the DJ and the lights fill the picture, not the dark floor and ceiling.
      player:set_fov(56, false, 0)
    elseif SCENE_SETUP[scene] then
      SCENE_SETUP[scene](player, start, need_box, run)
    elseif scene == "tunnel" then
      run.start = start
      run.length = math.floor(seconds * TUNNEL_SPEED) + 60
      -- High over the highest ground along the way.
      local top = 0
      for d = 0, run.length + 20, 16 do
        for _, dx in ipairs({ -20, 0, 20 }) do top = math.max(top, ground_at(start.x + dx, start.z + d)) end
      end
      tunnel_sky = math.min(100, top + 24)
      build_tunnel(start, run.length)
      local x, y = tunnel_centre(start, 0)
      player:set_pos({ x = x, y = y - 1.5, z = start.z })
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

-- One step of the cube run: the knife, the slabs and the camera at time t.
local function cube_step(player, dtime, rate)
  local cube = run.cube
  local c, u, zc = cube_moment(cube, t)
  local cx = cube.x + (CUBE_W - 1) / 2
  -- The knife: a steel blade a little wider than the block, a darker spine along its top, its handle out to the right.
  local bottom = cube.base + CUBE_H + 0.5 - knife_depth(u) * CUBE_H
  local blade_w = CUBE_W + 3
  local parts = {
    { pos = { x = cx, y = bottom + BLADE_H / 2, z = zc }, size = { x = blade_w, y = BLADE_H, z = 0.08 },
      tex = "default_steel_block.png^[resize:16x16^[multiply:#dfe6ee" },
    { pos = { x = cx, y = bottom + BLADE_H + 0.15, z = zc }, size = { x = blade_w, y = 0.3, z = 0.22 },
      tex = "default_steel_block.png^[resize:16x16^[multiply:#6b737c" },
    { pos = { x = cx + blade_w / 2 + 2.4, y = bottom + BLADE_H - 0.7, z = zc }, size = { x = 5, y = 1.4, z = 0.7 },
      tex = "default_junglewood.png" },
  }
  run.knife = run.knife or {}
  for k, part in ipairs(parts) do
    local obj = run.knife[k]
    if not obj then
      obj = minetest.add_entity(part.pos, "reel:blade")
      if obj then
        local tex = part.tex
        obj:set_properties({ visual_size = part.size, textures = { tex, tex, tex, tex, tex, tex } })
        run.knife[k] = obj
      end
    end
    if obj then obj:set_pos(part.pos) end
  end
  -- The slab just cut tips over (faster and faster, as it falls); the one before rides the board away.
  if u >= CUBE_FALL[1] and not run.slabs[c] then run.slabs[c] = cut_slab(cube, c) or false end
  for k, obj in pairs(run.slabs) do
    if k < c - 1 then
      if obj then obj:remove() end
      run.slabs[k] = nil
    elseif obj then
      local angle, away = math.pi / 2, 0
      if k == c then angle = span_progress(u, CUBE_FALL) ^ 2 * math.pi / 2 end
      -- At an even pace, clear of where the next one lands just before it does.
      if k == c - 1 then away = (CUBE_H + 1) * span_progress(u, { 0, 0.95 }) end
      local pos, rot = slab_pose(cube, k, angle, away)
      obj:set_pos(pos)
      obj:set_rotation(rot)
    end
  end
  -- The camera: above and a little to the left of the block's front, pushing in a slab a cut.
  local zcam = cube.z - 0.5 + t / CUBE_CYCLE
  local eye = { x = cx - 3.5 + 0.8 * math.sin(t * 0.19), y = cube.base + CUBE_H + 6, z = zcam - 11 }
  move_to(player, { x = eye.x, y = eye.y - 1.5, z = eye.z }, dtime)
  local target = { x = cx, y = cube.base + CUBE_H * 0.45, z = zcam + 2 }
  yaw = smooth_angle(yaw, math.atan2(-(target.x - eye.x), target.z - eye.z), rate)
  local flat = math.sqrt((target.x - eye.x) ^ 2 + (target.z - eye.z) ^ 2)
  local want_pitch = math.atan2(eye.y - target.y, flat)
  pitch = pitch and (pitch + (want_pitch - pitch) * rate) or want_pitch
  player:set_look_horizontal(yaw + sway())
  player:set_look_vertical(pitch)
end

-- The green-screen character in `pose` and the camera `dist` in front of it at eye height `eye`, looking level (or
-- at height `aim` on the character, turned `turn` degrees to the side).
local function pose_character(player, pose, dist, eye, dtime, aim, turn)
  local d = run.dance
  local pos = { x = d.spot.x + pose.dx, y = d.spot.y - pose.dip, z = d.spot.z }
  if not d.obj or not d.obj:get_pos() then
    d.obj = minetest.add_entity(pos, "reel:dancer")
    if not d.obj then return end
    d.obj:set_animation({ x = 0, y = 0 }, 0, 0, false)
  end
  d.obj:set_pos(pos)
  -- Facing the camera (the model looks along +z at yaw 0), the body turning and leaning as the pose says.
  d.obj:set_rotation({ x = math.rad(pose.body[1]), y = math.rad(pose.body[2]), z = math.rad(pose.body[3]) })
  d.obj:set_bone_position("Head", DANCE_BONES.Head, { x = pose.head[1], y = pose.head[2], z = 0 })
  d.obj:set_bone_position("Arm_Right", DANCE_BONES.Arm_Right, { x = pose.arm_r, y = 0, z = 0 })
  d.obj:set_bone_position("Arm_Left", DANCE_BONES.Arm_Left, { x = pose.arm_l, y = 0, z = 0 })
  move_to(player, { x = d.spot.x, y = d.spot.y + eye - 1.5, z = d.spot.z + dist }, dtime)
  player:set_look_horizontal(math.pi + math.rad(turn or 0) + sway())
  player:set_look_vertical(aim and math.atan2(eye - aim, dist) or 0)
end

-- One step of the dance: the dancer posed for time t, the camera still in front of it.
local function dance_step(player, dtime)
  pose_character(player, dance_pose(t), DANCE_DISTANCE, DANCE_EYE, dtime)
end

-- One step of the shocked meme: the pose and the camera's punch-ins for time t within the loop.
local function shock_step(player, dtime)
  local pose, fov, aim, shake = shock_at(t % SHOCK_LOOP)
  pose_character(player, pose, SHOCK_DISTANCE, SHOCK_EYE, dtime, aim, shake)
  if run.fov ~= fov then
    player:set_fov(fov, false, 0)
    run.fov = fov
  end
end

-- One step of the machine hall: its parts, then the camera gliding as hall_step says.
local function hall_camera(player, dtime, rate)
  local pos, look_yaw, look_pitch = hall_step(run.hall, t)
  move_to(player, pos, dtime)
  yaw = smooth_angle(yaw, look_yaw, rate)
  pitch = pitch and (pitch + (look_pitch - pitch) * rate) or look_pitch
  player:set_look_horizontal(yaw + sway())
  player:set_look_vertical(pitch)
end

-- The scenes stepped by one function each (player, dtime, rate), as SCENE_SETUP.
local SCENE_STEP = { cube = cube_step, machines = hall_camera, dance = dance_step, shock = shock_step }

minetest.register_globalstep(function(dtime)
  if not ready or finished then return end
  local player = minetest.get_connected_players()[1]
  if not player then return end
  -- Until "go", hold the run's first pose (the first grabbed frame already looks where the run goes). From "go" the
  -- run's time is the game's own clock (slowed with the rest of the game, so it keeps pace with the grab: one grabbed
  -- frame, 1/30 s), not the sum of the server's steps, which ran 7-11 % ahead of it and put a cut or a kick that much
  -- early against the sound laid under the clip.
  local rate
  if not started and read_file("go") then
    started = true
    go_us = minetest.get_us_time()
  end
  if started then
    local now = (minetest.get_us_time() - go_us) / 1e6
    dtime = math.max(0, now - t)
    t = now
    rate = math.min(1, dtime * 3.5)
  else
    dtime = 0
    rate = 1
  end
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
  elseif scene == "runner" then
    local d = t * RUN_SPEED
    if t > seconds + 3 or d > run.length then finished = true; write_file("done", "1"); return end
    local pos, side = runner_pose(run.start, run.base, run.plan, d)
    move_to(player, pos, dtime)
    -- Gold within 50 blocks ahead is put out; what the runner reaches in its lane, or leaves behind, goes.
    local coins = run.plan.coins
    while coins[run.coin_next] and coins[run.coin_next].at < d + 50 do
      local c = coins[run.coin_next]
      local obj = minetest.add_entity({ x = lane_x(run.start, c.lane), y = run.base + 1.3, z = run.start.z + c.at },
        "reel:coin")
      if obj then run.coins_out[#run.coins_out + 1] = { obj = obj, at = c.at, x = lane_x(run.start, c.lane) } end
      run.coin_next = run.coin_next + 1
    end
    for i = #run.coins_out, 1, -1 do
      local c = run.coins_out[i]
      if (c.at < d + 0.6 and math.abs(c.x - pos.x) < 1.2) or c.at < d - 3 then
        c.obj:remove()
        table.remove(run.coins_out, i)
      end
    end
    -- Looking down the line, turned a little into a lane change.
    yaw = smooth_angle(yaw, -0.22 * side, rate)
    pitch = pitch and (pitch + (0.14 - pitch) * rate) or 0.14
    player:set_look_horizontal(yaw + sway())
    player:set_look_vertical(pitch)
  elseif scene == "city" then
    local d = t * DRIVE_SPEED
    local x, z = city_point(run.path, d)
    local ax, az = city_point(run.path, d + 5)
    if t > seconds + 3 or not ax then finished = true; write_file("done", "1"); return end
    -- The eye at a car driver's height over the road, looking where the car will be in half a second.
    move_to(player, { x = x, y = run.base + 0.75, z = z }, dtime)
    yaw = smooth_angle(yaw, math.atan2(-(ax - x), az - z), rate)
    pitch = pitch and (pitch + (0.04 - pitch) * rate) or 0.04
    player:set_look_horizontal(yaw + sway())
    player:set_look_vertical(pitch)
  elseif scene == "marbles" then
    local tower = run.tower
    local count = #MARBLE_COLOURS
    -- The run starts with the train already on the tower: the first marble is a few ramps down.
    local lead = t + 4 + count * MARBLE_SPACING
    local followed
    for i = 1, count do
      local pos = marble_pos(tower, lead - (i - 1) * MARBLE_SPACING)
      local m = run.marbles[i]
      if pos and not m then
        m = minetest.add_entity(pos, "reel:marble")
        if m then
          m:set_properties({ textures = { "default_snowball.png^[multiply:" .. MARBLE_COLOURS[i] } })
          run.marbles[i] = m
        end
      elseif pos and m then
        m:set_pos(pos)
      end
      if i == math.ceil(count / 2) then followed = pos end
    end
    if t > seconds + 3 or not followed then finished = true; write_file("done", "1"); return end
    -- The camera faces the tower from 12 blocks out, drifting a little side to side, and follows the middle
    -- marble down with a lag.
    local want_y = followed.y + 1
    run.cam_y = run.cam_y and (run.cam_y + (want_y - run.cam_y) * math.min(1, dtime * 0.9)) or want_y
    local cx = tower.x0 + RAMP_W / 2 + 1.5 * math.sin(t * 0.21)
    move_to(player, { x = cx, y = run.cam_y - 1.5, z = tower.z - 12 }, dtime)
    yaw = smooth_angle(yaw, math.atan2(-(tower.x0 + RAMP_W / 2 - cx), 12), rate)
    pitch = pitch and (pitch + (0.05 - pitch) * rate) or 0.05
    player:set_look_horizontal(yaw + sway())
    player:set_look_vertical(pitch)
  elseif scene == "soccer" then
    if t > seconds + 3 then finished = true; write_file("done", "1"); return end
    local m = run.match
    local f = m.field
    m.acc = m.acc + dtime
    while m.acc >= STEP do soccer_step(m); m.acc = m.acc - STEP end
    local b = m.ball
    local function world(x, y, z) return { x = f.x + x, y = f.base + 0.5 + y, z = f.z + z } end
    if not m.ball_obj then m.ball_obj = minetest.add_entity(world(b.x, b.y, b.z), "reel:ball") end
    if m.ball_obj then
      m.ball_obj:set_pos(world(b.x, b.y, b.z))
      m.ball_obj:set_velocity({ x = b.vx, y = b.vy, z = b.vz })
    end
    for k, c in ipairs(m.cars) do
      if not c.obj then
        c.obj = minetest.add_entity(world(c.x, 0.4, c.z), "reel:car")
        local tex = c.team == 1 and "wool_blue.png" or "wool_orange.png"
        if c.obj then c.obj:set_properties({ textures = { tex, tex, tex, tex, tex, tex } }) end
      end
      if c.obj then
        c.obj:set_pos(world(c.x, 0.4, c.z))
        c.obj:set_velocity({ x = -math.sin(c.yaw) * c.speed, y = 0, z = math.cos(c.yaw) * c.speed })
        c.obj:set_yaw(c.yaw)
      end
      if k == 1 then
        -- Ball cam: behind and above the first blue car, on the line from the ball through the car.
        local dx, dz = c.x - b.x, c.z - b.z
        local dl = math.max(0.1, math.sqrt(dx * dx + dz * dz))
        -- Kept inside the walls, so a car by the wall never puts the camera outside the pitch.
        local hw, hl = PITCH_W / 2 - 1.2, PITCH_L / 2 - 1.2
        local cam = world(math.max(-hw, math.min(hw, c.x + dx / dl * 6)), 2.6,
          math.max(-hl, math.min(hl, c.z + dz / dl * 6)))
        move_to(player, cam, dtime)
        local eye_y = cam.y + 1.5
        local target = world(b.x, b.y, b.z)
        yaw = smooth_angle(yaw, math.atan2(-(target.x - cam.x), target.z - cam.z), rate * 0.8)
        local flat = math.max(1, math.sqrt((target.x - cam.x) ^ 2 + (target.z - cam.z) ^ 2))
        local want_pitch = math.max(-0.5, math.min(0.5, math.atan2(eye_y - target.y, flat)))
        pitch = pitch and (pitch + (want_pitch - pitch) * rate * 0.8) or want_pitch
        player:set_look_horizontal(yaw + sway())
        player:set_look_vertical(pitch)
      end
    end
  elseif scene == "islands" then
    local d = t * ISLE_SPEED
    if t > seconds + 3 then finished = true; write_file("done", "1"); return end
    local x, y = isle_path(run.start, d)
    move_to(player, { x = x, y = y - 1.5, z = run.start.z + d }, dtime)
    if cfg.pearls then
      run.pearls = run.pearls or {}
      pearls_step(run.pearls, { x = x, y = y, z = run.start.z + d }, t)
    end
    local ax = isle_path(run.start, d + 16)
    -- Looking a little down and along the glide, the gaze drifting slowly from side to side.
    yaw = smooth_angle(yaw, math.atan2(-(ax - x), 16) + 0.22 * math.sin(t * 0.09 + 0.5), rate)
    local want_pitch = 0.2 + 0.07 * math.sin(t * 0.07)
    pitch = pitch and (pitch + (want_pitch - pitch) * rate) or want_pitch
    player:set_look_horizontal(yaw + sway())
    player:set_look_vertical(pitch)
  elseif scene == "rave" then
    if t > seconds + 3 then finished = true; write_file("done", "1"); return end
    local hall = run.hall
    local b = math.floor(t / RAVE_BEAT)
    if b ~= run.beat then run.beat = b; show_panels(hall, b) end
    local bounce = math.abs(math.sin(math.pi * t / RAVE_BEAT))
    local zr = RAVE_START + t * RAVE_WALK
    -- The crowd and the DJ: put out once, each with its own move, then lifted on the beat.
    for _, p in ipairs(run.crowd) do
      if not p.obj then
        p.obj = minetest.add_entity({ x = hall.x + p.x, y = hall.base + 0.5, z = hall.z + p.z }, "reel:dancer")
        if p.obj then
          p.obj:set_properties({ textures = { "character.png^[colorize:" .. p.tint } })
          p.obj:set_yaw(p.yaw)
          p.obj:set_animation(RAVE_MOVES[p.move].frames, RAVE_MOVES[p.move].fps, 0, true)
        end
      end
      if p.obj then
        local s = math.abs(math.sin(math.pi * (t + p.lag) / RAVE_BEAT))
        p.obj:set_pos({ x = hall.x + rave_aside(p, zr), y = hall.base + 0.5 + (p.move == "jump" and 0.45 or 0.06) * s,
          z = hall.z + p.z })
      end
    end
    local dj = { x = hall.x, y = hall.base + 1.5 + 0.05 * bounce, z = hall.z + STAGE_Z + 3.2 }
    if not run.dj then
      run.dj = minetest.add_entity(dj, "reel:dancer")
      if run.dj then
        run.dj:set_yaw(math.pi)
        run.dj:set_animation(RAVE_MOVES.fist.frames, RAVE_MOVES.fist.fps, 0, true)
      end
    end
    if run.dj then run.dj:set_pos(dj) end
    -- The lasers: on for three bars of four, their colour changing every two bars.
    local bar = math.floor(b / 4)
    for k = 1, RAVE_LASERS do
      local pos, rot = laser_pose(hall, k, t)
      local l = run.lasers[k]
      if not l then
        l = { obj = minetest.add_entity(pos, "reel:laser") }
        run.lasers[k] = l
      end
      if l.obj then
        local colour = RAVE_COLOURS[(math.floor(bar / 2) + k) % 3 + 1]
        local shown = bar % 4 ~= 3
        if l.colour ~= colour or l.shown ~= shown then
          local tex = "default_cloud.png^[multiply:" .. colour
          l.obj:set_properties({ textures = { tex, tex, tex, tex, tex, tex }, is_visible = shown })
          l.colour, l.shown = colour, shown
        end
        l.obj:set_pos(pos)
        l.obj:set_rotation(rot)
      end
    end
    -- The camera walks in as a phone held up over the crowd (`hall.feet`), bobbing a little on the beat, looking at
    -- the wall of light over the DJ, its gaze wandering from side to side: the crowd's heads fill the bottom of the
    -- picture, the stage and the rig the rest.
    local pos = { x = hall.x + rave_path(zr), y = hall.feet + 0.05 * bounce, z = hall.z + zr }
    move_to(player, pos, dtime)
    local target = { x = hall.x, y = hall.base + 3.2, z = hall.z + STAGE_Z + 8 }
    yaw = smooth_angle(yaw, math.atan2(-(target.x - pos.x), target.z - pos.z) + 0.3 * math.sin(t * 0.13 + 0.8), rate)
    local flat = math.max(1, math.sqrt((target.x - pos.x) ^ 2 + (target.z - pos.z) ^ 2))
    local want_pitch = math.atan2(pos.y + 1.5 - target.y, flat) + 0.04 * math.sin(t * 0.21)
    pitch = pitch and (pitch + (want_pitch - pitch) * rate) or want_pitch
    player:set_look_horizontal(yaw + sway())
    player:set_look_vertical(pitch)
  elseif SCENE_STEP[scene] then
    if t > seconds + 3 then finished = true; write_file("done", "1"); return end
    SCENE_STEP[scene](player, dtime, rate)
  elseif scene == "tunnel" then
    local d = t * TUNNEL_SPEED
    if t > seconds + 3 or d > run.length then finished = true; write_file("done", "1"); return end
    local x, y = tunnel_centre(run.start, d)
    -- The eye on the tube's middle line; the player's feet are 1.5 below it.
    move_to(player, { x = x, y = y - 1.5, z = run.start.z + d }, dtime)
    local ax, ay = tunnel_centre(run.start, d + 12)
    yaw = smooth_angle(yaw, math.atan2(-(ax - x), 12), rate)
    local want_pitch = math.atan2(y - ay, 12)
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
