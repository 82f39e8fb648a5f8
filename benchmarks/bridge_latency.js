// Client side of benchmarks/bridge_latency.py: N players, each at its own table with a bot.
// On each of its turns a player measures two round trips, back to back:
//   java:   "/benchping k" (a plain Java command, no Python) -> the inventory slot it changes
//   bridge: "/uno play CARD #t.." (a chat click through py4j, the engine, back) -> the hand update
// argv: port players plays warmup
'use strict'
const { Player, result, main, sleep } = require('../tests/e2e/lib')

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
        // Both round trips start at a random moment of the server's 50 ms tick (the server reads
        // commands once per tick), and their order alternates, so neither gets a better phase.
        const javaFirst = (pings % 2) === 0
        let javaMs = null
        let bridgeMs = null
        const measureJava = async () => {
          await sleep(Math.random() * 50)
          const t0 = process.hrtime.bigint()
          const done = nextSlotUpdate(p, s => s === 35)
          p.chat('/benchping ' + (++pings))
          const t1 = await done
          javaMs = t1 ? Number(t1 - t0) / 1e6 : null
        }
        const measureBridge = async () => {
          const [, , code, token] = play.split(' ')
          const cmd = code.startsWith('W') ? `/uno play ${code} red ${token}` : play
          await sleep(Math.random() * 50)
          const t0 = process.hrtime.bigint()
          const done = nextSlotUpdate(p, s => s >= 9 && s <= 44 && s !== 35)
          p.chat(cmd)
          const t1 = await done
          bridgeMs = t1 ? Number(t1 - t0) / 1e6 : null
        }
        if (javaFirst) { await measureJava(); await measureBridge() } else { await measureBridge(); await measureJava() }
        if (javaMs !== null && bridgeMs !== null) { java.push(javaMs); bridge.push(bridgeMs) }
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
  result({ java: java.slice(warmup), bridge: bridge.slice(warmup), players: nPlayers, warmup })
})
