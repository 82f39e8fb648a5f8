// Silent twos through real chat: two clients at a table opened with
// `/uno start official silent_twos=twos` (the deal is fixed by the test through
// UNOCRAFT_TABLE_SEED, so the first player holds a playable 2). A chat message before the 2
// costs nothing; the first player right-clicks the 2; the other one types a chat message and
// draws 2 cards; further chat (the silence is broken) costs nothing.
// argv: port
'use strict'
const { main, result, until, sync, twoAtATable, PATIENCE_MS } = require('./lib')

const TWO = /^\/uno play ([RYGB]2) #t\d+$/

// Types a chat message and waits for the server's echo of it: by then the server has handed the
// chat event to the engine's queue.
async function say (p, text) {
  const from = p.mark()
  p.chat(text)
  await p.waitMessage(new RegExp(text), PATIENCE_MS, from)
}

main(async () => {
  const port = Number(process.argv[2])
  const { ann, bob } = await twoAtATable(port, 'official silent_twos=twos')

  // who plays first holds a playable 2 (the seed sees to it)
  const [actor, twoCmd] = await until('a prompt with a playable 2', () => {
    for (const p of [ann, bob]) {
      const cmd = (p.latestPrompt()?.commands || []).find(c => TWO.test(c))
      if (cmd) return [p, cmd]
    }
    return null
  })
  const other = actor === ann ? bob : ann
  const two = twoCmd.match(TWO)[1]
  const rules = await sync(other)
  const otherDealt = other.cards().length
  const actorDealt = actor.cards().length

  // 1. chat before any 2: nothing happens
  await say(other, 'hello before the two')
  await sync(other)
  const otherAfterEarlyChat = other.cards().length

  // 2. the 2 is played with a right-click on the card in the hotbar; the table falls silent
  let from = other.mark()
  const actorFrom = actor.mark()
  if (!(await actor.rightClickCard(two))) throw new Error(`${two} is not in ${actor.name}'s hotbar`)
  const played = (await other.waitMessage(new RegExp(`^${actor.name} played `), PATIENCE_MS, from)).text
  const silence = (await other.waitMessage(/^Silence after/, PATIENCE_MS, from)).text
  await actor.waitMessage(/^Silence after/, PATIENCE_MS, actorFrom)
  const otherBeforeTalk = other.cards().length

  // 3. the other player speaks: 2 penalty cards arrive in the inventory
  from = other.mark()
  await say(other, 'oops I spoke')
  const broke = (await other.waitMessage(/broke the silence/, PATIENCE_MS, from)).text
  const actorSawBroke = (await actor.waitMessage(/broke the silence/, PATIENCE_MS, actorFrom)).text
  await until('the penalty cards', () => other.cards().length === otherBeforeTalk + 2)
  const drewLine = other.messages.slice(from).find(m => /^You drew 2 cards/.test(m.text))

  // 4. the silence is broken: more chat, from either player, costs nothing
  await say(other, 'talking again')
  await say(actor, 'me too')
  await sync(other)
  await sync(actor)
  result({
    actor: actor.name,
    other: other.name,
    two,
    rules,
    otherDealt,
    actorDealt,
    otherAfterEarlyChat,
    played,
    silence,
    otherBeforeTalk,
    broke,
    actorSawBroke,
    drewLine: drewLine ? drewLine.text : null,
    otherFinal: other.cards().length,
    actorFinal: actor.cards().length,
    otherHand: other.cards().map(c => c.tag.slice(5)).sort(),
    actorHand: actor.cards().map(c => c.tag.slice(5)).sort()
  })
  ann.bot.quit()
  bob.bot.quit()
})
