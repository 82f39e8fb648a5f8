// A Minecraft-edition table (`/uno start minecraft`) with two real clients (the deal is fixed by
// the test through UNOCRAFT_TABLE_SEED, so ann plays first and the top card of the draw pile is a
// Creeper): ann clicks [Draw] in her turn prompt, draws the Creeper, which goes off: both clients
// get the Creeper line and ann draws 3 more cards into her inventory.
// argv: port
'use strict'
const { main, result, until, promptWith, sync, tags, twoAtATable, PATIENCE_MS } = require('./lib')

main(async () => {
  const port = Number(process.argv[2])
  const { ann, bob, started } = await twoAtATable(port, 'minecraft')

  // 1. ann's first turn: the [Draw] button of her prompt
  const prompt = await promptWith(ann, /^\/uno draw #t\d+$/)
  await sync(ann)
  await sync(bob)
  const annBefore = tags(ann)
  const bobBefore = tags(bob)

  // 2. ann clicks [Draw]: the Creeper goes off
  const annFrom = ann.mark()
  const bobFrom = bob.mark()
  ann.chat(prompt.commands.find(c => /^\/uno draw #t\d+$/.test(c)))
  const annCreeper = (await ann.waitMessage(/Creeper! Boom!/, PATIENCE_MS, annFrom)).text
  const bobCreeper = (await bob.waitMessage(/Creeper! Boom!/, PATIENCE_MS, bobFrom)).text
  // ann's next prompt (she may play the drawn card or pass) comes after the new items
  const next = await until('ann\'s prompt after the draw', () => {
    const pr = ann.latestPrompt()
    return pr && pr.last >= annFrom && pr.token !== prompt.token ? pr : null
  })
  await sync(ann)
  await sync(bob)
  const lines = (p, from) => p.messages.slice(from).map(m => m.text).filter(t => !/^Rules at table/.test(t))
  const creeper = ann.cards().find(c => c.tag === 'card:C')
  const creeperMap = creeper && ann.maps[creeper.mapId] ? ann.maps[creeper.mapId].toString('base64') : null
  result({
    started,
    buttons: prompt.commands,
    annBefore,
    bobBefore,
    annCreeper,
    bobCreeper,
    annLines: lines(ann, annFrom),
    bobLines: lines(bob, bobFrom),
    nextButtons: next.commands,
    annAfter: tags(ann),
    bobAfter: tags(bob),
    creeper: creeper ? { name: creeper.name, mapId: creeper.mapId, pixels: creeperMap } : null
  })
  ann.bot.quit()
  bob.bot.quit()
})
