// The skill rating end to end (issue 24): two real clients finish a single-round match; the rating
// of both changes (the placeholders read it: what a PlaceholderAPI request would get), /uno stats
// shows it and /uno top rating lists them, the winner first.
// argv: port
'use strict'
const { playUntil, main, result, twoAtATable, askPlaceholders, askPlaceholdersUntil, PATIENCE_MS } = require('./lib')

main(async () => {
  const port = Number(process.argv[2])
  const { ann, bob } = await twoAtATable(port)
  const before = await askPlaceholders(ann, ['rating'])
  const from = ann.mark()
  const over = () => ann.messages.slice(from).some(m => /won the round/.test(m.text))
  await Promise.all([playUntil(ann, over, { callUno: 'button' }, 240000),
    playUntil(bob, over, { callUno: 'button' }, 240000)])
  await ann.waitMessage(/is closed/, PATIENCE_MS, from)
  const won = ann.messages.slice(from).find(m => /won the round/.test(m.text)).text
  const rated = a => a.rating !== '' && a.matches === '1'
  const annAfter = await askPlaceholdersUntil(ann, ['rating', 'matches', 'wins'], 'ann rated', rated)
  const bobAfter = await askPlaceholdersUntil(bob, ['rating', 'matches', 'wins'], 'bob rated', rated)
  let at = ann.mark()
  ann.chat('/uno stats')
  const stats = (await ann.waitMessage(/^Rating /, PATIENCE_MS, at)).text
  at = ann.mark()
  ann.chat('/uno top rating')
  await ann.waitMessage(/^2\. /, PATIENCE_MS, at)
  const top = ann.messages.slice(at).map(m => m.text)
  ann.bot.quit()
  bob.bot.quit()
  result({ before, won, annAfter, bobAfter, stats, top })
})
