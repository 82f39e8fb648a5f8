// Client side of benchmarks/bridge_latency.py: N players, each at its own table with a bot.
// On each of its turns a player measures two round trips, sent together (the same server tick):
//   java:   "/benchping k" (a plain Java command, no Python) -> the inventory slot it changes
//   bridge: "/uno play CARD #t.." (a chat click through py4j, the engine, back) -> the hand update
// For each play it also notes how late this process's event loop ran while the play was in flight
// (a 5 ms timer): a client busy elsewhere (a garbage collection, another bot's packets) reads the
// updates late, and the time shows up as the bridge's unless it is put beside the play.
// argv: port players plays warmup
'use strict'
const { Player, result, main, sleep } = require('../tests/e2e/lib')

// The event loop's lateness: each firing of a 5 ms timer notes how late it came (ms).
const lateness = []
let expected = Date.now() + 5
setInterval(() => {
  const now = Date.now()
  lateness.push(Math.max(0, now - expected))
  expected = now + 5
}, 5).unref()

main(async () => {
  const [port, nPlayers, target, warmup] = process.argv.slice(2).map(Number)
  const players = []
  for (let i = 0; i < nPlayers; i++) {
    const p = await Player.join('bench' + String(i + 1).padStart(2, '0'), port)
    const from = p.mark()
    p.chat('/uno start')
    await p.waitMessage(/has started/, 20000, from)
    players.push(p)
  }
  const java = []
  const bridge = []
  const lags = []     // per play: the worst lateness of the event loop while it was in flight
  let pings = 0

  function nextSlotUpdate (p, accept, timeoutMs = 3000) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => { p.bot.inventory.removeListener('updateSlot', on); resolve(null) }, timeoutMs)
      function on (slot) {
        if (!accept(slot)) return
        clearTimeout(timer)
        p.bot.inventory.removeListener('updateSlot', on)
        resolve(process.hrtime.bigint())
      }
      p.bot.inventory.on('updateSlot', on)
    })
  }

  async function loop (p) {
    let handled = -1
    while (bridge.length < target + warmup) {
      await sleep(5)
      const pr = p.latestPrompt()
      if (!pr || pr.last === handled || Date.now() - p.lastMessageAt < 30) continue
      handled = pr.last
      const cmds = pr.commands
      const play = cmds.find(c => /^\/uno play \S+ #t/.test(c))
      const colour = cmds.find(c => /^\/uno (play \S+ |colour )(red|yellow|green|blue)\b/.test(c))
      if (colour) { p.chat(colour); continue }
      if (play) {
        // The play and a plain Java command ("/benchping", one slot) are sent together, at a
        // random moment of the server's 50 ms tick: the server reads both in the same tick, so
        // the two round trips share the wait for it and their difference is what the bridge adds
        // to this play. Which goes first alternates.
        const [, , code, token] = play.split(' ')
        const cmd = code.startsWith('W') ? `/uno play ${code} red ${token}` : play
        await sleep(Math.random() * 50)
        const javaDone = nextSlotUpdate(p, s => s === 35)
        const bridgeDone = nextSlotUpdate(p, s => s >= 9 && s <= 44 && s !== 35)
        const ping = '/benchping ' + (++pings)
        const t0 = process.hrtime.bigint()
        const lateFrom = lateness.length
        if (pings % 2 === 0) { p.chat(ping); p.chat(cmd) } else { p.chat(cmd); p.chat(ping) }
        const [t1, t2] = await Promise.all([javaDone, bridgeDone])
        await sleep(6)      // the timer's next firing says how late the loop was at the end
        if (t1 && t2) {
          java.push(Number(t1 - t0) / 1e6)
          bridge.push(Number(t2 - t0) / 1e6)
          lags.push(Math.max(0, ...lateness.slice(lateFrom)))
        }
        continue
      }
      const draw = cmds.find(c => /^\/uno draw /.test(c))
      const pass = cmds.find(c => /^\/uno pass /.test(c))
      if (draw) p.chat(draw)
      else if (pass) p.chat(pass)
    }
  }
  await Promise.all(players.map(loop))
  players.forEach(p => p.bot.quit())
  await sleep(300)
  // the first plays warm up the JIT and py4j; they are not counted
  result({ java: java.slice(warmup), bridge: bridge.slice(warmup), lags: lags.slice(warmup), players: nPlayers, warmup })
})
