// A new player's first minutes in their client's language: `/uno` alone, `/uno start`, the deal
// with its first-game hint, `/uno help`, and one card played by clicking it in chat.
// argv: port name locale
'use strict'
const { Player, main, result, sleep, until, PATIENCE_MS } = require('./lib')

main(async () => {
  const [port, name, locale] = process.argv.slice(2)
  const p = await Player.join(name, Number(port), PATIENCE_MS, locale)
  await sleep(500)                          // the client settings (its locale) reach the server first
  const texts = (from) => p.messages.slice(from).map(m => m.text)

  let from = p.mark()
  p.chat('/uno')
  await until('the quick start', () => p.messages.length - from >= 4)
  await sleep(300)
  const quick = p.messages.slice(from).map(m => ({ text: m.text, commands: m.commands }))

  from = p.mark()
  p.chat('/uno start')
  await until('the dealt cards', () => p.cards().length >= 7)
  const dealt = from
  // her turn: a prompt with a card to click (a wild start card may ask for a colour first)
  const chosen = new Set()                 // each colour prompt answered once (a second click is stale)
  const prompt = await until(`${name}'s turn`, () => {
    const pr = p.latestPrompt()
    const colour = pr && pr.commands.find(c => /^\/uno colour /.test(c))
    if (colour) { if (!chosen.has(colour)) { chosen.add(colour); p.chat(colour) } return null }
    return pr && pr.commands.some(c => /^\/uno (play|draw) /.test(c)) ? pr : null
  })
  const atDeal = texts(dealt)

  from = p.mark()
  p.chat('/uno help')
  await until('the help', () => p.messages.length - from >= 6)
  await sleep(300)
  const help = texts(from)

  const plays = prompt.commands.filter(c => /^\/uno play /.test(c))
  const pick = plays.find(c => !/^\/uno play W/.test(c)) || plays[0] || null
  let played = null
  from = p.mark()
  const held = p.cards().length           // not always 7: a start card or a bot's draw card may have added some
  if (pick) {
    p.chat(pick)
    const code = pick.split(' ')[2]
    if (/^W/.test(code)) {                // a wild: its colour buttons, then the play
      const colours = await until('the colour buttons', () => {
        const m = p.messages.slice(from).find(x => x.commands.some(c => /^\/uno play W\S* \S+ #t/.test(c)))
        return m ? m.commands.filter(c => /^\/uno play W/.test(c)) : null
      })
      p.chat(colours[0])
    }
    played = code
    await until('her own play line', () => p.messages.length > from && p.cards().length < held)
    await sleep(500)
  }
  const afterPlay = texts(from)
  p.bot.quit()
  result({ quick, atDeal, help, played, afterPlay })
})
