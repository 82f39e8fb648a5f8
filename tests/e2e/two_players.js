// Test 2: two clients at one table. An out-of-turn play is refused with a message; a stale chat
// click is refused; one client catches the other's missed UNO and the penalty cards arrive.
// argv: port
'use strict'
const { playUntil, main, result, sleep, until, twoAtATable, PATIENCE_MS } = require('./lib')

async function prompted (p) {
  const pr = p.latestPrompt()
  return pr && pr.commands.length ? pr : null
}

// The actor's prompt with a [Draw] button, answering a colour choice first (a wild start card).
async function drawPrompt (p) {
  for (let i = 0; i < 200; i++) {
    const pr = p.latestPrompt()
    if (pr && pr.commands.some(c => /^\/uno draw /.test(c))) return pr
    const colour = pr && pr.commands.find(c => /^\/uno colour /.test(c))
    if (colour && !p._colourSent) { p._colourSent = true; p.chat(colour) }
    await sleep(50)
  }
  throw new Error(`${p.name}: no [Draw] button`)
}

main(async () => {
  const port = Number(process.argv[2])
  const { ann, bob } = await twoAtATable(port)

  // who is to play? (the other one holds cards but has no prompt)
  let actor = null
  for (let i = 0; i < 100 && !actor; i++) {
    if (await prompted(ann)) actor = ann
    else if (await prompted(bob)) actor = bob
    else await sleep(50)
  }
  if (!actor) throw new Error('no turn prompt for either player')
  const waiting = actor === ann ? bob : ann
  // the player to move heard the turn sound with the prompt; the other one did not
  const turnSound = await actor.soundsSince(0, /note_block\.pling/)
  const waitingSounds = waiting.heard()
  const pr = await drawPrompt(actor)       // (a wild start card: the actor chooses the colour first)

  // 1. an out-of-turn right-click on a card is refused with a message, nothing changes
  const handBefore = waiting.cards().map(c => c.tag).sort()
  let from = waiting.mark()
  const card = waiting.cards().find(c => c.slot >= 36 && c.slot < 45)
  await waiting.rightClickCard(card.tag.slice(5))
  const refusedAt = Date.now()
  const outOfTurn = (await waiting.waitMessage(/not your turn/i, PATIENCE_MS, from)).text
  const refusalSound = await waiting.soundsSince(refusedAt, /villager\.no/)
  await sleep(300)
  const handAfter = waiting.cards().map(c => c.tag).sort()

  // 2. a stale chat click: the actor draws through its [Draw] button, then clicks it again
  const drawCmd = pr.commands.find(c => /^\/uno draw /.test(c))
  const cardsBeforeDraw = actor.cards().length
  actor.chat(drawCmd)
  await actor.waitMessage(/You drew/, PATIENCE_MS, pr.last)
  await until('the drawn card', () => actor.cards().length > cardsBeforeDraw)     // (its item may come ticks after the line)
  await sleep(300)
  from = actor.mark()
  const cardsBeforeStale = actor.cards().length
  actor.chat(drawCmd)
  const stale = (await actor.waitMessage(/expired/, PATIENCE_MS, from)).text
  await sleep(300)
  const cardsAfterStale = actor.cards().length

  // 3. ann never calls UNO; bob catches her. bob plays weakly so that ann gets there first.
  const annCounts = []
  const poll = setInterval(() => {
    const n = ann.cards().length
    if (!annCounts.length || annCounts[annCounts.length - 1].n !== n) annCounts.push({ n, at: Date.now() })
  }, 10)
  const caught = () => ann.messages.some(m => /^You were caught/.test(m.text))
  let doneAt = null
  const done = () => { if (caught() && doneAt === null) doneAt = Date.now(); return doneAt !== null && Date.now() - doneAt > 1500 }
  const [annStats, bobStats] = await Promise.all([
    playUntil(ann, done, { callUno: 'never' }, 180000),
    playUntil(bob, done, { callUno: 'button', catchOthers: true, drawWhenAtMost: 3 }, 180000)
  ])
  const caughtIdx = ann.messages.findIndex(m => /^You were caught/.test(m.text))
  const caughtMsg = ann.messages[caughtIdx]
  const lastPlay = ann.messages.slice(0, caughtIdx).reverse().find(m => /^You played /.test(m.text))
  // the penalty cards reach ann's inventory: her count after her last play goes past 2 (the
  // first count to do so: a later draw comes with a later move); pytest checks the counts
  await until('ann\'s penalty cards', () => annCounts.some(c => c.at >= lastPlay.at && c.n >= 3)).catch(() => {})
  clearInterval(poll)
  // ann's card counts from the one she held at time `t` on, up to `to` (her items and the chat
  // line of one move may reach the client some ticks apart on a busy server: either comes first)
  const countsFrom = (t, to) => annCounts.slice(Math.max(annCounts.findLastIndex(c => c.at <= t), 0))
    .filter(c => c.at <= to).map(c => c.n)
  // ann's card count between her last play and the catch (1: she was catchable) ...
  const between = countsFrom(lastPlay.at, caughtMsg.at + 20)
  // ... and from the catch on (the two penalty cards arrived)
  const after = countsFrom(caughtMsg.at, Infinity)
  const penaltyDraw = ann.messages.slice(caughtIdx).find(m => /^You drew 2 cards/.test(m.text))
  // the caught player heard a refusal sound with the catch (its sound and its chat line may
  // reach the client some ticks apart)
  const caughtSound = await ann.soundsSince(caughtMsg.at - 2000, /villager\.no/)
  // an UNO call (bob calls with the button when he can): both heard it
  const unoCall = ann.messages.find(m => /^bob called UNO!/.test(m.text))
  const unoSounds = unoCall
    ? await Promise.all([ann, bob].map(p => p.soundsSince(unoCall.at - 2000, /experience_orb\.pickup/)))
    : null
  ann.bot.quit()
  bob.bot.quit()
  result({
    actor: actor.name,
    outOfTurn, handUnchanged: JSON.stringify(handBefore) === JSON.stringify(handAfter),
    stale, staleChangedNothing: cardsBeforeStale === cardsAfterStale,
    caught: caughtMsg.text,
    countsBetween: between,
    countsAfter: after,
    penaltyDraw: penaltyDraw ? penaltyDraw.text : null,
    annStats,
    bobStats,
    turnSound,
    waitingSounds,
    refusalSound,
    caughtSound,
    unoSounds
  })
})
