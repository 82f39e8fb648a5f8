// Client side of benchmarks/capacity.py: `tables` light protocol clients (minecraft-protocol, no
// world, no physics), each opening a table of its own with `/uno start` and then sitting idle, so
// the engine's bots play and the turn timer plays the idle seat; and `players` mineflayer players,
// each at a table of its own, playing every turn through chat clicks. For `seconds` after every
// table has started it counts, per table, the play/draw announcements its client saw, and the
// time from one announcement to the next when a bot made the second, beyond its bot_think wait(s).
// argv: port tables players seconds botThink
'use strict'
const mc = require('../tests/e2e/node_modules/minecraft-protocol')   // installed for the e2e tests
const { Player, playUntil, result, main, sleep } = require('../tests/e2e/lib')

const VERSION = '1.21.11'
const MOVE = /^(\S+) (played|drew) /      // "Bot-Steve played Red 5." / "ann drew a card."
const ROUND_END = /won the round|Nobody can finish this round/   // the next move waits for timers.next_round

// Every text of an NBT or JSON chat component, in order: the line as the player reads it.
function plainOf (node) {
  if (node == null) return ''
  if (typeof node === 'string') return node
  if (Array.isArray(node)) return node.map(plainOf).join('')
  if (typeof node !== 'object') return ''
  if (node.type && 'value' in node) return plainOf(node.value)    // prismarine-nbt {type, value}
  let out = ''
  if (node.text != null) out += plainOf(node.text)
  if (node[''] != null) out += plainOf(node[''])
  if (node.extra != null) out += plainOf(node.extra)
  return out
}

// One light client: joins, opens a table, records the moves announced at it.
function idleClient (name, port, table) {
  return new Promise((resolve, reject) => {
    const client = mc.createClient({ host: '127.0.0.1', port, username: name, version: VERSION, auth: 'offline', hideErrors: true })
    table.client = client
    const timer = setTimeout(() => reject(new Error(`${name}: not in play within 60 s`)), 60000)
    client.on('system_chat', (p) => {
      let text
      try { text = plainOf(typeof p.content === 'string' ? JSON.parse(p.content) : p.content) } catch { text = String(p.content) }
      if (/has started/.test(text)) table.started = Date.now()
      const m = MOVE.exec(text)
      if (m) table.moves.push({ at: Date.now(), actor: m[1], bot: m[1].startsWith('Bot-'), drewOne: / drew a card\./.test(text) })
      else if (ROUND_END.test(text)) table.moves.push({ at: Date.now(), roundEnd: true })
    })
    client.on('error', (e) => { table.errors.push(String(e.message || e)) })
    client.on('kick_disconnect', (p) => { table.errors.push('kicked: ' + plainOf(p.reason)) })
    client.on('end', (r) => { if (!table.leaving) table.errors.push('disconnected: ' + r) })
    client.once('login', async () => {
      clearTimeout(timer)
      await sleep(300)
      client.chat('/uno start official')   // a table of its own, not the one next to it
      resolve()
    })
  })
}

main(async () => {
  const [port, nTables, nPlayers, seconds, botThink] = process.argv.slice(2).map(Number)
  const t0 = Date.now()
  // the mineflayer players first: a full client takes long to spawn beside hundreds of others
  const players = []
  for (let i = 0; i < nPlayers; i++) {
    const p = await Player.join('real' + String(i + 1).padStart(2, '0'), port, 120000)
    const from = p.mark()
    p.chat('/uno start official')
    await p.waitMessage(/has started/, 60000, from)
    players.push(p)
  }
  const tables = []
  // join in small waves: a real server sees players arrive over time, not 200 in one tick
  for (let i = 0; i < nTables; i += 10) {
    const wave = []
    for (let j = i; j < Math.min(nTables, i + 10); j++) {
      const table = { name: 'cap' + String(j + 1).padStart(3, '0'), moves: [], errors: [], started: null }
      tables.push(table)
      wave.push(idleClient(table.name, port, table))
    }
    await Promise.all(wave)
  }
  const joinedMs = Date.now() - t0
  // every idle table has started (lobby countdown over) before the window opens
  const startBy = Date.now() + 60000
  while (tables.some(t => !t.started) && Date.now() < startBy) await sleep(100)
  const from = Date.now()
  const until = from + seconds * 1000
  const playerStats = await Promise.all(players.map(p =>
    playUntil(p, () => Date.now() >= until, { preferChat: true, callUno: 'button' }, seconds * 1000 + 60000)))
  while (Date.now() < until) await sleep(100)
  const out = tables.map(t => {
    const inWindow = t.moves.filter(m => !m.roundEnd && m.at >= from && m.at < until)
    const gaps = []
    for (let k = 1; k < t.moves.length; k++) {
      const [before, move] = [t.moves[k - 1], t.moves[k]]
      if (!move.bot || before.roundEnd || move.at < from || move.at >= until) continue
      // a player (or the stand-in bot of the idle seat) who drew one card and could not play it
      // passes, unannounced, after a wait of its own
      const waits = before.drewOne && before.actor !== move.actor ? 2 : 1
      gaps.push(move.at - before.at - waits * botThink * 1000)
    }
    return { name: t.name, started: !!t.started, moves: inWindow.length, gaps, errors: t.errors }
  })
  for (const t of tables) { t.leaving = true; t.client.end() }
  players.forEach(p => p.bot.quit())
  await sleep(500)
  result({ tables: out, players: playerStats.map((s, i) => ({ name: players[i].name, ...s })), joinedMs, windowMs: until - from })
})
