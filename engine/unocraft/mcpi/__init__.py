"""`unocraft mcpi`: an open-handed table on any server that speaks the Minecraft Pi API.

RaspberryJuice (Spigot/Paper), Raspberry Jam (Forge) and pycraft (Minetest) give a script block
edits, public chat, chat and block-hit events and player positions, and no private channel. Over
them the engine runs its own tables layer unchanged (every rule set, bots, timers, statistics):
`transport` turns chat lines and block hits into the tables' events and their chat ops into public
chat, `board` draws each table in blocks (`blocks`: the card art in the server's wool). No rule is
decided here.
"""
