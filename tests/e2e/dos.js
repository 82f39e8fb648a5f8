// A DOS table with two real clients (the deal is fixed by the test through UNOCRAFT_TABLE_SEED,
// and ann plays first): ann reads the centre row and her match buttons in chat, types illegal
// DOS commands (each refused with a message, her hand unchanged), then clicks a match button:
// the card leaves her inventory and the centre card leaves the row.
// argv: port illegalCommand (e.g. "play R5 on Y4")
'use strict'
const { main, result, until, tags, twoAtATable, PATIENCE_MS } = require('./lib')

const MATCH = /^\/uno play (\S+) on (\S+) #t\d+$/     // a single-card match button
const REFUSED = /^Not now|not your turn|cannot/i

// The newest prompt (after message index `from`) whose buttons satisfy `want`, with the
// centre row line sent just before it.
function dosPrompt (p, from, want) {
  const pr = p.latestPrompt()
  if (!pr || pr.last < from || !want(pr)) return null
  for (let i = pr.last; i >= from; i--) {
    if (/^Centre row:/.test(p.messages[i].text)) return { ...pr, centre: p.messages[i].text }
  }
  return null
}

main(async () => {
  const port = Number(process.argv[2])
  const illegal = process.argv[3]
  const { ann, bob, started } = await twoAtATable(port, 'dos')

  // 1. ann's turn: the centre row and the match buttons
  const first = await until('ann\'s DOS prompt', () =>
    dosPrompt(ann, 0, pr => pr.commands.some(c => /^\/uno play .* on /.test(c))))
  const handBefore = tags(ann)
  const bobPrompted = bob.latestPrompt() !== null

  // 2. illegal DOS commands are refused with a message and change nothing
  let from = ann.mark()
  ann.chat('/uno ' + illegal)
  const noMatch = (await ann.waitMessage(REFUSED, PATIENCE_MS, from)).text
  from = ann.mark()
  ann.chat('/uno end')
  const cannotEnd = (await ann.waitMessage(REFUSED, PATIENCE_MS, from)).text
  from = bob.mark()
  bob.chat('/uno end')
  const bobOutOfTurn = (await bob.waitMessage(REFUSED, PATIENCE_MS, from)).text
  const handAfterRefusals = tags(ann)
  const tokenAfterRefusals = ann.latestPrompt().token

  // 3. ann clicks a single-card match button (the command behind it, with its turn token)
  const click = first.commands.find(c => MATCH.test(c))
  if (!click) throw new Error('no single-card match button: ' + JSON.stringify(first.commands))
  const [, card, centreCard] = click.match(MATCH)
  from = ann.mark()
  const bobFrom = bob.mark()
  ann.chat(click)
  const matched = (await ann.waitMessage(/^You matched /, PATIENCE_MS, from)).text
  const bobSaw = (await bob.waitMessage(/^ann matched /, PATIENCE_MS, bobFrom)).text
  // the next prompt of the same turn (a new token, the row without the matched card, [End]);
  // the redraw's items come before it on the wire, so the inventory is final by then
  const after = await until('ann\'s next prompt', () =>
    dosPrompt(ann, from, pr => pr.token !== first.token && pr.commands.some(c => /^\/uno end /.test(c))))
  await until('the card to leave ann\'s inventory', () => ann.cards().length === handBefore.length - 1)
  const handAfter = tags(ann)
  ann.bot.quit()
  bob.bot.quit()
  result({
    started,
    centre: first.centre,
    buttons: first.commands,
    bobPrompted,
    handBefore,
    noMatch,
    cannotEnd,
    bobOutOfTurn,
    handAfterRefusals,
    firstToken: first.token,
    tokenAfterRefusals,
    click,
    card,
    centreCard,
    matched,
    bobSaw,
    handAfter,
    centreAfter: after.centre,
    buttonsAfter: after.commands
  })
})
