// Issue 33, item 5: a player dies mid-game on the dev server. The death empties the inventory, as on a
// vanilla server (the cards are never dropped; the own items are in the vault); on the respawn the
// hand is back at once, while nothing else at the table changes (it is the player's turn: the bot
// waits), and at the end the own items come back.
// argv: port
'use strict'
const { Player, main, result, sleep, until, tags, PATIENCE_MS } = require('./lib')

function counts (p) {
  const out = {}
  for (const i of p.ownItems()) out[i.name] = (out[i.name] || 0) + i.count
  return out
}

main(async () => {
  const [port] = process.argv.slice(2)
  const p = await Player.join('ivy', Number(port))
  const out = {}
  p.chat('/devgive diamond 5')
  await until('the diamonds', () => (counts(p).diamond || 0) === 5)

  const from = p.mark()
  p.chat('/uno start')
  await p.waitDealt(from)
  // ivy's turn: her hand changes only when she acts (a wild start card first asks her for its colour)
  let answered = null
  await until('ivy\'s turn with [Draw]', () => {
    const prompt = p.latestPrompt()
    if (!prompt) return false
    const colour = prompt.commands.find(c => /^\/uno colour (red|yellow|green|blue)\b/.test(c))
    if (colour && answered !== prompt.last) { answered = prompt.last; p.chat(colour) }
    return prompt.commands.some(c => /^\/uno draw /.test(c))
  })
  await sleep(1000)                              // what the turn sends has arrived
  out.before = tags(p)
  out.topBefore = p.topCard() && p.topCard().name

  const died = new Promise(resolve => p.bot.once('death', () => resolve(tags(p).length)))
  const respawned = new Promise(resolve => p.bot.once('respawn', () => resolve(Date.now())))
  p.chat('/devkill')
  out.cardsAtDeath = await died                  // the death emptied the inventory
  const at = await respawned
  await until('the hand back', () => JSON.stringify(tags(p)) === JSON.stringify(out.before), 10000,
    () => JSON.stringify(tags(p))).catch(() => {})
  out.after = tags(p)
  out.topAfter = p.topCard() && p.topCard().name
  out.backInMs = Date.now() - at
  out.ownWhilePlaying = counts(p)

  p.chat('/uno leave')
  await until('the own items back', () => p.cards().length === 0 && (counts(p).diamond || 0) === 5).catch(() => {})
  await sleep(500)
  out.end = counts(p)
  out.cardsEnd = p.cards().length
  p.bot.quit()
  result(out)
})
