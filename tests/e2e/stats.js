// Statistics: one client plays a single-round table against a bot until the round ends, then
// types /uno stats and reports the lines it reads, with what it saw happen in chat (its plays, its
// UNO calls, its catches, who won) for pytest to compare; then /uno stats nosuchplayer and
// /uno top nonsense.
// argv: port
'use strict'
const { Player, playUntil, main, result, sleep, PATIENCE_MS } = require('./lib')

async function linesAfter (p, from, last, timeoutMs = PATIENCE_MS) {
  await p.waitMessage(last, timeoutMs, from)
  await sleep(200)
  return p.messages.slice(from).map(m => m.text)
}

main(async () => {
  const [port] = process.argv.slice(2)
  const p = await Player.join('ann', Number(port))
  const before = p.mark()
  p.chat('/uno stats')
  const beforeLines = await linesAfter(p, before, /no UNO statistics yet/)
  const from = p.mark()
  p.chat('/uno start')
  await p.waitDealt(from)
  const done = () => p.messages.slice(from).some(m => /won the round/.test(m.text))
  const play = await playUntil(p, done, { callUno: 'button' }, 240000)
  await p.waitMessage(/is closed/, PATIENCE_MS, from)     // single round: the table closes, items come back
  const seen = p.messages.slice(from).map(m => m.text)
  const at = p.mark()
  p.chat('/uno stats')
  const stats = await linesAfter(p, at, /Caught without UNO/)
  const at2 = p.mark()
  p.chat('/uno stats nosuchplayer')
  const none = await linesAfter(p, at2, /no UNO statistics for/)
  const at3 = p.mark()
  p.chat('/uno top nonsense')
  const badTop = await linesAfter(p, at3, /Usage: \/uno top/)
  const at4 = p.mark()
  p.chat('/uno top wins')
  const top = await linesAfter(p, at4, /^1\. |Nobody is on this list/)
  p.bot.quit()
  result({ beforeLines, play, seen, stats, none, badTop, top })
})
