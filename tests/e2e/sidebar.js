// The sidebar scoreboard, read from the client: two players at one table see both names with
// their real card counts and the turn marker; the counts follow a play; /uno leave takes it down.
// argv: port
'use strict'
const { Player, main, result, sleep, until, plain, PATIENCE_MS } = require('./lib')

const strip = s => String(s).replace(/§./g, '')

// What the client shows in its sidebar slot: the title and the lines top to bottom. mineflayer
// 4.39 tracks objectives, the display slot and teams, but drops every score of 1.20.3+ (it expects
// an `action` field the packet no longer has, and ignores reset_score), so the scores are read
// here from the raw packets; a line's text is its team's prefix + entry + suffix, as the client
// draws it (vanilla: the team's prefix and suffix around the score's display name or entry).
function trackScores (p) {
  p.scores = {}     // objective -> entry -> value
  p.bot._client.on('scoreboard_score', pk => {
    (p.scores[pk.scoreName] ??= {})[pk.itemName] = { value: pk.value, display: pk.display_name }
  })
  p.bot._client.on('reset_score', pk => {
    for (const [obj, entries] of Object.entries(p.scores)) {
      if (pk.objective_name == null || pk.objective_name === obj) delete entries[pk.entity_name]
    }
  })
  p.bot._client.on('scoreboard_objective', pk => { if (pk.action === 1) delete p.scores[pk.name] })
}

function sidebarOf (p) {
  const sb = p.bot.scoreboard.sidebar
  if (!sb || !p.bot.scoreboards[sb.name]) return null
  const entries = Object.entries(p.scores[sb.name] || {}).sort((a, b) => b[1].value - a[1].value)
  return {
    title: strip(typeof sb.title === 'string' ? sb.title : plain(sb.title)),
    lines: entries.map(([entry, s]) => {
      // as the client draws it: team prefix + (the score's display name, else the entry) + suffix
      const name = s.display ? plain(s.display) : entry
      const team = p.bot.teamMap[entry]
      return strip(team ? team.prefix.toString() + name + team.suffix.toString() : name)
    })
  }
}

// Records the client's scoreboard events, to tell a sidebar taken down from one never shown.
const seen = []
function watch (p) {
  seen.push(p)
  trackScores(p)
  p.sbEvents = []
  p.bot.on('scoreboardCreated', sb => p.sbEvents.push({ ev: 'created', name: sb.name }))
  p.bot.on('scoreboardDeleted', sb => p.sbEvents.push({ ev: 'deleted', name: sb && sb.name }))
  p.bot.on('scoreboardPosition', (pos, sb) => p.sbEvents.push({ ev: 'position', pos, name: sb.name }))
  p.bot.on('scoreboardTitleChanged', sb => p.sbEvents.push({ ev: 'title', name: sb.name }))
}

function countOf (sidebar, name) {
  for (const line of sidebar ? sidebar.lines : []) {
    const m = line.match(new RegExp(`^(▶)?\\s*${name}\\s+(\\d+) cards?`))
    if (m) return { cards: Number(m[2]), turn: Boolean(m[1]) }
  }
  return null
}

function waitFor (what, test, timeoutMs = PATIENCE_MS) {
  return until(what, test, timeoutMs, () => 'sidebars now: ' + JSON.stringify(
    Object.fromEntries(seen.map(p => [p.name, { sidebar: sidebarOf(p), cards: p.cards().length, events: p.sbEvents, last: p.messages.slice(-4).map(m => m.text + ' ' + m.commands.join(',')) }]))))
}

// The sidebar agrees with both clients' real hands (a settled state: nothing moving).
function agrees (p, players) {
  const sb = sidebarOf(p)
  return players.every(q => { const c = countOf(sb, q.name); return c && c.cards === q.cards().length })
}

main(async () => {
  const port = Number(process.argv[2])
  const ann = await Player.join('ann', port)
  const bob = await Player.join('bob', port)
  watch(ann)
  watch(bob)
  const before = { ann: sidebarOf(ann), bob: sidebarOf(bob) }
  ann.chat('/uno start')
  await ann.waitMessage(/opened UNO table/)
  bob.chat('/uno join')
  await ann.waitDealt()
  await bob.waitDealt()
  const both = [ann, bob]
  await waitFor('the sidebars to show the dealt hands', () => agrees(ann, both) && agrees(bob, both))
  const dealt = {
    ann: sidebarOf(ann),
    bob: sidebarOf(bob),
    annCards: ann.cards().length,
    bobCards: bob.cards().length
  }

  // whose turn: the one with a prompt (a wild start card: choose the colour first)
  let actor = null
  let prompt = null
  for (let i = 0; i < 200 && !prompt; i++) {
    for (const p of both) {
      const pr = p.latestPrompt()
      if (!pr || pr.token === p._colourToken) continue     // (that prompt's buttons expired with the colour)
      const colour = pr.commands.find(c => /^\/uno colour /.test(c))
      if (colour) { p._colourToken = pr.token; p.chat(colour); continue }
      if (pr.commands.some(c => /^\/uno (play|draw) /.test(c))) { actor = p; prompt = pr }
    }
    if (!prompt) await sleep(50)
  }
  if (!actor) throw new Error('no turn prompt for either player')
  await waitFor('the sidebars to settle', () => agrees(ann, both) && agrees(bob, both))
  const markerBefore = {
    ann: both.map(q => countOf(sidebarOf(ann), q.name).turn),
    bob: both.map(q => countOf(sidebarOf(bob), q.name).turn)
  }
  const actorBefore = actor.cards().length

  // one move: a play when there is one (else a draw); the actor's count must change everywhere
  // (a coloured card: a wild would first ask for its colour)
  const play = prompt.commands.find(c => /^\/uno play [RYGB]\S* #t/.test(c))
  const move = play || prompt.commands.find(c => /^\/uno draw /.test(c))
  actor.chat(move)
  await waitFor('the actor\'s hand to change', () => actor.cards().length !== actorBefore)
  await sleep(300)
  await waitFor('the sidebars to follow the move', () => agrees(ann, both) && agrees(bob, both))
  const afterMove = {
    ann: sidebarOf(ann),
    bob: sidebarOf(bob),
    actorCards: actor.cards().length,
    actorInAnns: countOf(sidebarOf(ann), actor.name).cards,
    actorInBobs: countOf(sidebarOf(bob), actor.name).cards
  }

  // ann leaves: her sidebar goes; bob's stays (a bot holds ann's seat)
  let from = ann.mark()
  ann.chat('/uno leave')
  await ann.waitMessage(/You left the table/, PATIENCE_MS, from)
  await waitFor('ann\'s sidebar to go', () => sidebarOf(ann) === null)
  await sleep(300)
  const afterAnnLeft = { ann: sidebarOf(ann), bob: sidebarOf(bob) }

  // bob leaves too: the table closes, his sidebar goes
  from = bob.mark()
  bob.chat('/uno leave')
  await bob.waitMessage(/You left the table/, PATIENCE_MS, from)
  await waitFor('bob\'s sidebar to go', () => sidebarOf(bob) === null)
  await sleep(300)
  const afterBobLeft = { bob: sidebarOf(bob) }

  ann.bot.quit()
  bob.bot.quit()
  result({
    before,
    dealt,
    actor: actor.name,
    move: move.split(' ').slice(0, 3).join(' '),
    markerBefore,
    actorBefore,
    afterMove,
    afterAnnLeft,
    afterBobLeft,
    annEvents: ann.sbEvents,
    bobEvents: bob.sbEvents
  })
})
