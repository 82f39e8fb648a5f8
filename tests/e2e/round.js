// Test 1: one client types /uno start, shows its card items and map pixels (for pytest to
// compare with the engine), then plays against engine bots with right-clicks and chat clicks
// (the first play by chat, so that a hand which never draws still clicks one), calling UNO by
// clicking a card, until a round ends after such a call.
// argv: port snapshotFile goFile
'use strict'
const fs = require('fs')
const { Player, playUntil, main, result, sleep, until, writeWhole } = require('./lib')

main(async () => {
  const [port, snapshotFile, goFile] = process.argv.slice(2)
  const p = await Player.join('ann', Number(port))
  const from = p.mark()
  p.chat('/uno start')
  await p.waitDealt(from)
  // ann's turn (the first prompt may be a colour choice: a wild start card): the bot has moved,
  // and nothing changes her hand until she acts
  await until('ann\'s turn', () => p.latestPrompt())
  const cards = p.cards()
  const maps = {}
  for (const c of cards) if (p.maps[c.mapId]) maps[c.mapId] = p.maps[c.mapId].toString('base64')
  writeWhole(snapshotFile, JSON.stringify({ cards, maps, top: p.topCard() }))
  while (!fs.existsSync(goFile)) await sleep(50)

  let unoSeenAt = -1
  const done = () => {
    if (unoSeenAt < 0) {
      const i = p.messages.findIndex(m => /^You called UNO!/.test(m.text))
      if (i >= 0) unoSeenAt = i
    }
    return unoSeenAt >= 0 && p.messages.slice(unoSeenAt).some(m => /won the round/.test(m.text))
  }
  const stats = await playUntil(p, done, { callUno: 'click', chatFirst: true }, 240000)
  const roundEnd = p.messages.slice(unoSeenAt).find(m => /won the round/.test(m.text)).text
  await sleep(300)
  p.bot.quit()
  result({ stats, roundEnd, unoCalled: p.messages[unoSeenAt].text, messages: p.messages.length })
})
