// One load-generator process of benchmarks/capacity.py, which starts several of them so that no
// single Node event loop has to keep up with every client (one process for 200 clients fell behind
// on keep-alives and was kicked). Each process runs a share of:
//   `tables` light protocol clients (minecraft-protocol, no world, no physics), each opening a
//   table of its own with `/uno start` and then sitting idle, so the engine's bots play and the
//   turn timer plays the idle seat; and
//   `players` mineflayer players, each at a table of its own, playing every turn through chat clicks.
// Every client opens a new table when its match ends and its table closes, as players who stay
// at the server do: a table is in play for the whole run, however long joining takes.
// It prints "READY {...}" once its tables have started, then waits for "GO from until" (epoch ms)
// on stdin: the window, the same for every process. For the window it counts, per table, the
// play/draw announcements its client saw and the time from one announcement to the next when a bot
// made the second, beyond its bot_think wait(s); and it samples its own event loop's lag (how late
// a 20 ms timer fires), which says whether the generator kept up.
// argv: port firstTable tables firstPlayer players botThink
'use strict'
const readline = require('readline')
const mc = require('../tests/e2e/node_modules/minecraft-protocol')   // installed for the e2e tests
const { Player, playUntil, result, main, sleep } = require('../tests/e2e/lib')

const VERSION = '1.21.11'
const WAVE = 5        // light clients joining at once
const MOVE = /^(\S+) (played|drew) /      // "Bot-Steve played Red 5." / "ann drew a card."
const ROUND_END = /won the round|Nobody can finish this round/   // the next move waits for timers.next_round
const MATCH_END = /won the match/
const CLOSED = /^Table \S+ is closed\.$/     // the match is over: the client opens its next table
const RESTART_MS = 1000     // a player's pause between a match and the next

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
    // the smallest render distance a vanilla client offers: an idle client that renders nothing
    // need not be sent (and parse) hundreds of chunks, which made the generator fall behind while joining
    const client = mc.createClient({
      host: '127.0.0.1', port, username: name, version: VERSION, auth: 'offline', hideErrors: true, clientSettings: { viewDistance: 2 }
    })
    table.client = client
    client.on('packet', (data, meta) => { packets[meta.name] = (packets[meta.name] || 0) + 1 })
    const timer = setTimeout(() => reject(new Error(`${name}: not in play within 60 s`)), 60000)
    client.on('system_chat', (p) => {
      let text
      try { text = plainOf(typeof p.content === 'string' ? JSON.parse(p.content) : p.content) } catch { text = String(p.content) }
      if (/has started/.test(text)) {
        table.started = table.started || Date.now()
        table.starts++
      }
      const m = MOVE.exec(text)
      if (m) table.moves.push({ at: Date.now(), actor: m[1], bot: m[1].startsWith('Bot-'), drewOne: / drew a card\./.test(text) })
      else if (ROUND_END.test(text) || MATCH_END.test(text)) table.moves.push({ at: Date.now(), roundEnd: true })
      if (CLOSED.test(text)) {
        table.moves.push({ at: Date.now(), roundEnd: true, matchEnd: true })
        setTimeout(() => client.chat('/uno start official'), RESTART_MS)
      }
    })
    client.on('error', (e) => fail(String(e.message || e)))
    const fail = (what) => {
      table.errors.push(what)
      console.error(`${new Date().toISOString()} ${name}: ${what} (event-loop lag now ${lag.now()} ms)`)
    }
    client.on('kick_disconnect', (p) => fail('kicked: ' + JSON.stringify(p.reason)))
    client.on('end', (r) => { if (!table.leaving) fail('disconnected: ' + r) })
    client.once('login', async () => {
      clearTimeout(timer)
      await sleep(300)
      client.chat('/uno start official')   // a table of its own, not the one next to it
      resolve()
    })
  })
}

// How late a 20 ms timer fires, sampled from now on: the event loop's lag.
function lagMonitor () {
  const samples = []
  let expected = Date.now() + 20
  const timer = setInterval(() => {
    const now = Date.now()
    samples.push({ at: now, lag: Math.max(0, now - expected) })
    expected = now + 20
  }, 20)
  return { samples, stop: () => clearInterval(timer), now: () => Math.max(0, Date.now() - expected) }
}
const lag = lagMonitor()
const packets = {}      // what the light clients of this process were sent, by packet name (the generator's load)

