// A mineflayer player for the unocraft end-to-end tests: joins the dev server, reads chat
// components (with their click commands), card items (name, map id, engine tag), map pixels,
// and plays UNO by right-clicking cards, clicking chat buttons and clicking cards in the
// inventory. Every script prints one JSON result line prefixed with "RESULT " for pytest.
'use strict'
const fs = require('fs')
const mineflayer = require('mineflayer')

const VERSION = '1.21.11'
const HOTBAR = 36            // mineflayer window slot of hotbar slot 0
const OFFHAND = 45

function sleep (ms) { return new Promise(resolve => setTimeout(resolve, ms)) }

// How long a wait for something that must happen may take before the test calls it a failure.
// A condition, not a speed: a passing test never waits this long (every wait ends as soon as its
// condition holds), but a CI machine under load (15-20 on 2 cores) can take seconds for what
// takes milliseconds here. Speed is measured in benchmarks/.
// how long a wait may take before it fails (UNOCRAFT_E2E_PATIENCE_MS: longer where the engine starts slowly, GraalPy)
const PATIENCE_MS = Number(process.env.UNOCRAFT_E2E_PATIENCE_MS || 60000)

// Polls `fn` until it returns something truthy; fails after `timeoutMs` naming `what`
// (and `detail()`, when given, to show the state the wait ended in).
async function until (what, fn, timeoutMs = PATIENCE_MS, detail = null) {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    const v = await fn()     // fn may be async (a browser page asked)
    if (v) return v
    await sleep(25)
  }
  throw new Error(`timed out waiting for ${what}` + (detail ? '; ' + detail() : ''))
}

// `/uno rules` and its answer: the engine has handled everything this player sent before, and
// every op of the earlier batches has reached this client (one applier thread, in order).
async function sync (p) {
  const from = p.mark()
  p.chat('/uno rules')
  return (await p.waitMessage(/^Rules at table/, PATIENCE_MS, from)).text
}

// Waits for `p`'s latest chat prompt to offer a command matching `re`; returns the prompt.
function promptWith (p, re, timeoutMs = PATIENCE_MS) {
  return until(`${p.name}'s prompt with ${re}`, () => {
    const pr = p.latestPrompt()
    return pr && pr.commands.some(c => re.test(c)) ? pr : null
  }, timeoutMs)
}

// The engine tags of a player's card items, sorted.
function tags (p) { return p.cards().map(c => c.tag.slice(5)).sort() }

// ann opens a table with `/uno start <args>`, bob joins, and both wait for their dealt cards.
// Returns both players and the "has started" line ann saw.
async function twoAtATable (port, args = '') {
  const ann = await Player.join('ann', port)
  const bob = await Player.join('bob', port)
  ann.chat(('/uno start ' + args).trim())
  await ann.waitMessage(/opened UNO table/)
  bob.chat('/uno join')
  const started = (await ann.waitMessage(/has started/)).text
  await ann.waitDealt()
  await bob.waitDealt()
  return { ann, bob, started }
}

function log (...args) { if (process.env.E2E_VERBOSE) console.error(...args) }

// Every click command in a chat component (any wire form: clickEvent/click_event, value/command).
function clickCommands (node, out = []) {
  if (Array.isArray(node)) { node.forEach(n => clickCommands(n, out)); return out }
  if (!node || typeof node !== 'object') return out
  for (const [k, v] of Object.entries(node)) {
    if (/^click_?event$/i.test(k) && v && typeof v === 'object') {
      const cmd = v.command ?? v.value
      if (typeof cmd === 'string') out.push(cmd)
    } else if (typeof v === 'object') {
      clickCommands(v, out)
    }
  }
  return out
}

// Plain text of an NBT-ish or JSON text component.
function plain (node) {
  if (node == null) return ''
  if (typeof node === 'string') return node
  if (Array.isArray(node)) return node.map(plain).join('')
  if (node.type && node.value !== undefined && typeof node.type === 'string') {
    // prismarine-nbt form {type, value}
    if (node.type === 'compound') return plain(Object.fromEntries(Object.entries(node.value).map(([k, v]) => [k, v])))
    if (node.type === 'list') return plain(node.value.value)
    return typeof node.value === 'string' ? node.value : ''
  }
  let s = ''
  if (typeof node.text === 'string') s += node.text
  else if (node.text && typeof node.text === 'object') s += plain(node.text)
  if (node.extra) s += plain(node.extra)
  return s
}

