// The table in the world (issue 42): bob stands next to the table ann opens and is not seated. What
// his client is sent of display entities is tracked from the raw packets (spawn, metadata, destroy):
// the lobby's seats, then after the deal the top card's map on the pile (the map of ann's off-hand
// top card), each seat's count; how long after ann's client saw a new top card bob's did (the lag);
// after the table closes, none of ours is left. With a go file (argv[4]), ann waits at her turn for
// the test to kill the engine and start it again (`<go>.paused` written when bob has the table), and
// what bob is sent afterwards is counted: the table must be built again exactly once.
// With `--server-kill` instead, the dealt table is written to the state file and the script waits for the
// test to kill the Java server (table_rejoin.js looks at the table after the restart).
// argv: port stateFile [goFile | --server-kill]
'use strict'
const fs = require('fs')
const { Player, playUntil, main, result, sleep, until, writeWhole, OFFHAND } = require('./lib')

const DISPLAYS = new Set(['item_display', 'text_display', 'block_display'])

// The words of a text component as the client gets it (parsed NBT, or JSON): its "text" strings and
// those of its "extra" parts, in order; not its style (colours are strings too).
function strings (v, out = []) {
  if (typeof v === 'string') out.push(v)
  else if (Array.isArray(v)) v.forEach(x => strings(x, out))
  else if (v && typeof v === 'object') {
    if (v.type === 'string') out.push(v.value)
    else if ('type' in v && 'value' in v) strings(v.type === 'list' ? v.value.value : v.value, out)
    else for (const k of ['', 'text', 'extra']) if (k in v) strings(v[k], out)
  }
  return out
}

function mapIdOf (slot) {
  if (!slot) return null
  if (slot.componentMap) { const c = slot.componentMap.get('map_id'); return c ? c.data : null }   // a parsed item
  if (!slot.components) return null
  const c = slot.components.find(x => x.type === 'map_id')
  return c ? c.data : null
}

// The display entities a client is sent: id -> {type, x, y, z, text, mapId, block}; `spawned`: every spawn seen.
function watch (p) {
  const seen = { live: new Map(), spawned: 0, destroyed: 0, changes: [] }
  // what the client was sent before this (while it joined), as mineflayer keeps it
  for (const e of Object.values(p.bot.entities)) {
    if (!DISPLAYS.has(e.name)) continue
    const v = e.metadata ? e.metadata[23] : undefined
    seen.live.set(e.id, { type: e.name, x: e.position.x, y: e.position.y, z: e.position.z,
      text: e.name === 'text_display' && v != null ? strings(v).join('') : null,
      mapId: e.name === 'item_display' ? mapIdOf(v) : null })
    seen.spawned++
  }
  const c = p.bot._client
  c.on('spawn_entity', (pk) => {
    const type = p.bot.registry.entities[pk.type]?.name
    if (!DISPLAYS.has(type)) return
    seen.live.set(pk.entityId, { type, x: pk.x, y: pk.y, z: pk.z, text: null, mapId: null })
    seen.spawned++
  })
  c.on('entity_destroy', (pk) => {
    for (const id of pk.entityIds) if (seen.live.delete(id)) seen.destroyed++
  })
  c.on('entity_metadata', (pk) => {
    const e = seen.live.get(pk.entityId)
    if (!e) return
    for (const m of pk.metadata) {
      if (m.key !== 23) continue       // a display's item, text or block state
      if (e.type === 'item_display') { e.mapId = mapIdOf(m.value); seen.changes.push({ id: pk.entityId, mapId: e.mapId, at: Date.now() }) }
      if (e.type === 'text_display') e.text = strings(m.value).join('')
      if (e.type === 'block_display') e.block = m.value
    }
  })
  return seen
}

function texts (seen) { return [...seen.live.values()].filter(e => e.type === 'text_display').map(e => e.text || '') }

