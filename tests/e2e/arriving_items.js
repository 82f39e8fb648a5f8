// Issue 30: items that arrive while a hand is on show, and a leave as the engine dies.
// argv: port phase [stateFile goFile offsetMs]
//   phase "gifts": own items, a game; mid-game three gifts (/devgive, as /give or a plugin's addItem
//                  does it), each followed by draws and plays (the hand grows into more slots);
//                  then the game is played to its end: every own item and every gift is there, once.
//   phase "leave": own items, a game; writes stateFile after the deal; pytest writes goFile with a
//                  moment (ms since the epoch) at which it kills the engine; /uno leave is sent
//                  offsetMs from that moment (negative: before the kill); the player must end up off
//                  the table with their own items, and stay so once the engine is back.
'use strict'
const fs = require('fs')
const { Player, playUntil, main, result, sleep, until, writeWhole, PATIENCE_MS } = require('./lib')

// Item name -> count over the whole inventory (slots do not matter: a gift may have been moved).
function counts (p) {
  const out = {}
  for (const i of p.ownItems()) out[i.name] = (out[i.name] || 0) + i.count
  return out
}

function same (a, b) {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()
  return keys.every(k => a[k] === b[k])
}

async function give (p, what, n) {
  const before = counts(p)[what] || 0
  p.chat(`/devgive ${what} ${n}`)
  // seen in the inventory, or gone at once (the old overwrite): either way go on, pytest judges the end
  await until(`the gift ${what}`, () => (counts(p)[what] || 0) >= before + n, 5000).catch(() => {})
}

main(async () => {
  const [port, phase, stateFile, goFile, offsetMs] = process.argv.slice(2)
  // a name per run: the dev server keeps a player's inventory between visits
  const p = await Player.join(phase === 'gifts' ? 'gia' : `lev${Number(offsetMs) < 0 ? 'm' : 'p'}${Math.abs(Number(offsetMs))}`, Number(port))
  p.chat('/devgive diamond 5')
  await sleep(150)
  p.chat('/devgive stone_sword 1')
  await until('the own items', () => p.ownItems().length === 2)
  await sleep(300)
  const own = counts(p)
  const out = { own }
  let from = p.mark()
  p.chat('/uno start')
  await p.waitDealt(from)
  out.dealt = p.cards().length
  if (phase === 'gifts') {
    const closed = () => p.messages.slice(from).some(m => /is closed/.test(m.text))
    out.seen = {}
    for (const [what, n] of [['diamond', 2], ['gold_ingot', 4], ['iron_sword', 1]]) {
      await give(p, what, n)
      out.seen[what] = counts(p)[what] || 0
      // three own moves, drawing while it can: the hand grows into the slots after the gift's
      let moves = 0
      await playUntil(p, s => closed() || (moves = s.draws + s.rightClickPlays + s.chatPlays) >= 3, { drawWhenAtMost: 99 }, 120000)
      out.movesAfter = (out.movesAfter || 0) + moves
    }
    out.mostCards = p.cards().length
    await playUntil(p, closed, { callUno: 'click' }, 240000)
    const want = { ...own }
    want.diamond += 2
    want.gold_ingot = 4
    want.iron_sword = 1
    await until('every item back', () => same(counts(p), want) && p.cards().length === 0).catch(() => {})
    out.after = counts(p)
    out.cardsAfter = p.cards().length
  } else {
    writeWhole(stateFile, JSON.stringify({ dealt: out.dealt }))
    await until('the go', () => fs.existsSync(goFile))
    const killAt = Number(fs.readFileSync(goFile, 'utf8'))
    const leaveAt = killAt + Number(offsetMs)
    while (Date.now() < leaveAt) await sleep(1)
    from = p.mark()
    p.chat('/uno leave')
    out.leftAtMs = Date.now() - killAt
    // off the table with the own items: at once, or once the engine is back and has the leave
    await until('the own items back', () => same(counts(p), own) && p.cards().length === 0, 30000).catch(() => {})
    out.backAfterMs = Date.now() - killAt
    // once the restarted engine answers (not the plugin's "not responding"), and has had time to
    // resume its tables, a second leave must find the player at no table
    let answer = null
    for (const end = Date.now() + PATIENCE_MS; !answer && Date.now() < end;) {
      const asked = p.mark()
      p.chat('/uno stats')
      const m = await p.waitMessage(/./, 3000, asked).catch(() => null)
      if (m && !/not responding|not running/.test(m.text)) answer = m.text
      else await sleep(500)
    }
    out.engineAnswered = answer !== null
    await sleep(3000)
    out.midway = { items: counts(p), cards: p.cards().length }
    const asked = p.mark()
    p.chat('/uno leave')
    out.secondLeave = (await p.waitMessage(/./, PATIENCE_MS, asked)).text
    await sleep(500)
    out.after = counts(p)
    out.cardsAfter = p.cards().length
  }
  result(out)
  p.bot.quit()
})