// A sound registry id (as the packet carries it, 0-based) as its name ("block.note_block.pling").
function soundName (bot, id) {
  if (id == null) return null
  const sounds = bot.registry.soundsArray || []
  const oneBased = sounds.length && Math.min(...sounds.map(s => s.id)) === 1
  const hit = sounds.find(s => s.id === (oneBased ? id + 1 : id))
  return hit ? hit.name : null
}

function component (item, type) {
  return (item.components || []).find(c => c.type === type)
}

function engineTag (item) {
  const cd = component(item, 'custom_data')
  if (!cd) return null
  const walk = (n) => {
    if (!n || typeof n !== 'object') return null
    if (n.unocraft) return n.unocraft.value ?? n.unocraft
    for (const v of Object.values(n)) { const r = walk(v); if (r) return r }
    return null
  }
  return walk(cd.data)
}

class Player {
  constructor (name, port, locale = 'en_us') {
    this.name = name
    this.port = port
    this.locale = locale     // the client's language setting, as Minecraft sends it
    this.messages = []       // {text, json, commands, at}
    this.maps = {}           // map id -> Buffer
    this.sounds = []         // {name | id, volume, pitch, at}: sound packets the client received
    this.lastMessageAt = 0
  }

  static async join (name, port, timeoutMs = PATIENCE_MS, locale = 'en_us') {
    const p = new Player(name, port, locale)
    await p.connect(timeoutMs)
    return p
  }

  connect (timeoutMs = PATIENCE_MS) {
    return new Promise((resolve, reject) => {
      const bot = mineflayer.createBot({
        host: '127.0.0.1', port: this.port, username: this.name, version: VERSION, auth: 'offline',
        hideErrors: true, physicsEnabled: false
      })
      // sent in the client settings packet at login (the settings plugin is there once plugins load)
      bot.once('inject_allowed', () => { bot.settings.locale = this.locale })
      this.bot = bot
      const timer = setTimeout(() => reject(new Error(`${this.name}: no spawn within ${timeoutMs} ms`)), timeoutMs)
      bot._client.on('map', p => {
        const id = p.itemDamage ?? p.mapId
        if (p.data && p.columns === 128) this.maps[id] = Buffer.from(p.data)
      })
      // sound packets, read raw: mineflayer's 'soundEffectHeard' names a registry sound with
      // bot.registry.sounds[id], but minecraft-data numbers the 1.21.x sounds from 1 while the
      // protocol's registry ids start at 0 (block.note_block.pling arrives as "block.note_block.hat")
      bot._client.on('sound_effect', (p) => {
        const s = p.sound || {}
        const name = s.data ? s.data.soundName : soundName(bot, s.soundId)
        this.sounds.push({ name: name ?? null, id: s.soundId, volume: p.volume, pitch: p.pitch, at: Date.now() })
      })
      bot.on('message', (msg) => {
        const json = msg.json
        const entry = { text: msg.toString(), json, commands: clickCommands(json), at: Date.now() }
        this.messages.push(entry)
        this.lastMessageAt = entry.at
        log(`[${this.name}] ${entry.text} ${entry.commands.length ? JSON.stringify(entry.commands) : ''} (${this.cards().length} cards)`)
      })
      bot.once('spawn', () => { clearTimeout(timer); setTimeout(resolve, 300) })
      bot.on('kicked', r => log(`[${this.name}] kicked`, r))
      bot.on('error', e => log(`[${this.name}] error`, e.message))
    })
  }

  chat (text) { this.bot.chat(text) }

  mark () { return this.messages.length }

  // The sounds heard between `from` and `to` (ms) as "name volume pitch" lines.
  heard (from = 0, to = Infinity) {
    return this.sounds.filter(s => s.at >= from && s.at <= to)
      .map(s => `${s.name ?? '#' + s.id} ${s.volume} ${Math.round(s.pitch * 100) / 100}`)
  }

  // The sounds heard since `at` (ms), after waiting up to `timeoutMs` for one matching `re`.
  async soundsSince (at, re = /./, timeoutMs = PATIENCE_MS) {
    const end = Date.now() + timeoutMs
    while (Date.now() < end && !this.heard(at).some(n => re.test(n))) await sleep(25)
    return this.heard(at)
  }

