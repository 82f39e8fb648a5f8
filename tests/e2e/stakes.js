// Stakes end to end: two real clients at a table that plays for plain diamonds (or money), the
// match played out, and what each holds at the end, item by item (tests/test_e2e_stakes.py judges).
// argv: port phase nameA nameB [stateFile goFile]
//   phase "items": both get diamonds and other items (/devgive); A opens `/uno start stake=3 diamond`,
//                  B joins; both pay in; A starts the game; both play to the table's close.
//   phase "botwin": as "items", but both humans draw whenever they may (their hands never shrink): a bot wins.
//   phase "leave": the same as "items", but B types /uno leave after the deal (a stand-in plays the seat) and
//                  A plays on alone.
//   phase "kill":  the same as "items", but after A's second move both stop and the script writes
//                  stateFile; pytest kills the supervised engine, waits for the restarted one and
//                  writes goFile; both wait for the table to resume, then play to its close.
//   phase "money": /devmoney A 500, /devmoney B 500; `/uno start stake=100`; played out; the
//                  balances before, after the pay-in and at the end.
//   phase "refusals": /devmoney A 500, /devmoney B 50; A types every kind of wrong `stake=` (each
//                  refused: what A and B read after it); A opens `/uno start stake=100`, B, who cannot
//                  pay, types /uno join <table> (what each reads after it); A leaves; the balances.
'use strict'
const fs = require('fs')
const { Player, playUntil, main, result, sleep, until, writeWhole, PATIENCE_MS } = require('./lib')

const OWN = [['diamond', 10], ['gold_ingot', 5], ['stone_sword', 1], ['oak_log', 12]]
const STAKE = 3

// The id of the table a line "... opened UNO table t1 ..." names.
function tableOf (line) {
  const m = /opened UNO table (\w+)/.exec(line || '')
  if (!m) throw new Error(`no table named in ${JSON.stringify(line)}`)
  return m[1]
}

// Item name -> count over the whole inventory (the own items, not the cards).
function counts (p) {
  const out = {}
  for (const i of p.ownItems()) out[i.name] = (out[i.name] || 0) + i.count
  return out
}

function same (a, b) {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])]
  return keys.every(k => (a[k] || 0) === (b[k] || 0))
}

function plus (c, item, n) { return { ...c, [item]: (c[item] || 0) + n } }

async function give (p) {
  for (const [what, n] of OWN) {
    const before = counts(p)[what] || 0
    p.chat(`/devgive ${what} ${n}`)
    await until(`${p.name}'s ${what}`, () => (counts(p)[what] || 0) >= before + n)
  }
  await sleep(300)      // nothing else on its way
  return counts(p)
}

async function balance (p, name) {
  const from = p.mark()
  p.chat(`/devmoney ${name}`)
  const re = new RegExp(`^money ${name} = (\\d+)$`)
  return Number(re.exec((await p.waitMessage(re, PATIENCE_MS, from)).text)[1])
}

async function setBalance (p, name, n) {
  const from = p.mark()
  p.chat(`/devmoney ${name} ${n}`)
  await p.waitMessage(new RegExp(`^money ${name} = ${n}$`), PATIENCE_MS, from)
}

function texts (p, from, re) { return p.messages.slice(from).map(m => m.text).filter(t => re.test(t)) }

// The round's winner as `p` read it ("You won the round ..." or "<name> won the round ..."), or null.
function winnerSeen (p, from) {
  for (const m of p.messages.slice(from)) {
    if (/^You won the round/.test(m.text)) return p.name
    const g = /^(.+?) won the round/.exec(m.text)
    if (g) return g[1]
  }
  return null
}

const closed = (p, from) => () => p.messages.slice(from).some(m => /^Table \S+ is closed/.test(m.text))

// Every kind of wrong `stake=` and a player who cannot pay (phase "refusals"): what each player
// reads after each, and the balances (tests/test_e2e_stakes.py judges).
const WRONG = [
  ['abc', /^This server knows no item called "abc"/],
  ['1e3', /^"1e3" is not a stake/],
  ['3 diamond_', /^"3 diamond_" is not a stake/],
  ['100 coins', /^"coins" is not an item/],
  ['0', /^"0" is not a stake/],
  ['-5', /^"-5" is not a stake/],
  ['65 diamond', /more than this server allows/]]

