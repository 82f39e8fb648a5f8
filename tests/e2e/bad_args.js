// Test 4: /uno with bad arguments answers with usage, and the server keeps running.
'use strict'
const { Player, main, result } = require('./lib')

main(async () => {
  const port = Number(process.argv[2])
  const p = await Player.join('dora', port)
  const answers = {}
  for (const cmd of ['/uno frobnicate', '/uno play', '/uno rules nosuchpreset', '/uno catch',
    '/uno join t999', '/uno colour mauve', '/uno rules target=lots']) {
    const from = p.mark()
    p.chat(cmd)
    const m = await p.waitMessage(/Usage: \/uno/, 10000, from)
    answers[cmd] = p.messages.slice(from).map(x => x.text)
    void m
  }
  // still answering afterwards
  const from = p.mark()
  p.chat('/uno help')
  await p.waitMessage(/UNO commands/, 10000, from)
  p.bot.quit()
  result({ answers })
})