  // Waits for a message (after index `from`) whose text matches `re`.
  async waitMessage (re, timeoutMs = PATIENCE_MS, from = 0) {
    const end = Date.now() + timeoutMs
    while (Date.now() < end) {
      const m = this.messages.slice(from).find(x => re.test(x.text))
      if (m) return m
      await sleep(25)
    }
    throw new Error(`${this.name}: no message matching ${re} within ${timeoutMs} ms; last: ` +
      JSON.stringify(this.messages.slice(-5).map(m => m.text)))
  }

  // After "has started": waits until the dealt cards have all arrived (one slot packet per card).
  async waitDealt (from = 0, timeoutMs = PATIENCE_MS) {
    await this.waitMessage(/has started/, timeoutMs, from)
    let last = -1
    let stableSince = Date.now()
    const end = Date.now() + timeoutMs
    while (Date.now() < end) {
      const n = this.cards().length
      if (n !== last) { last = n; stableSince = Date.now() }
      if (n > 0 && Date.now() - stableSince > 400) return n
      await sleep(25)
    }
    throw new Error(`${this.name}: no cards after the deal`)
  }

  // Engine card items: [{slot, name, mapId, tag}], slot in mineflayer window numbering.
  cards () {
    const out = []
    this.bot.inventory.slots.forEach((item, slot) => {
      if (!item) return
      const tag = engineTag(item)
      if (!tag || !String(tag).startsWith('card:')) return
      const mid = component(item, 'map_id')
      out.push({ slot, name: plain(item.customName ?? component(item, 'custom_name')?.data), mapId: mid ? mid.data : null, tag: String(tag) })
    })
    return out
  }

  topCard () {
    const item = this.bot.inventory.slots[OFFHAND]
    return item ? { name: plain(item.customName), tag: engineTag(item) } : null
  }

  // Own items that are not the engine's: [{slot, name, count}] sorted by slot.
  ownItems () {
    const out = []
    this.bot.inventory.slots.forEach((item, slot) => {
      if (item && !engineTag(item)) out.push({ slot, name: item.name, count: item.count })
    })
    return out
  }

  async rightClickCard (code) {
    const card = this.cards().find(c => c.tag === 'card:' + code && c.slot >= HOTBAR && c.slot < HOTBAR + 9)
    if (!card) return false
    this.bot.setQuickBarSlot(card.slot - HOTBAR)
    await sleep(60)
    this.bot.activateItem()
    return true
  }

  async clickCardInInventory () {
    const card = this.cards()[0]
    if (!card) return false
    await this.bot.clickWindow(card.slot, 0, 0).catch(() => {})
    return true
  }

