-- Test-only mod of unocraft's mcpi tests (never installed on a real server).
--
-- A headless server has no clients, so the tests act as players through this mod: it reads
-- command lines the test appends to <world>/unocraft_test_in.txt and calls the callbacks the
-- pycraft mod registered (join, chat message, punch) with a stand-in player object, exactly as
-- the engine calls them for a real player. Only pycraft's callbacks are called (by their
-- recorded origin), so the rest of the game never sees the stand-ins.
--
--   join NAME X Y Z      a player at minetest position X Y Z joins
--   chat NAME TEXT...    NAME says TEXT
--   punch NAME X Y Z     NAME punches the node at minetest position X Y Z
--   leave NAME           NAME leaves
--
-- Every public chat line (what the API's chat.post says) is appended to <world>/unocraft_test_chat.txt.
--
-- When the area around the origin is generated and kept loaded, it writes <world>/unocraft_test_ready.

local world = minetest.get_worldpath()
local inbox = world .. "/unocraft_test_in.txt"
local offset = 0
local players = {}

local chat_send_all = minetest.chat_send_all
function minetest.chat_send_all(text)
    local f = io.open(world .. "/unocraft_test_chat.txt", "a")
    f:write(text .. "\n")
    f:close()
    return chat_send_all(text)
end

local function pycraft_callbacks(list)
    local out = {}
    for _, f in ipairs(list) do
        local origin = minetest.callback_origins[f]
        if origin and origin.mod == "pycraft" then
            table.insert(out, f)
        end
    end
    return out
end

local function stand_in(name, pos)
    local p = {pos = pos}
    function p:get_player_name() return name end
    function p:is_player() return true end
    function p:getpos() return vector.new(self.pos) end
    function p:get_pos() return vector.new(self.pos) end
    -- an empty hand: pycraft reports such a punch only when told to (the engine tells it)
    function p:get_wielded_item() return ItemStack("") end
    return p
end

local function run(line)
    local words = {}
    for w in line:gmatch("%S+") do table.insert(words, w) end
    local cmd, name = words[1], words[2]
    if cmd == "join" then
        local pos = {x = tonumber(words[3]), y = tonumber(words[4]), z = tonumber(words[5])}
        players[name] = stand_in(name, pos)
        for _, f in ipairs(pycraft_callbacks(minetest.registered_on_joinplayers)) do f(players[name]) end
    elseif cmd == "leave" and players[name] then
        for _, f in ipairs(pycraft_callbacks(minetest.registered_on_leaveplayers)) do f(players[name]) end
        players[name] = nil
    elseif cmd == "chat" then
        local text = line:match("^chat%s+%S+%s+(.*)$") or ""
        for _, f in ipairs(pycraft_callbacks(minetest.registered_on_chat_messages)) do f(name, text) end
    elseif cmd == "punch" and players[name] then
        local pos = {x = tonumber(words[3]), y = tonumber(words[4]), z = tonumber(words[5])}
        local node = minetest.get_node(pos)
        for _, f in ipairs(pycraft_callbacks(minetest.registered_on_punchnodes)) do
            f(pos, node, players[name], {type = "node", under = pos, above = pos})
        end
    else
        minetest.log("error", "unocraft_test: bad line " .. line)
    end
end

minetest.register_globalstep(function()
    local f = io.open(inbox, "r")
    if not f then return end
    f:seek("set", offset)
    while true do
        local line = f:read("*l")
        if not line then break end
        -- only whole lines (the test writes each with its newline in one call)
        offset = f:seek()
        if line ~= "" then run(line) end
    end
    f:close()
end)

-- the tests build around the origin: generate that area and keep it loaded without any player
minetest.after(0, function()
    local p1, p2 = {x = -48, y = -16, z = -48}, {x = 48, y = 48, z = 48}
    minetest.emerge_area(p1, p2, function(_, _, remaining)
        if remaining == 0 then
            for x = -48, 48, 16 do
                for y = -16, 48, 16 do
                    for z = -48, 48, 16 do
                        minetest.forceload_block({x = x, y = y, z = z}, true)
                    end
                end
            end
            local r = io.open(world .. "/unocraft_test_ready", "w")
            r:write("ready\n")
            r:close()
        end
    end)
end)
