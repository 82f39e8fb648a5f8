// Issue 32: the web page of the tables, in a real headless Chromium (playwright-core driving
// Debian's /usr/bin/chromium), while a real client (mineflayer) plays at the dev server.
// argv: port webPort chromiumPath shotsDir (the screenshots: phone.png, table.png, ru.png, sk-top.png)
//   a player opens a table and plays; the page lists it and follows the game live (no reload);
//   the table's page tells its moves in words; the player leaves, the table closes, and the
//   page drops it within a second; a phone-sized page has no sideways scrolling; Russian by the
//   browser's language; a missing table is a 404 page.
'use strict'
const { chromium } = require('playwright-core')
const { Player, playUntil, main, result, sleep, until, PATIENCE_MS } = require('./lib')

main(async () => {
  const [port, webPort, chromiumPath, shots] = process.argv.slice(2)
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