// The next line on stdin.
function nextLine (rl) { return new Promise(resolve => rl.once('line', resolve)) }

main(async () => {
  const [port, firstTable, nTables, firstPlayer, nPlayers, botThink] = process.argv.slice(2).map(Number)
  const rl = readline.createInterface({ input: process.stdin })
  const t0 = Date.now()
  const players = []
  for (let i = firstPlayer; i < firstPlayer + nPlayers; i++) {
    const p = await Player.join('real' + String(i + 1).padStart(2, '0'), port, 120000)
    p.matches = 0
    p.starts = 0
    p.bot.on('message', (msg) => {
      const text = msg.toString()
      if (/has started/.test(text)) p.starts++
      if (CLOSED.test(text)) {
        p.matches++
        setTimeout(() => p.chat('/uno start official'), RESTART_MS)
      }
    })
    const from = p.mark()
    p.chat('/uno start official')
    await p.waitMessage(/has started/, 60000, from)
    players.push(p)
  }
  const tables = []
  // join in small waves: a real server sees players arrive over time, not 200 in one tick; and
  // each join's packets (registries, chunks, the player list) cost this process tens of ms to
  // parse, which must not hold up the keep-alives of the clients already in
  for (let i = firstTable; i < firstTable + nTables; i += WAVE) {
    const wave = []
    for (let j = i; j < Math.min(firstTable + nTables, i + WAVE); j++) {
      const table = { name: 'cap' + String(j + 1).padStart(3, '0'), moves: [], errors: [], started: null, starts: 0 }
      tables.push(table)
      wave.push(idleClient(table.name, port, table))
    }
    await Promise.all(wave)
    while (lag.now() > 100) await sleep(50)    // let the loop catch up before the next wave
  }
  const startBy = Date.now() + 60000
  while (tables.some(t => !t.started) && Date.now() < startBy) await sleep(100)
  process.stdout.write('READY ' + JSON.stringify({ joinedMs: Date.now() - t0 }) + '\n')
  const [from, until] = (await nextLine(rl)).split(' ').slice(1).map(Number)
  rl.close()
  const playerStats = await Promise.all(players.map(p =>
    playUntil(p, () => Date.now() >= until, { preferChat: true, callUno: 'button' }, until - Date.now() + 60000)))
  while (Date.now() < until) await sleep(100)
  lag.stop()
  const out = tables.map(t => {
    const inWindow = t.moves.filter(m => !m.roundEnd && m.at >= from && m.at < until)
    const matches = t.moves.filter(m => m.matchEnd && m.at >= from && m.at < until).length
    const gaps = []
    for (let k = 1; k < t.moves.length; k++) {
      const [before, move] = [t.moves[k - 1], t.moves[k]]
      if (!move.bot || before.roundEnd || move.at < from || move.at >= until) continue
      // a player (or the stand-in bot of the idle seat) who drew one card and could not play it
      // passes, unannounced, after a wait of its own
      const waits = before.drewOne && before.actor !== move.actor ? 2 : 1
      gaps.push(move.at - before.at - waits * botThink * 1000)
    }
    return { name: t.name, started: !!t.started, starts: t.starts, moves: inWindow.length, matches, matchesInAll: t.moves.filter(m => m.matchEnd).length, gaps, errors: t.errors }
  })
  for (const t of tables) { t.leaving = true; t.client.end() }
  players.forEach(p => p.bot.quit())
  await sleep(500)
  const lags = lag.samples.filter(s => s.at >= from && s.at < until).map(s => s.lag)
  const joiningLagMax = Math.max(0, ...lag.samples.filter(s => s.at < from).map(s => s.lag))
  result({ packets, tables: out, players: playerStats.map((s, i) => ({ name: players[i].name, matches: players[i].matches, starts: players[i].starts, ...s })), lags, joiningLagMax })
})