// The pile: the item display nearest the table's centre (where its block displays stand).
function pile (seen) {
  const all = [...seen.live.values()]
  const top = all.find(e => e.type === 'block_display')
  if (!top) return null
  const items = all.filter(e => e.type === 'item_display')
  items.sort((a, b) => Math.hypot(a.x - top.x, a.z - top.z) - Math.hypot(b.x - top.x, b.z - top.z))
  return items[0] || null
}

function offhandMap (p) { return mapIdOf(p.bot.inventory.slots[OFFHAND] ? { components: p.bot.inventory.slots[OFFHAND].components } : null) ?? offhandMapLegacy(p) }
function offhandMapLegacy (p) {
  const it = p.bot.inventory.slots[OFFHAND]
  if (!it || !it.componentMap) return null
  const c = it.componentMap.get('map_id')
  return c ? c.data : null
}

module.exports = { watch, texts, pile }

if (require.main === module) main(async () => {
  const [port, stateFile, goFile] = process.argv.slice(2)
  const ann = await Player.join('ann', Number(port))
  const bob = await Player.join('bob', Number(port))
  const seen = watch(bob)
  const from = ann.mark()
  ann.chat('/uno start')
  await until('bob sees the lobby', () => texts(seen).some(t => t.includes('ann')) && texts(seen).some(t => t.includes('/uno join')))
  const lobby = { entities: seen.live.size, texts: texts(seen) }
  await ann.waitDealt(from)
  await until('ann\'s turn', () => ann.latestPrompt())
  await until('bob sees the dealt table', () => pile(seen) && pile(seen).mapId != null && offhandMap(ann) != null && pile(seen).mapId === offhandMap(ann))
  const dealt = { entities: seen.live.size, spawned: seen.spawned, texts: texts(seen), annCards: ann.cards().length, pileMap: pile(seen).mapId, topMap: offhandMap(ann) }

  if (goFile === '--server-kill') {     // the test kills the Java server now: written, then wait for the end
    const ended = new Promise(resolve => bob.bot.once('end', resolve))
    writeWhole(stateFile, JSON.stringify(dealt))
    await ended
    result({ dealt })
    return
  }
  let restart = null
  if (goFile) {      // the engine is killed and started again while bob watches
    const before = { entities: seen.live.size, spawned: seen.spawned, destroyed: seen.destroyed }
    writeWhole(goFile + '.paused', JSON.stringify(before))
    while (!fs.existsSync(goFile)) await sleep(50)
    await ann.waitMessage(/continues where it stopped/, 120000)
    await sleep(1500)        // everything the resumed engine sends the table
    restart = { before, after: { entities: seen.live.size, spawned: seen.spawned, destroyed: seen.destroyed, texts: texts(seen) } }
  }

  // each new top card ann sees: when bob's pile showed the same map
  const lags = []
  let lastTop = offhandMap(ann)
  let topAt = Date.now()
  let pending = null
  const sampler = setInterval(() => {
    const now = offhandMap(ann)
    if (now !== lastTop && now != null) { lastTop = now; topAt = Date.now(); pending = now }
    const p = pile(seen)
    if (pending != null && p && p.mapId === pending) {
      const change = seen.changes.filter(c => c.mapId === pending).pop()
      lags.push((change ? change.at : Date.now()) - topAt)
      pending = null
    }
  }, 5)
  await playUntil(ann, () => lags.length >= 6 || ann.messages.some(m => /won the round/.test(m.text)), { callUno: 'button' }, 240000)
  clearInterval(sampler)
  // at a turn of hers, her seat's label says her count
  await until('ann\'s turn again', () => ann.latestPrompt() && Date.now() - ann.lastMessageAt > 300, 60000).catch(() => {})
  const counted = { annCards: ann.cards().length, texts: texts(seen) }

  ann.chat('/uno leave')
  await until('bob sees no table', () => seen.live.size === 0, 30000).catch(() => {})
  const closed = { entities: seen.live.size, spawned: seen.spawned, destroyed: seen.destroyed }
  await sleep(200)
  ann.bot.quit()
  bob.bot.quit()
  result({ lobby, dealt, restart, lags, counted, closed })
})
