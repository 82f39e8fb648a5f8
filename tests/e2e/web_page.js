// Issue 32: the web page of the tables, in a real headless Chromium (playwright-core driving
// Debian's /usr/bin/chromium), while a real client (mineflayer) plays at the dev server.
// argv: port webPort chromiumPath shotsDir readyFile killedFile
//   (the screenshots: phone.png, table.png, round.png, top.png, restarted.png, ru.png, sk-top.png)
//   a player opens a table and plays; the page lists it and follows the game live (no reload);
//   the table's page tells its moves in words; the player leaves, the table closes, and the
//   page drops it within a second and says no table is open;
//   two players play a single-round table to its end: its row is inserted into the list, its
//   page shows the round's result, and /top lists the winner's win;
//   the engine is killed (the test, on readyFile; it writes killedFile) while the list is open:
//   the page says it is reconnecting, then is live again, lists the resumed table and a table
//   opened after the restart, without a reload;
//   a phone-sized page has no sideways scrolling; Russian by the browser's language; a missing
//   table is a 404 page.
'use strict'
const fs = require('fs')
const { chromium } = require('playwright-core')
const { Player, playUntil, main, result, sleep, until, twoAtATable, writeWhole, PATIENCE_MS } = require('./lib')

main(async () => {
  const [port, webPort, chromiumPath, shots, readyFile, killedFile] = process.argv.slice(2)
  const web = `http://127.0.0.1:${webPort}`
  const p = await Player.join('wen', Number(port))
  let from = p.mark()
  p.chat('/uno start')
  await p.waitDealt(from)
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync']
  })
  const out = {}
  try {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' })
    const index = await phone.newPage()
    await index.goto(web + '/')
    await index.waitForSelector('li.table', { timeout: PATIENCE_MS })
    out.indexText = await index.locator('#live').innerText()
    out.tableId = await index.locator('li.table').first().getAttribute('data-table')
    out.topCardLoaded = await index.locator('li.table img.card').first().evaluate(img => img.complete && img.naturalWidth > 0)
    out.sideways = await index.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    await index.evaluate(() => { window.notReloaded = true })
    const table = await phone.newPage()
    await table.goto(`${web}/table/${out.tableId}`)
    const before = await index.locator('#live').innerText()
    // play a few moves: the page follows without a reload
    await playUntil(p, s => s.rightClickPlays + s.chatPlays + s.draws >= 2, { preferChat: true }, 120000)
    const changedAt = Date.now()
    await until('the index page changed', async () => (await index.locator('#live').innerText()) !== before)
    out.liveAfterMs = Date.now() - changedAt
    out.stillSamePage = await index.evaluate(() => window.notReloaded === true)
    await until('moves in words', async () => /played|drew/.test(await table.locator('#live').innerText()))
    out.tableText = await table.locator('#live').innerText()
    await index.screenshot({ path: `${shots}/phone.png`, fullPage: true })
    await table.screenshot({ path: `${shots}/table.png`, fullPage: true })
    // the player leaves: bots alone, the table closes and leaves the list
    from = p.mark()
    p.chat('/uno leave')
    await p.waitMessage(/items are back/, PATIENCE_MS, from)
    const leftAt = Date.now()
    await until('the table gone from the list', async () => (await index.locator('li.table').count()) === 0, 10000)
    out.goneAfterMs = Date.now() - leftAt
    await until('the table page says it ended', async () => /has ended/.test(await table.locator('#live').innerText()), 10000)
    out.tableEnded = await table.locator('#live').innerText()
    out.emptyShown = await index.locator('#live .empty').isVisible()
    out.emptyText = await index.locator('#live .empty').innerText()

    // two players play a single-round table to its end (no bot: the winner is on /top)
    const { ann, bob } = await twoAtATable(Number(port))
    await until('the new table inserted into the list', async () => (await index.locator('li.table').count()) === 1)
    out.emptyHiddenAgain = !(await index.locator('#live .empty').isVisible())
    const roundId = await index.locator('li.table').first().getAttribute('data-table')
    await table.goto(`${web}/table/${roundId}`)
    const over = () => [ann, bob].some(x => x.messages.some(m => /won the round/.test(m.text)))
    await Promise.all([ann, bob].map(x => playUntil(x, over, { callUno: 'button' }, 300000)))
    await until('the round\'s result on the table page', async () => (await table.locator('#live .result').count()) > 0, 10000)
    out.roundResult = await table.locator('#live .result').first().innerText()
    await table.screenshot({ path: `${shots}/round.png`, fullPage: true })
    out.roundPageText = await table.locator('#live').innerText()
    await until('the finished table gone from the list', async () => (await index.locator('li.table').count()) === 0, 10000)
    out.stillSamePageAfterRound = await index.evaluate(() => window.notReloaded === true)
    const winner = (/^(\S+) won the round/.exec(out.roundResult) || [])[1]
    const english = await browser.newContext({ locale: 'en-US' })
    const leaders = await english.newPage()
    await until('the winner on /top', async () => {       // the statistics thread writes after the match
      await leaders.goto(web + '/top')
      out.topWins = await leaders.locator('#wins').innerText()
      if (out.topWins.includes(`1. ${winner}: 1 win`)) return true
      await sleep(500)
    }, PATIENCE_MS, () => out.topWins)
    await leaders.screenshot({ path: `${shots}/top.png`, fullPage: true })
    out.winner = winner

    // the engine restarts under an open page: it reconnects and goes on updating
    from = p.mark()
    p.chat('/uno start')
    await p.waitDealt(from)
    await until('wen\'s new table listed', async () => (await index.locator('li.table').count()) === 1)
    out.resumedId = await index.locator('li.table').first().getAttribute('data-table')
    await index.evaluate(() => {
      const status = document.querySelector('.status')
      window.statuses = []
      new MutationObserver(() => window.statuses.push(status.textContent))
        .observe(status, { childList: true, characterData: true, subtree: true })
    })
    writeWhole(readyFile, String(Date.now()))
    await until('the engine killed', () => fs.existsSync(killedFile), 120000)
    const killedAt = Number(fs.readFileSync(killedFile, 'utf8'))
    await until('the page saying it is reconnecting', async () => (await index.evaluate(() => window.statuses)).includes('Reconnecting…'), 30000)
    out.reconnectingAfterMs = Date.now() - killedAt
    await until('the page live again', async () => {
      const seen = await index.evaluate(() => window.statuses)
      return seen.lastIndexOf('Live') > seen.indexOf('Reconnecting…')
    }, 120000)
    out.liveAgainAfterMs = Date.now() - killedAt
    await until('the resumed table listed again', async () => (await index.locator(`#table-${out.resumedId}`).count()) === 1, 60000)
    from = ann.mark()
    ann.chat('/uno start')
    await ann.waitMessage(/opened UNO table/, PATIENCE_MS, from)
    const openedAt = Date.now()
    await until('a table opened after the restart listed', async () => (await index.locator('li.table').count()) === 2, 10000)
    out.newRowAfterMs = Date.now() - openedAt
    out.rowsAfterRestart = await index.locator('li.table').evaluateAll(rows => rows.map(r => r.dataset.table))
    out.statuses = await index.evaluate(() => window.statuses.filter((s, i, all) => s !== all[i - 1]))
    out.stillSamePageAfterRestart = await index.evaluate(() => window.notReloaded === true)
    await index.screenshot({ path: `${shots}/restarted.png`, fullPage: true })
    for (const x of [ann, bob]) x.bot.quit()
    const missing = await table.goto(`${web}/table/t999`)
    out.missingStatus = missing.status()
    out.missingText = await table.locator('main').innerText()
    const russian = await browser.newContext({ locale: 'ru-RU' })
    const ru = await russian.newPage()
    await ru.goto(web + '/')
    out.russianHeading = await ru.locator('h1').innerText()
    await ru.screenshot({ path: `${shots}/ru.png`, fullPage: true })
    const top = await ru.goto(web + '/top')
    out.topStatus = top.status()
    out.topHeading = await ru.locator('h1').innerText()
    const slovak = await browser.newContext({ locale: 'sk-SK' })
    const sk = await slovak.newPage()
    await sk.goto(web + '/top')
    out.slovakTopHeading = await sk.locator('h1').innerText()
    await sk.screenshot({ path: `${shots}/sk-top.png`, fullPage: true })
  } finally {
    await browser.close()
  }
  result(out)
  p.bot.quit()
  await sleep(200)
})
