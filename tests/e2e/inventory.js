// Test 3: a player's own items are all back after the game, after /uno leave, and after a
// disconnect mid-game and a server restart (or crash).
// argv: port phase snapshotFile
//   phase "prepare": give items, snapshot them; leave after the deal; play a game to its end;
//                    then start again and disconnect mid-game (the server restarts next)
//   phase "crash":   start a game, write snapshotFile + '.dealt' once the cards are in hand, and
//                    stay online until the server dies under us
//   phase "back":    rejoin after the restart, leave the table, compare with the snapshot
'use strict'
const fs = require('fs')
const { Player, playUntil, main, result, sleep, until, writeWhole, PATIENCE_MS } = require('./lib')

function same (a, b) { return JSON.stringify(a) === JSON.stringify(b) }

async function waitDeal (p, from) { await p.waitDealt(from) }

// Until the own items are the snapshot and no card is left (pytest compares: a mismatch fails there).
async function waitItems (p, snapshot) {
  await until('the own items back', () => same(p.ownItems(), snapshot) && p.cards().length === 0).catch(() => {})
}

main(async () => {
  const [port, phase, snapshotFile] = process.argv.slice(2)
  const p = await Player.join('eve', Number(port))
  const out = { phase }
  if (phase === 'prepare') {
    for (const give of ['/devgive diamond 5', '/devgive oak_log 12', '/devgive stone_sword 1', '/devgive bread 3']) {
      p.chat(give)
      await sleep(150)
    }
    await until('the four given stacks', () => p.ownItems().length === 4)
    await sleep(300)
    const snapshot = p.ownItems()
    fs.writeFileSync(snapshotFile, JSON.stringify(snapshot))
    out.snapshot = snapshot

    // 1. leave during the game
    let from = p.mark()
    p.chat('/uno start')
    await waitDeal(p, from)
    out.dealtCards = p.cards().length
    out.ownItemsWhilePlaying = p.ownItems().length
    from = p.mark()
    p.chat('/uno leave')
    await p.waitMessage(/items are back/, PATIENCE_MS, from)
    await waitItems(p, snapshot)
    out.afterLeave = p.ownItems()
    out.cardsAfterLeave = p.cards().length

    // 2. a whole game to its end
    from = p.mark()
    p.chat('/uno start')
    await waitDeal(p, from)
    const closed = () => p.messages.slice(from).some(m => /is closed/.test(m.text))
    await playUntil(p, closed, { callUno: 'click' }, 240000)
    await waitItems(p, snapshot)
    out.afterGame = p.ownItems()
    out.cardsAfterGame = p.cards().length

    // 3. start again and disconnect mid-game
    from = p.mark()
    p.chat('/uno start')
    await waitDeal(p, from)
    out.cardsBeforeQuit = p.cards().length
    p.bot.quit()
    await sleep(500)
  } else if (phase === 'crash') {
    const from = p.mark()
    p.chat('/uno start')
    await waitDeal(p, from)
    out.cardsBeforeCrash = p.cards().length
    process.stdout.write('RESULT ' + JSON.stringify(out) + '\n')
    writeWhole(snapshotFile + '.dealt', String(out.cardsBeforeCrash))   // pytest kills the server now
    await new Promise(resolve => p.bot.once('end', resolve))
    process.exit(0)
  } else if (phase === 'back') {
    const snapshot = JSON.parse(fs.readFileSync(snapshotFile))
    // the table resumed from SQLite: its cards are dealt again once the engine has attached
    // (polled, not a fixed sleep: on a loaded machine the engine may attach seconds later)
    await until('the resumed table\'s cards', () => p.cards().length > 0).catch(() => {})
    out.cardsOnReturn = p.cards().length
    const from = p.mark()
    p.chat('/uno leave')
    await p.waitMessage(/items are back|not at a table/, PATIENCE_MS, from)
    await waitItems(p, snapshot)
    out.afterReturn = p.ownItems()
    out.cardsAfterReturn = p.cards().length
    p.bot.quit()
  }
  result(out)
})
