// The engine dies mid-game and comes back: the player is told the game is paused, keeps the
// cards (and the own items stay in the vault), and the table resumes where it was.
// argv: port stateFile goFile
'use strict'
const fs = require('fs')
const { Player, main, result, sleep, until } = require('./lib')

main(async () => {
  const [port, stateFile, goFile] = process.argv.slice(2)
  const p = await Player.join('finn', Number(port))
  p.chat('/devgive emerald 4')
  await until('the emeralds', () => p.ownItems().length > 0)
  const own = p.ownItems()
  let from = p.mark()
  p.chat('/uno start')
  await p.waitDealt(from)
  await sleep(400)
  const before = p.cards().map(c => c.tag).sort()
  fs.writeFileSync(stateFile, JSON.stringify({ before }))
  from = p.mark()
  const paused = (await p.waitMessage(/paused/, 30000, from)).text     // pytest kills the engine now
  const whilePaused = p.cards().map(c => c.tag).sort()
  from = p.mark()
  p.chat('/uno draw')
  const refused = (await p.waitMessage(/engine|paused|not running/i, 10000, from)).text
  fs.writeFileSync(goFile + '.paused', 'x')
  from = p.mark()
  const resumed = (await p.waitMessage(/continues|back/, 60000, from)).text
  await sleep(800)
  const after = p.cards().map(c => c.tag).sort()
  from = p.mark()
  p.chat('/uno leave')
  await p.waitMessage(/items are back/, 10000, from)
  const same = () => JSON.stringify(p.ownItems()) === JSON.stringify(own)
  const end = Date.now() + 5000
  while (Date.now() < end && !same()) await sleep(50)
  const ownAfter = p.ownItems()
  p.bot.quit()
  result({ before, paused, whilePaused, refused, resumed, after, own, ownAfter })
})
