// A player who only listens, driven by pytest over stdin and stdout (tests/test_bridge.py): joins,
// prints READY, then one line per chat message it receives (MSG {"len": characters, "head": the
// first 40}), and leaves when "quit" arrives on stdin or stdin closes.
'use strict'
const { Player, main, plain, result, sleep } = require('./lib')

main(async () => {
  const [port, name] = process.argv.slice(2)
  const p = await Player.join(name, Number(port))
  p.bot.on('message', (msg) => {
    const text = plain(msg.json)     // the whole text (mineflayer's toString stops at 4096 characters)
    process.stdout.write('MSG ' + JSON.stringify({ len: text.length, head: text.slice(0, 40) }) + '\n')
  })
  process.stdout.write('READY\n')
  await new Promise(resolve => {
    process.stdin.on('data', d => { if (String(d).includes('quit')) resolve() })
    process.stdin.on('end', resolve)
  })
  p.bot.quit()
  await sleep(500)
  result({ messages: p.messages.length })
})