async function refusals (ann, bob, nameA, nameB) {
  const out = { phase: 'refusals', names: [nameA, nameB], wrong: {} }
  await setBalance(ann, nameA, 500)
  await setBalance(ann, nameB, 50)
  const since = (p, from) => p.messages.slice(from).map(m => m.text)
  for (const [stake, re] of WRONG) {
    const mark = { ann: ann.mark(), bob: bob.mark() }
    ann.chat(`/uno start stake=${stake}`)
    const line = (await ann.waitMessage(re, PATIENCE_MS, mark.ann)).text
    await sleep(1500)      // whatever follows the refusal (a table opened, closed) has arrived by now
    out.wrong[stake] = { line, a: since(ann, mark.ann), b: since(bob, mark.bob) }
  }
  out.afterWrong = { a: await balance(ann, nameA), b: await balance(ann, nameB) }
  let mark = { ann: ann.mark(), bob: bob.mark() }
  ann.chat('/uno start stake=100')
  const openedA = (await ann.waitMessage(/^You opened UNO table/, PATIENCE_MS, mark.ann)).text
  // B stands near A (one spawn point): he reads a table that opened, so reading none above means something
  out.opened = await bob.waitMessage(/opened UNO table/, 5000, mark.bob).then(m => m.text, () => null)
  out.paidA = (await ann.waitMessage(/^You paid 100 coins into the pot\.$/, PATIENCE_MS, mark.ann)).text
  mark = { ann: ann.mark(), bob: bob.mark() }
  bob.chat(`/uno join ${tableOf(openedA)}`)   // a staked table is sat at only by name
  out.refused = (await bob.waitMessage(/^You do not have 100 coins/, PATIENCE_MS, mark.bob)).text
  await sleep(1500)        // a line after the refusal (or before it: "You sat down") has arrived by now
  out.cannotPay = { a: since(ann, mark.ann), b: since(bob, mark.bob) }
  mark = { ann: ann.mark() }
  ann.chat('/uno leave')
  await ann.waitMessage(/^You left the table/, PATIENCE_MS, mark.ann)
  let got = null
  await until('the stake back', async () => {
    got = { a: await balance(ann, nameA), b: await balance(ann, nameB) }
    return got.a === 500 ? got : (await sleep(300), null)
  }, 20000).catch(() => {})
  out.end = got
  return out
}