  // The latest turn prompt: the commands of the last lines carrying the newest token.
  latestPrompt () {
    let token = null
    let last = -1
    const lines = []
    for (let i = this.messages.length - 1; i >= 0 && lines.length < 12; i--) {
      const m = this.messages[i]
      const toks = m.commands.map(c => (c.match(/#t(\d+)$/) || [])[1]).filter(Boolean)
      if (!toks.length) continue
      const t = toks[toks.length - 1]
      if (token === null) { token = t; last = i }
      if (t !== token) break
      lines.unshift(m)
    }
    return token === null ? null : { token, last, lines, commands: lines.flatMap(l => l.commands) }
  }
}

// Plays one client's side of a game: acts on every new turn prompt. `policy` may override:
//   callUno: 'click' (inventory click on a card), 'button' ([UNO!]), or 'never'
//   drawWhenAtMost: draw instead of playing with this many cards or fewer (a weak player)
//   catchOthers: click [Catch X] buttons
//   preferChat: every play by its chat button; chatFirst: only the first one
async function playUntil (p, done, policy = {}, timeoutMs = 120000) {
  const stats = { rightClickPlays: 0, chatPlays: 0, chatClicks: 0, unoClicks: 0, unoButtons: 0, catches: 0, draws: 0 }
  let handled = null
  let unoFor = null
  const end = Date.now() + timeoutMs
  while (!done(stats)) {
    if (Date.now() > end) throw new Error(`${p.name}: game did not finish in time; stats ${JSON.stringify(stats)}; last ` + JSON.stringify(p.messages.slice(-6).map(m => m.text)))
    await sleep(40)
    if (Date.now() - p.lastMessageAt < 120) continue
    const prompt = p.latestPrompt()
    if (!prompt || prompt.last === handled) continue
    handled = prompt.last     // a new prompt line (a new token, or a colour choice under the same one)
    const cmds = prompt.commands
    const catchCmd = cmds.find(c => /^\/uno catch /.test(c))
    if (catchCmd && policy.catchOthers) { p.chat(catchCmd); stats.catches++; stats.chatClicks++; continue }
    const colourCmd = cmds.find(c => /^\/uno (play \S+ |colour )(red|yellow|green|blue)\b/.test(c))
    if (colourCmd) { p.chat(colourCmd); stats.chatClicks++; continue }
    const plays = cmds.filter(c => /^\/uno play \S+ #t/.test(c))
    const drawCmd = cmds.find(c => /^\/uno draw /.test(c))
    const passCmd = cmds.find(c => /^\/uno pass /.test(c))
    const unoCmd = cmds.find(c => /^\/uno uno /.test(c))
    const nCards = p.cards().length
    const key = `${prompt.token}`
    const epoch = stats.rightClickPlays + stats.chatPlays + stats.draws   // one UNO call per own move
    if (nCards === 2 && plays.length && unoFor !== epoch && policy.callUno !== 'never') {
      unoFor = epoch
      if (policy.callUno === 'button' && unoCmd) { p.chat(unoCmd); stats.unoButtons++; stats.chatClicks++; continue }
      if (policy.callUno !== 'button') {
        await p.clickCardInInventory(); stats.unoClicks++; continue
      }
    }
    if (plays.length && !(policy.drawWhenAtMost && nCards <= policy.drawWhenAtMost && drawCmd)) {
      const code = plays[0].split(' ')[2]
      const byChat = policy.preferChat || (policy.chatFirst && stats.chatPlays === 0)
      if (byChat || !(await p.rightClickCard(code))) { p.chat(plays[0]); stats.chatPlays++; stats.chatClicks++ } else stats.rightClickPlays++
      continue
    }
    if (drawCmd) { p.chat(drawCmd); stats.draws++; stats.chatClicks++; continue }
    if (passCmd) { p.chat(passCmd); stats.chatClicks++; continue }
    void key
  }
  return stats
}

// Writes a file another process waits for, whole or not at all: written beside it and renamed
// into place, so that the reader never sees it created but still empty or half-written.
function writeWhole (path, text) {
  fs.writeFileSync(path + '.part', text)
  fs.renameSync(path + '.part', path)
}

function result (obj) { process.stdout.write('RESULT ' + JSON.stringify(obj) + '\n') }

async function main (fn) {
  try {
    await fn()
    setTimeout(() => process.exit(0), 200)
  } catch (e) {
    console.error(e.stack || String(e))
    process.exit(1)
  }
}

// The placeholders (issue 24) through the dev server's /unoplaceholder <name>, which answers from the
// cache PlaceholderAPI's expansion reads: every name asked once; the answers, name -> value (the line: %unocraft_<name>% = "<value>")
async function askPlaceholders (p, names) {
  const from = p.mark()
  for (const n of names) p.chat(`/unoplaceholder ${n}`)
  await until('the placeholders answered', () => p.messages.slice(from).filter(m => /^%unocraft_/.test(m.text)).length >= names.length)
  const out = {}
  for (const m of p.messages.slice(from)) {
    const g = /^%unocraft_(\S+)% = "(.*)"$/.exec(m.text)
    if (g) out[g[1]] = g[2]
  }
  return out
}

// asks until `ok(answers)`: the engine's push follows the change by a moment
async function askPlaceholdersUntil (p, names, what, ok, timeoutMs = PATIENCE_MS) {
  const end = Date.now() + timeoutMs
  let last = null
  while (Date.now() < end) {
    last = await askPlaceholders(p, names)
    if (ok(last)) return last
    await sleep(300)
  }
  throw new Error(`${what}: ${JSON.stringify(last)}`)
}

module.exports = { askPlaceholders, askPlaceholdersUntil, Player, playUntil, result, main, sleep, until, PATIENCE_MS, writeWhole, promptWith, sync, tags, twoAtATable, clickCommands, plain, HOTBAR, OFFHAND }
