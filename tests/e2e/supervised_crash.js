// The supervised engine is killed (SIGKILL) mid-game while a bot is to move: the plugin starts
// it again and the same game goes on by itself, no player action needed; the player's cards and
// own items are intact.
// argv: port stateFile killedFile
//   writes stateFile after the deal ({before, myTurn}); pytest kills the engine and writes the
//   kill time (ms since the epoch) to killedFile; the player never acts after that but /uno leave
'use strict'
const fs = require('fs')
const { Player, main, result, sleep, tags, until, writeWhole, PATIENCE_MS } = require('./lib')

function contains (big, small) {   // multiset: every card of `small` is still in `big`
  const left = [...big]
  return small.every(c => { const i = left.indexOf(c); if (i < 0) return false; left.splice(i, 1); return true })
}

main(async () => {
  const [port, stateFile, killedFile] = process.argv.slice(2)
  const p = await Player.join('kim', Number(port))
  p.chat('/devgive emerald 4')
  const own = await until('the emeralds', () => { const o = p.ownItems(); return o.length ? o : null })
  let from = p.mark()
  p.chat('/uno start')
  await p.waitDealt(from)
  const before = tags(p)
  const myTurn = p.latestPrompt() !== null
  writeWhole(stateFile, JSON.stringify({ before, myTurn }))
  await until('the kill', () => fs.existsSync(killedFile))
  const killedAt = Number(fs.readFileSync(killedFile, 'utf8'))
  from = p.messages.findIndex(m => m.at >= killedAt - 50)
  if (from < 0) from = p.messages.length
  const paused = (await p.waitMessage(/paused/, PATIENCE_MS, from)).text
  const whilePaused = tags(p)
  // the game goes on: a bot moves (played / drew), with no action of ours
  const moved = await p.waitMessage(/^(?!kim )\S+ (played|drew) /, PATIENCE_MS, from)
  const resumedMsgs = p.messages.slice(from).filter(m => /back|continues/.test(m.text))
  const resumed = resumedMsgs.map(m => m.text)
  // the hand as it was, once the restarted engine has sent it again (kept: false if it never is)
  await until('the hand as before', () => contains(tags(p), before)).catch(() => {})
  const after = tags(p)
  from = p.mark()
  p.chat('/uno leave')
  await p.waitMessage(/items are back/, PATIENCE_MS, from)
  await sleep(300)
  result({ before, whilePaused, after, kept: contains(after, before), own, ownAfter: p.ownItems(),
           paused, resumed, moved: moved.text, movedAfterMs: moved.at - killedAt,
           resumedAfterMs: resumedMsgs.length ? resumedMsgs[0].at - killedAt : null,
           pausedAfterMs: p.messages.find(m => /paused/.test(m.text) && m.at >= killedAt - 50).at - killedAt })
  p.bot.quit()
})
