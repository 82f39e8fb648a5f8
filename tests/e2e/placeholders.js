// The placeholders (issue 24): what a PlaceholderAPI request for this player would get, read through
// the dev server's /unoplaceholder <name>, which answers from the same cache the expansion reads.
// Before a game (no statistics), seated in the lobby, playing, after the single-round match, and an
// unknown name.
// argv: port
'use strict'
const { Player, playUntil, main, result, sleep, until, PATIENCE_MS } = require('./lib')

// every name asked once; the answers, name -> value (the line: %unocraft_<name>% = "<value>")
async function ask (p, names) {
  const from = p.mark()
  for (const n of names) p.chat(`/unoplaceholder ${n}`)
  await until('the placeholders answered', () => p.messages.slice(from).filter(m => /^%unocraft_/.test(m.text)).length >= names.length)
  const out = {}
  for (const m of p.messages.slice(from)) {
    const g = /^%unocraft_(\S+)% = "(.*)"$/.exec(m.text)
    if (g) out[g[1]] = g[2]
  }
  return out
}

// asks until `ok(answers)`: the engine's push follows the change by a moment
async function askUntil (p, names, what, ok, timeoutMs = PATIENCE_MS) {
  const end = Date.now() + timeoutMs
  let last = null
  while (Date.now() < end) {
    last = await ask(p, names)
    if (ok(last)) return last
    await sleep(300)
  }
  throw new Error(`${what}: ${JSON.stringify(last)}`)
}

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