main(async () => {
  const [port, phase, nameA, nameB, stateFile, goFile] = process.argv.slice(2)
  const ann = await Player.join(nameA, Number(port))
  const bob = await Player.join(nameB, Number(port))
  if (phase === 'refusals') {
    const out = await refusals(ann, bob, nameA, nameB)
    ann.bot.quit()
    bob.bot.quit()
    return result(out)
  }
  const money = phase === 'money'
  const out = { phase, names: [nameA, nameB] }
  const from = { ann: ann.mark(), bob: bob.mark() }
  const t0 = Date.now()

  // ---- what each holds at the start
  if (money) {
    await setBalance(ann, nameA, 500)
    await setBalance(ann, nameB, 500)
    out.start = { a: await balance(ann, nameA), b: await balance(ann, nameB) }
  } else {
    out.start = { a: await give(ann), b: await give(bob) }
  }

  // ---- the table: A opens it with the stake and pays in; B joins and pays in; A starts it
  const paidRe = money ? /^You paid 100 coins into the pot\.$/ : /^You paid 3 × diamond into the pot\.$/
  ann.chat(money ? '/uno start stake=100' : `/uno start stake=${STAKE} diamond`)
  out.opened = (await ann.waitMessage(/opened UNO table/, PATIENCE_MS, from.ann)).text
  out.paidA = (await ann.waitMessage(paidRe, PATIENCE_MS, from.ann)).text
  bob.chat(`/uno join ${tableOf(out.opened)}`)   // a staked table is sat at only by name
  out.paidB = (await bob.waitMessage(paidRe, PATIENCE_MS, from.bob)).text
  if (money) {
    out.paid = { a: await balance(ann, nameA), b: await balance(ann, nameB) }
  } else {
    // the take is done before the engine is told (the line): the items are gone by now, or a moment after
    const want = { a: plus(out.start.a, 'diamond', -STAKE), b: plus(out.start.b, 'diamond', -STAKE) }
    await until('the stakes taken', () => same(counts(ann), want.a) && same(counts(bob), want.b), 10000).catch(() => {})
    out.paid = { a: counts(ann), b: counts(bob) }
  }
  ann.chat('/uno start')      // the owner starts now (the lobby timer is long: B was seated first)
  out.dealt = { a: await ann.waitDealt(from.ann), b: await bob.waitDealt(from.bob) }
  out.dealtAtMs = Date.now() - t0

  // ---- the game
  const weak = phase === 'botwin' ? { drawWhenAtMost: 99 } : {}
  const annPolicy = { callUno: 'click', ...weak }
  const bobPolicy = { callUno: 'click', ...weak }
  if (phase === 'leave') {
    const mark = bob.mark()
    bob.chat('/uno leave')
    out.left = (await bob.waitMessage(/^You left the table/, PATIENCE_MS, mark)).text
    out.forfeit = (await bob.waitMessage(/^You left the game: your stake/, PATIENCE_MS, mark)).text
    // the own items back at once, less the stake (it stays in the pot)
    const back = () => same(counts(bob), out.paid.b) && bob.cards().length === 0
    await until('bob\'s own items back', back, 10000).catch(() => {})
    out.afterLeave = { items: counts(bob), cards: bob.cards().length }
    out.annStats = await playUntil(ann, closed(ann, from.ann), annPolicy, 150000)
  } else if (phase === 'kill') {
    let stop = false
    const twoMoves = s => (stop = stop || s.rightClickPlays + s.chatPlays + s.draws >= 2)
    const [sa] = await Promise.all([
      playUntil(ann, s => closed(ann, from.ann)() || twoMoves(s), annPolicy, 120000),
      playUntil(bob, () => stop || closed(bob, from.bob)(), bobPolicy, 120000)])
    out.movesBeforeKill = sa
    out.closedBeforeKill = closed(ann, from.ann)()
    await sleep(1500)       // the last move answered and saved: nothing moves until a human acts
    const mark = { ann: ann.mark(), bob: bob.mark() }
    writeWhole(stateFile, JSON.stringify({ cards: { a: ann.cards().length, b: bob.cards().length } }))
    await until('the go', () => fs.existsSync(goFile), 3 * PATIENCE_MS)
    out.paused = (await ann.waitMessage(/paused/, PATIENCE_MS, mark.ann)).text
    out.resumed = {
      a: (await ann.waitMessage(/continues/, PATIENCE_MS, mark.ann)).text,
      b: (await bob.waitMessage(/continues/, PATIENCE_MS, mark.bob)).text
    }
    await sleep(500)        // the resumed table's redraw
    const [a, b] = await Promise.all([
      playUntil(ann, closed(ann, from.ann), annPolicy, 150000),
      playUntil(bob, closed(bob, from.bob), bobPolicy, 150000)])
    out.annStats = a
    out.bobStats = b
  } else {
    const [a, b] = await Promise.all([
      playUntil(ann, closed(ann, from.ann), annPolicy, 150000),
      playUntil(bob, closed(bob, from.bob), bobPolicy, 150000)])
    out.annStats = a
    out.bobStats = b
  }
  out.playedMs = Date.now() - t0

  // ---- the end: who won, what each was told, what each holds once the settlement is paid
  out.winner = winnerSeen(ann, from.ann)
  out.winnerB = phase === 'leave' ? null : winnerSeen(bob, from.bob)
  const humanWon = out.winner === nameA || (out.winner === nameB && phase !== 'leave')
  const delta = money ? 100 : STAKE
  const d = { a: 0, b: 0 }
  if (humanWon) {
    d.a = out.winner === nameA ? delta : -delta
    d.b = -d.a
  }
  // a wait for what pytest expects (it asserts on its own); ended after a while, pytest shows the state
  if (money) {
    const want = { a: out.start.a + d.a, b: out.start.b + d.b }
    let got = null
    await until('the balances settled', async () => {
      got = { a: await balance(ann, nameA), b: await balance(ann, nameB) }
      return got.a === want.a && got.b === want.b ? got : (await sleep(300), null)
    }, 20000).catch(() => {})
    out.end = got
  } else {
    const want = { a: plus(out.start.a, 'diamond', d.a), b: plus(out.start.b, 'diamond', d.b) }
    await until('the items settled', () => same(counts(ann), want.a) && same(counts(bob), want.b) &&
      ann.cards().length === 0 && bob.cards().length === 0, 20000).catch(() => {})
    await sleep(500)       // nothing more arrives (a payment twice would show now)
    out.end = { a: counts(ann), b: counts(bob) }
  }
  out.cardsAfter = { a: ann.cards().length, b: bob.cards().length }
  const stakeLines = /^You paid|^You won the pot|^Your stake|^You left the game|^UNO: what a staked table/
  out.lines = { a: texts(ann, from.ann, stakeLines), b: texts(bob, from.bob, stakeLines) }
  out.roundLines = texts(ann, from.ann, /won the (round|match)|is closed/)
  out.totalMs = Date.now() - t0
  ann.bot.quit()
  bob.bot.quit()
  result(out)
})
