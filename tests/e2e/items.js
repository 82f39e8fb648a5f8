// Issue 21: items that come near a seated player. Mid-game an item on the ground is not picked up
// and a chest's item cannot be taken (the item policy cancels both, saying why); an item given by
// command is kept; after /uno leave the own items are back, the given item beside them, the item on
// the ground is picked up then, the chest still holds its apples, and nothing is doubled.
// argv: port
'use strict'
const { Player, main, result, sleep, until, PATIENCE_MS } = require('./lib')

function counts (p) {
  const out = {}
  for (const i of p.ownItems()) out[i.name] = (out[i.name] || 0) + i.count
  return out
}

async function chestApples (p) {
  const opened = new Promise(resolve => p.bot.once('windowOpen', resolve))
  p.chat('/devchest')
  const window = await opened
  await sleep(300)
  const slot = window.slots[0]
  return { window, apples: slot && slot.name === 'apple' ? slot.count : 0 }
}

main(async () => {
  const [port] = process.argv.slice(2)
  const p = await Player.join('ivy', Number(port))
  const out = {}
  p.chat('/devgive diamond 5')
  await sleep(150)
  p.chat('/devgive bread 3')
  await until('the two given stacks', () => p.ownItems().length === 2)
  out.before = counts(p)

  let from = p.mark()
  p.chat('/uno start')
  await p.waitDealt(from)
  out.dealtCards = p.cards().length

  from = p.mark()
  p.chat('/devdrop emerald 3')                    // at ivy's feet: picked up after 1 s, if allowed
  await p.waitMessage(/safekeeping/, PATIENCE_MS, from)
  await sleep(1500)
  out.emeraldsWhilePlaying = counts(p).emerald || 0

  const chest = await chestApples(p)
  out.chestBefore = chest.apples
  await p.bot.clickWindow(0, 0, 0).catch(() => {})   // take the apples: cancelled by the server
  await sleep(500)
  p.bot.closeWindow(chest.window)
  await sleep(500)
  out.applesWhilePlaying = counts(p).apple || 0

  p.chat('/devgive gold_ingot 7')                 // as /give would: it gets in
  await until('the gold', () => (counts(p).gold_ingot || 0) === 7)

  from = p.mark()
  p.chat('/uno leave')
  await p.waitMessage(/items are back/, PATIENCE_MS, from)
  await until('the own items, the gold and the emeralds', () => {
    const c = counts(p)
    return c.diamond === 5 && c.bread === 3 && c.gold_ingot === 7 && c.emerald === 3 && p.cards().length === 0
  }).catch(() => {})
  await sleep(1000)                               // anything doubled would arrive meanwhile
  out.after = counts(p)
  out.cardsAfter = p.cards().length
  const again = await chestApples(p)
  out.chestAfter = again.apples
  p.bot.closeWindow(again.window)
  p.bot.quit()
  result(out)
})
