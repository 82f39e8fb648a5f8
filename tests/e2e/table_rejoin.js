// After the Java server was killed mid-game and started again: ann and bob join; what bob's client is
// sent of display entities once the table has resumed (no ghost of the old run, the table built once).
// argv: port
'use strict'
const { Player, main, result, sleep, until } = require('./lib')
const { watch, texts } = require('./table_world')

main(async () => {
  const [port] = process.argv.slice(2)
  const bob = await Player.join('bob', Number(port))
  const seen = watch(bob)
  const ann = await Player.join('ann', Number(port))
  await until('bob sees the resumed table', () => texts(seen).some(t => t.includes('ann')), 120000)
  let last = -1
  let stableSince = Date.now()
  while (Date.now() - stableSince < 2000) {          // everything the resumed table sends
    if (seen.live.size !== last) { last = seen.live.size; stableSince = Date.now() }
    await sleep(50)
  }
  ann.bot.quit()
  bob.bot.quit()
  result({ entities: seen.live.size, spawned: seen.spawned, destroyed: seen.destroyed, texts: texts(seen) })
})
