// Test 4: /uno with bad arguments answers with usage, and the server keeps running.
'use strict'
const { Player, main, result, PATIENCE_MS } = require('./lib')

main(async () => {
  const port = Number(process.argv[2])
  const p = await Player.join('dora', port)
  const answers = {}
  for (const cmd of ['/uno frobnicate', '/uno play', '/uno rules nosuchpreset', '/uno catch',
    '/uno join t999', '/uno colour mauve', '/uno rules target=lots']) {
    const from = p.mark()
    p.chat(cmd)
    const m = await p.waitMessage(/Usage: \/uno|Type \/uno help/, PATIENCE_MS, from)
    answers[cmd] = p.messages.slice(from).map(x => x.text)
    void m
  }
  // tab completion of /uno's first argument and of a sub-command's argument
  const words = (m) => m.map(x => typeof x === 'string' ? x : x.match)
  const completions = {
    first: words(await p.bot.tabComplete('/uno s', true, false, PATIENCE_MS)),
    rules: words(await p.bot.tabComplete('/uno rules ru', true, false, PATIENCE_MS))
  }
  // still answering afterwards
  const from = p.mark()
  p.chat('/uno help')
  await p.waitMessage(/UNO commands/, PATIENCE_MS, from)
  p.bot.quit()
  result({ answers, completions })
})
