// The engine dies mid-game and comes back: the player is told the game is paused, keeps the
// cards (and the own items stay in the vault), and the table resumes where it was.
// argv: port stateFile goFile
'use strict'
const fs = require('fs')
const { Player, main, result, until, writeWhole, PATIENCE_MS } = require('./lib')

main(async () => {
  const [port, stateFile, goFile] = process.argv.slice(2)
  const p = await Player.join('finn', Number(port))
  p.chat('/devgive emerald 4')
  await until('the emeralds', () => p.ownItems().length > 0)
  const own = p.ownItems()
  let from = p.mark()
  p.chat('/uno start')
  await p.waitDealt(from)
  // finn's turn: the bot has moved, and nothing changes finn's hand until finn acts
  await until('finn\'s turn', () => p.latestPrompt())
  const before = p.cards().map(c => c.tag).sort()
  writeWhole(stateFile, JSON.stringify({ before }))
  from = p.mark()
  const paused = (await p.waitMessage(/paused/, PATIENCE_MS, from)).text     // pytest kills the engine now
  const whilePaused = p.cards().map(c => c.tag).sort()
  from = p.mark()
  p.chat('/uno draw')
  const refused = (await p.waitMessage(/engine|paused|not running/i, PATIENCE_MS, from)).text
  fs.writeFileSync(goFile + '.paused', 'x')
  from = p.mark()
  const resumed = (await p.waitMessage(/continues|back/, PATIENCE_MS, from)).text
  // the cards as before, once the resumed table has sent them again (pytest compares: a mismatch fails there)
  const cards = () => p.cards().map(c => c.tag).sort()
  await until('the cards as before', () => JSON.stringify(cards()) === JSON.stringify(before)).catch(() => {})
  const after = cards()
  from = p.mark()
  p.chat('/uno leave')
  await p.waitMessage(/items are back/, PATIENCE_MS, from)
  await until('the own items back', () => JSON.stringify(p.ownItems()) === JSON.stringify(own)).catch(() => {})
  const ownAfter = p.ownItems()
  p.bot.quit()
  result({ before, paused, whilePaused, refused, resumed, after, own, ownAfter })
})
