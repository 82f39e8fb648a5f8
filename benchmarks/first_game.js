// Client side of benchmarks/first_game.py: one player opens a table and plays until `rounds`
// rounds are over, through chat clicks. argv: port rounds
'use strict'
const { Player, playUntil, result, main, sleep } = require('../tests/e2e/lib')

main(async () => {
  const [port, rounds] = process.argv.slice(2).map(Number)
  const p = await Player.join('first', port)
  const t0 = Date.now()
  p.chat('/uno start')
  await p.waitDealt()
  const dealtMs = Date.now() - t0
  const done = () => p.messages.filter(m => /won the round|Nobody can finish this round/.test(m.text)).length >= rounds
  const stats = await playUntil(p, done, { preferChat: true, callUno: 'button' }, 300000)
  await sleep(300)
  p.bot.quit()
  result({ stats, dealtMs })
})
