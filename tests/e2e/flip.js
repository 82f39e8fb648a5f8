// A UNO Flip table (`/uno start flip`) with two real clients (the deal is fixed by the test
// through UNOCRAFT_TABLE_SEED, so ann plays first and holds a playable Flip card): ann reads her
// turn prompt, right-clicks the Flip card, and both clients report what they received after it:
// the flip line, the top card in the off-hand and every card item (tag, name, map id) with the
// map pixels the server sent for those ids.
// argv: port flipCode (the Flip card's light face, e.g. "RF")
'use strict'
const { main, result, until, OFFHAND, promptWith, sync, twoAtATable, PATIENCE_MS } = require('./lib')

function mapIdOf (item) {
  const c = (item && item.components || []).find(x => x.type === 'map_id')
  return c ? c.data : null
}

// What a client shows: its card items sorted by tag, the top card, and the pixels of their maps.
function snapshot (p) {
  const cards = p.cards().map(c => ({ tag: c.tag, name: c.name, mapId: c.mapId }))
    .sort((a, b) => a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0)
  const item = p.bot.inventory.slots[OFFHAND]
  const top = item ? { ...p.topCard(), mapId: mapIdOf(item) } : null
  const maps = {}
  for (const id of [...cards.map(c => c.mapId), top && top.mapId]) {
    if (id != null && p.maps[id]) maps[id] = p.maps[id].toString('base64')
  }
  return { cards, top, maps }
}

main(async () => {
  const port = Number(process.argv[2])
  const flip = process.argv[3]
  const { ann, bob, started } = await twoAtATable(port, 'flip')

  // 1. ann's first turn: the prompt (its [Draw] button comes with the hand line), and the light
  // side as both clients show it
  const prompt = await promptWith(ann, /^\/uno draw /)
  await sync(ann)
  await sync(bob)
  const annBefore = snapshot(ann)
  const bobBefore = snapshot(bob)

  // 2. ann right-clicks the Flip card in her hotbar
  const annFrom = ann.mark()
  const bobFrom = bob.mark()
  if (!(await ann.rightClickCard(flip))) throw new Error(`${flip} is not in ann's hotbar: ` + JSON.stringify(ann.cards()))
  const played = (await ann.waitMessage(/^You played /, PATIENCE_MS, annFrom)).text
  const annFlip = (await ann.waitMessage(/^Flip!/, PATIENCE_MS, annFrom)).text
  const bobFlip = (await bob.waitMessage(/^Flip!/, PATIENCE_MS, bobFrom)).text
  const bobPrompt = await until('bob\'s turn prompt', () => {
    const pr = bob.latestPrompt()
    return pr && pr.last >= bobFrom ? pr : null
  })
  await sync(ann)
  await sync(bob)
  const annAfter = snapshot(ann)
  const bobAfter = snapshot(bob)
  ann.bot.quit()
  bob.bot.quit()
  result({
    started,
    buttons: prompt.commands,
    annBefore,
    bobBefore,
    played,
    annFlip,
    bobFlip,
    bobButtons: bobPrompt.commands,
    annAfter,
    bobAfter
  })
})
