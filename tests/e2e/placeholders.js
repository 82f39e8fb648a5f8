// The placeholders (issue 24): what a PlaceholderAPI request for this player would get, read through
// the dev server's /unoplaceholder <name>, which answers from the same cache the expansion reads.
// Before a game (no statistics), seated in the lobby, playing, after the single-round match, and an
// unknown name.
// argv: port
'use strict'
const { Player, playUntil, main, result, askPlaceholders: ask, askPlaceholdersUntil: askUntil, PATIENCE_MS } = require('./lib')

const MINE = ['wins', 'matches', 'points', 'win_rate', 'rating', 'table', 'state']

main(async () => {
  const [port] = process.argv.slice(2)
  const p = await Player.join('ann', Number(port))
  const before = await askUntil(p, MINE, 'her values after the join', a => a.state === 'idle' && a.wins === '0')
  const from = p.mark()
  p.chat('/uno start')
  const seated = await askUntil(p, ['table', 'state'], 'seated', a => a.state === 'seated' || a.state === 'playing')
  await p.waitDealt(from)
  const playing = await askUntil(p, ['table', 'state'], 'playing', a => a.state === 'playing')
  const done = () => p.messages.slice(from).some(m => /won the round/.test(m.text))
  await playUntil(p, done, { callUno: 'button' }, 240000)
  await p.waitMessage(/is closed/, PATIENCE_MS, from)
  const seen = p.messages.slice(from).map(m => m.text)
  const after = await askUntil(p, MINE, 'her values after the match', a => a.matches === '1' && a.state === 'idle')
  const top = await askUntil(p, ['top_points_1_name', 'top_points_1_value', 'top_wins_1_name', 'top_wins_1_value', 'top_wins_2_name'],
    'the top lists', a => a.top_points_1_name === 'ann', 20000)
  const unknown = await ask(p, ['nonsense', 'top_wins_11_name', 'top_elo_1_name'])
  p.bot.quit()
  result({ before, seated, playing, seen, after, top, unknown })
})
